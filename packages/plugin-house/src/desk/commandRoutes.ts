import type { Who } from './deskAccess.ts';
import type { CommandHandler, CommandKind } from './deskRequest.ts';
import type { MatchSearch } from './matchTarget.ts';
import { begCommand } from './begCommand.ts';
import { controlCommands } from './controlCommands.ts';
import { forkCommand } from './forkCommand.ts';
import { gameVerbCommand } from './gameVerbCommand.ts';
import { generalCommands } from './generalCommands.ts';
import { lobbyCommands } from './lobbyCommands.ts';
import { playCommand } from './playCommand.ts';
import { seatCommands } from './seatCommands.ts';
import { statusCommand } from './statusCommand.ts';

/** What a command targets, who may use it, and what it does. */
export interface CommandRoute<K extends CommandKind = CommandKind> {
  /**
   * The match it is about: `none`, or where to look once neither `--match`
   * nor the open match of the room it was typed in names one (`MatchSearch`).
   */
  readonly match: 'none' | readonly MatchSearch[];
  readonly who: Who;
  /** `checked`: the match's phase (idle, lobby, running) must allow it; `any`: the handler says what fits. */
  readonly phase: 'checked' | 'any';
  /** The handler checks `who` itself, after refusals whose lines come first (`!join`: a taken name, a full table). */
  readonly whoLate?: true;
  readonly run: CommandHandler<K>;
}

const route = <K extends CommandKind>(kind: K, r: CommandRoute<K>): [CommandKind, CommandRoute] => [kind, r as unknown as CommandRoute];

const anytime = { match: 'none', who: 'anyone', phase: 'any' } as const;
/** Where a finished match is still looked for: its own room, or this table. */
const closedToo = ['closedHere', 'closing', 'lastHere'] as const;

/** Every command the desk answers, by kind: routing is a lookup here. */
export const commandRoutes: ReadonlyMap<CommandKind, CommandRoute> = new Map([
  route('help', { ...anytime, run: generalCommands.help }),
  route('games', { ...anytime, run: generalCommands.games }),
  route('name', { ...anytime, run: generalCommands.name }),
  route('enter', { ...anytime, run: generalCommands.enter }),
  route('entrants', { ...anytime, run: generalCommands.entrants }),
  route('status', { match: ['mineIfOne', ...closedToo], who: 'anyone', phase: 'any', run: statusCommand }),
  // `--match` is still looked up, so a bad id is refused rather than ignored.
  route('play', { match: [], who: 'person', phase: 'any', run: playCommand }),
  route('join', { match: [], who: 'lobbyGuest', whoLate: true, phase: 'checked', run: lobbyCommands.join }),
  route('kick', { match: [], who: 'ownerOrAdmin', phase: 'checked', run: lobbyCommands.kick }),
  route('start', { match: ['notHere'], who: 'ownerOrAdmin', phase: 'checked', run: lobbyCommands.start }),
  route('stop', { match: ['notHere'], who: 'ownerOrAdmin', phase: 'checked', run: controlCommands.stop }),
  route('resume', { match: ['paused'], who: 'ownerOrAdmin', phase: 'any', run: controlCommands.resume }),
  // Its own argument or `--match` names a closed match (its opener or an admin may fork it, checked by the handler once it is found); else the last one closed at this table.
  route('fork', { match: ['lastHere'], who: 'person', phase: 'any', run: forkCommand }),
  route('grant', { match: ['begging', 'mine'], who: 'observer', phase: 'checked', run: begCommand }),
  route('decline', { match: ['begging', 'mine'], who: 'observer', phase: 'checked', run: begCommand }),
  route('move', { match: ['seated'], who: 'seated', phase: 'checked', run: seatCommands.move }),
  route('done', { match: ['seated'], who: 'seated', phase: 'checked', run: seatCommands.done }),
  route('view', { match: ['seated'], who: 'seated', phase: 'checked', run: seatCommands.view }),
  route('game', { match: ['seated', ...closedToo], who: 'anyone', phase: 'any', run: gameVerbCommand }),
]);
