import { quoted } from '../engine/plainWords.ts';
import type { PlayerId } from '../engine/types.ts';

/** The House's signature; player text that starts with it (or with a phase tag) is refused as an imitation. */
export const HOUSE_NAME = 'The House';
export const HOUSE_MARK = `${HOUSE_NAME} ▸`;

const line = (tag: string, text: string): string => `[${tag}] ${HOUSE_MARK} ${text}`;

/** The moderator lines of spec section 6, one function each so the adapter and tests share the wording. */
export const moderatorLines = {
  lobby: (minPlayers: number): string => line('INIT', `The lobby is open—type !join. Minimum ${minPlayers} agents.`),
  joined: (player: PlayerId, count: number, host: PlayerId): string =>
    line('INIT', `${player} joined (${count} in the lobby). ${host} is the host and may !start.`),
  whisper: (round: number): string => line('WHISPER', `Round ${round}. Phase 1 begins. You may create private channels and conspire.`),
  /** A later turn of a WHISPER played in turns (RULES I-a), told to each living player privately, never to the room (RULES I-d). */
  whisperTurn: (round: number, turn: number, turns: number): string =>
    line('WHISPER', `Round ${round}, WHISPER turn ${turn} of ${turns}: answer the DMs you received, or write new ones.`),
  rumor: (): string => line('RUMOR', 'Phase 2. Post exactly *one* public message or image via !public.'),
  vote: (twoLeft: boolean): string =>
    twoLeft
      ? line('VOTE', 'Phase 3. Two operatives remain: DM me one command, !empower X (not yourself). There is no expose.')
      : line('VOTE', 'Phase 3. DM me two commands: !empower X and !expose Y (not yourself).'),
  tally: (empowered: PlayerId, exposed: readonly PlayerId[]): string =>
    line('VOTE', `${empowered} is empowered. Exposed: ${exposed.length ? exposed.join(', ') : 'no one'}.`),
  power: (empowered: PlayerId, exposed: readonly PlayerId[]): string =>
    exposed.length
      ? line('POWER', `Phase 4. @${empowered}, choose: !eliminate Z or !protect Z (Z among ${exposed.join(', ')}).`)
      : line('POWER', `Phase 4. @${empowered}, no one is exposed: choose !eliminate Z (anyone but yourself).`),
  protected: (empowered: PlayerId, target: PlayerId): string => line('POWER', `${empowered} protects ${target}.`),
  /** The power action as the room hears it; `auto` when the empowered did not act and the House drew it (RULES Influence 7, spec timeout rule). */
  powerTaken: (empowered: PlayerId, action: 'eliminate' | 'protect', target: PlayerId, auto: boolean): string =>
    line('POWER', `${empowered} ${action === 'eliminate' ? 'eliminates' : 'protects'} ${target}.${auto ? ` ${empowered} did not act in time: the House chose at random.` : ''}`),
  noElimination: (round: number): string => line('REVEAL', `No one is eliminated. Round ${round} ends.`),
  reveal: (player: PlayerId, round: number): string => line('REVEAL', `Agent ${player} has been eliminated. Round ${round} ends.`),
  remain: (alive: readonly PlayerId[]): string => line('REVEAL', `${alive.length} operatives remain: ${alive.join(', ')}.`),
  inactive: (player: PlayerId): string => line('REVEAL', `Agent ${player} has been eliminated for inactivity.`),
  /** The player's words as a quotation (one line, its quote marks straightened), attributed: they cannot read as the House's. */
  lastWords: (player: PlayerId, text: string): string => line('REVEAL', `Last message of ${player}: ${quoted(text, Infinity)}`),
  win: (player: PlayerId): string => line('WIN', `Congratulations, Agent ${player}. You are the last operative.`),
  noWinner: (): string => line('WIN', 'No operative is left standing.'),
  head: (head: string, entries: number): string => line('AUDIT', `Log sealed: ${entries} entries, chain head ${head}. Type !audit to verify.`),
  autoFilled: (player: PlayerId, what: string): string => `${HOUSE_MARK} ${player}, you did not act in time: I chose ${what} for you.`,
  /** What the room hears of an auto-fill (RULES I-b): who, and the streak of idle rounds; never what was chosen. */
  timedOut: (phase: string, player: PlayerId, streak: number): string => line(phase.split(' ')[0]!, `${player} did not act in time (streak ${streak}).`),
} as const;
