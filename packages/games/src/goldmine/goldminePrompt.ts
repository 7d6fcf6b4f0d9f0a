import type { GoldmineView, RoundPublic } from './goldmineTypes.ts';
import { plotRanges } from './legalMoves.ts';

/** Seat letter used on the map: A, B, ... (20 players at most). */
export const seatLetter = (seat: number): string => String.fromCharCode(65 + seat);

/** The map as one line per row: `r3 AAB..C.DDE` (`.` unowned), plot id = row x size + column. */
export function encodeMap(owner: readonly number[], size: number): string {
  return grid(size, (p) => (owner[p]! < 0 ? '.' : seatLetter(owner[p]!)));
}

/** One character per plot, as map rows (`r3 ...`). */
function grid(size: number, cell: (plot: number) => string): string {
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    let line = '';
    for (let c = 0; c < size; c++) line += cell(r * size + c);
    rows.push(`r${r} ${line}`);
  }
  return rows.join('\n');
}

/**
 * Last round's public events per plot, one character each: X taken by a raid,
 * b raid blocked by defense, t raid blocked by truce, d defended (not raided),
 * c contested claim, n uncontested claim, . nothing.
 */
export function encodeEvents(pub: RoundPublic, size: number): string {
  const code = new Array<string>(size * size).fill('.');
  for (const p of pub.defended) code[p] = 'd';
  for (const c of pub.claims) code[c.plot] = c.by.length > 1 ? 'c' : 'n';
  for (const r of pub.raids) code[r.plot] = r.winner >= 0 ? 'X' : r.truce ? 't' : 'b';
  return grid(size, (p) => code[p]!);
}

/** Per-plot counts as one character: . for 0, 1-9, + for 10 or more. */
function countGrid(counts: readonly number[], size: number): string {
  return grid(size, (p) => {
    const n = counts[p] ?? 0;
    return n === 0 ? '.' : n > 9 ? '+' : String(n);
  });
}

function historySummary(view: GoldmineView): string[] {
  const plots = view.size * view.size;
  let raids = 0;
  let defended = 0;
  let rounds: number;
  let captures: number[];
  if (view.history === 'full' && view.totals) {
    rounds = view.totals.rounds;
    captures = view.totals.captures;
    raids = view.totals.raids.reduce((a, b) => a + b, 0);
    defended = view.totals.defended.reduce((a, b) => a + b, 0);
  } else {
    rounds = view.recent.length;
    captures = new Array<number>(plots).fill(0);
    for (const pub of view.recent) {
      for (const r of pub.raids) {
        raids += r.by.length;
        if (r.winner >= 0) captures[r.plot]! += 1;
      }
      defended += pub.defended.length;
    }
  }
  if (rounds === 0) return [];
  const taken = captures.reduce((a, b) => a + b, 0);
  const head = `${view.history === 'full' ? 'Whole match so far' : `Last ${rounds} rounds`} (${rounds} rounds): ${raids} raids, ${taken} plots taken by raids, ${defended} plot-defenses.`;
  return taken ? [head, 'Times each plot was taken by a raid (. none, + 10 or more):', countGrid(captures, view.size)] : [head];
}

/**
 * The model player's prompt: the ODD's information interface (rules with S
 * restated, parameters, its id and gold, the map, last round's public events
 * or the history summary, its own last round and what was dropped from it)
 * and the answer format. Pure: the same view gives the same text.
 */
export function goldminePrompt(view: GoldmineView): string {
  const me = seatLetter(view.me);
  const mine: number[] = [];
  view.owner.forEach((o, p) => o === view.me && mine.push(p));
  const plots = view.size * view.size;
  const defense = view.defense === 'all' ? 'a defended plot blocks every raider' : 'each defense blocks one raider (lowest letter first); other raiders proceed';
  const truce =
    view.truce > 1
      ? `Truce: a claimed plot cannot be raided for ${view.truce} rounds counting its claim round.`
      : `Truce: ${view.truce} round${view.truce === 1 ? ' (the claim round only)' : 's'}, so a plot claimed this round can be raided from next round on.`;
  const lines = [
    `Gold mining, round ${view.round} of ${view.rounds}. You are player ${me} (${view.player}); players are ${seatLetter(0)}-${seatLetter(view.players.length - 1)}. Maximise your own gold.`,
    `Rules: ${view.size}x${view.size} map, plots 0..${plots - 1}, plot id = row*${view.size} + column. Your stamina S = ${view.stamina} this round: S is reset to ${view.stamina} at the start of every round and unused stamina is lost.`,
    `Actions (cost): claim an unowned plot (1); raid a plot another player owns (1); defend a plot you own (1, paid even if nobody raids); mine k = 0..3 on a plot you own (k). Each plot yields min(k, ${view.cap}) x ${view.alpha} gold per round to an owner who still holds it after raids.`,
    `Order: illegal and repeated actions are removed (judged on the map at the round's start), then whole actions are dropped from the END of your list until the total cost <= ${view.stamina}. Claims resolve first (ties: seeded random draw), then raids: ${defense}; an undefended plot goes to its raider (several: random draw). ${truce} A plot you gain this round cannot be mined until next round; a plot you lose this round yields you nothing.`,
    `Your gold: ${view.gold}. Your plots: ${mine.length ? plotRanges(mine) : 'none'}.${view.protectedPlots.length ? ` Under truce now: ${plotRanges(view.protectedPlots)}.` : ''}`,
    `Map (. unowned, letter = owner):`,
    encodeMap(view.owner, view.size),
  ];
  const last = view.recent[view.recent.length - 1];
  if (last) {
    const claims = last.claims.length;
    const contested = last.claims.filter((c) => c.by.length > 1).length;
    const raidCount = last.raids.reduce((a, r) => a + r.by.length, 0);
    const taken = last.raids.filter((r) => r.winner >= 0).length;
    lines.push(`Round ${last.round} events: ${claims} plots claimed (${contested} contested), ${raidCount} raids, ${taken} plots taken, ${last.defended.length} plots defended.`);
    lines.push('Per plot (X taken by raid, b raid blocked by defense, t raid blocked by truce, d defended, c contested claim, n claim, . nothing):');
    lines.push(encodeEvents(last, view.size));
    const onMe = last.raids.filter((r) => r.owner === view.me);
    if (onMe.length) {
      const outcome = (r: (typeof onMe)[number]): string => (r.winner >= 0 ? `taken by ${seatLetter(r.winner)}` : r.truce ? 'truce' : 'blocked');
      lines.push(`Raids on your plots: ${onMe.map((r) => `${r.plot} by ${r.by.map(seatLetter).join('')} ${outcome(r)}`).join('; ')}.`);
    }
  }
  if (view.history !== 'last') lines.push(...historySummary(view));
  if (view.own) {
    const acts = view.own.kept.map((a) => (a.type === 'mine' ? `mine ${a.plot} k${a.k}` : `${a.type} ${a.plot}`)).join(', ');
    lines.push(`Your last round: ${acts || 'no actions'}${view.own.dropped ? ` (${view.own.dropped} dropped)` : ''}; gained ${view.own.gained} gold.`);
  }
  for (const notice of view.notices) lines.push(`Notice: ${notice}`);
  lines.push(
    'Answer with JSON only, your actions in priority order: {"actions":[{"type":"defend","plot":12},{"type":"mine","plot":12,"k":3},{"type":"claim","plot":40},{"type":"raid","plot":7}]}',
  );
  return lines.join('\n');
}
