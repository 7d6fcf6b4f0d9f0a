import { isReservedKey } from '@the-house/games/engine/safeKey.ts';

/** What `!fork` asks: a closed match played on at this table from the end of its phase N, with some seats played by others. */
export interface ForkArgs {
  /** The match to fork (its id or first characters); absent: the last match closed at this table. */
  match?: string;
  phase: number;
  /** Seat id to who plays it from the fork on: `me`, `bot:<strategy>`, an entrant, or the seat's own agent. */
  seats: Array<{ seat: string; who: string }>;
  seed?: number;
}

export const FORK_USAGE = 'usage: `!fork MATCH --phase N [--seat SEAT=WHO ...] [--seed N]` (WHO: `me`, `bot:STRATEGY` or an entrant; other seats play on as they played)';

/** More swaps than any game has seats is a mistake, not a fork. */
const MAX_SWAPS = 32;
/** A phase count no match reaches: Gold mining's 200 rounds of several phases is the longest. */
const MAX_PHASE = 100_000;

const bad = (error: string) => ({ ok: false as const, error: `${error}; ${FORK_USAGE}` });

/** `!fork`'s words: pure, never a throw, a refusal in one line with the usage. */
export function parseFork(args: readonly string[]): { ok: true; fork: ForkArgs } | { ok: false; error: string } {
  const rest = [...args];
  const fork: ForkArgs = { phase: 0, seats: [] };
  let phase: number | undefined;
  while (rest.length) {
    const token = rest.shift()!;
    if (!token.startsWith('--')) {
      if (fork.match !== undefined) return bad(`unexpected '${token.slice(0, 40)}'`);
      fork.match = token;
      continue;
    }
    const eq = token.indexOf('=');
    const [flag, value] = eq > 0 ? [token.slice(0, eq), token.slice(eq + 1)] : [token, rest.shift()];
    if (flag === '--phase') {
      if (value === undefined || !/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > MAX_PHASE) return bad(`--phase needs the number of phases to keep, a whole number from 1, got ${value === undefined ? 'nothing' : `'${value.slice(0, 40)}'`}`);
      phase = Number(value);
    } else if (flag === '--seed') {
      if (value === undefined || !/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647) return bad(`--seed needs a whole number from 0 to 2147483647, got ${value === undefined ? 'nothing' : `'${value.slice(0, 40)}'`}`);
      fork.seed = Number(value);
    } else if (flag === '--seat') {
      const at = value?.indexOf('=') ?? -1;
      const seat = value && at > 0 ? value.slice(0, at).replace(/^@/, '') : '';
      const who = value && at > 0 ? value.slice(at + 1).trim() : '';
      if (!seat || !who || isReservedKey(seat)) return bad(`--seat needs SEAT=WHO, got ${value === undefined ? 'nothing' : `'${value.slice(0, 40)}'`}`);
      if (fork.seats.some((s) => s.seat.toLowerCase() === seat.toLowerCase())) return bad(`--seat ${seat.slice(0, 40)} is given twice`);
      if (fork.seats.length >= MAX_SWAPS) return bad(`at most ${MAX_SWAPS} seats may be swapped`);
      fork.seats.push({ seat, who });
    } else return bad(`unknown '${flag.slice(0, 30)}'`);
  }
  if (phase === undefined) return bad('which phase? `--phase N` keeps the match as it stood after its Nth phase');
  return { ok: true, fork: { ...fork, phase } };
}
