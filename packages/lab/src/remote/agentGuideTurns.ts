import { Match } from '@the-house/games/engine/match.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { labGames } from '../games/labGames.ts';
import { DEFAULT_WINDOW } from '../decision/playerView.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { seatPrompter } from '../seats/seatPrompts.ts';
import { referenceMove } from './reference/referenceMove.ts';
import { remoteTurn, type RemoteTurn } from './remoteTurn.ts';

/** Where the generated part of `docs/agents.md` starts and ends; the text between is `agentGuideTurns()`'s, and a test holds it to that. */
export const GUIDE_START = '<!-- generated: agentGuideTurns (bun run docs:agents) -->';
export const GUIDE_END = '<!-- end of generated part -->';

/** A fixed clock for the examples, so the guide is the same on every machine: 2026-01-01, a 10 s move and a 60 s bank. */
const SENT_AT = Date.UTC(2026, 0, 1);
const MOVE_MS = 10_000;
const BANK_MS = 60_000;
const SEAT = 'you';
const compact = seatPrompter('compact');

/** The first turn the seat `you` gets in a match of `game` (seed 1, the game's defaults, seat-check's other seats), with a baseline's answer to it. */
export function exampleTurn(game: AnyGame, others: readonly string[]): { turn: RemoteTurn; answer: { turn_id: string; action: unknown } } {
  const match = Match.create(game, game.configSchema.parse({}), 1, [SEAT, ...others]);
  const state = match.state as { round: number; phase: string };
  const table = `guide-${game.id}`;
  const request = decisionRequest(game, match.state, table, game.view(match.state, SEAT), { player: SEAT, round: state.round, phase: state.phase });
  const turn = remoteTurn(request, table, compact.prompt('', request, null, DEFAULT_WINDOW).text, { deadline: SENT_AT + MOVE_MS, msLeft: MOVE_MS }, BANK_MS, 0);
  return { turn, answer: { turn_id: turn.turn_id, action: referenceMove(turn) } };
}

const json = (value: unknown): string => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The guide's generated part: for each game, its phases as the turn's
 * `phase` names them, a complete first turn (view, view_schema, legal,
 * moves, schema, prompt) as every protocol carries it, and a legal answer.
 * Made from the code, so the guide cannot drift from what the House sends.
 */
export function agentGuideTurns(): string {
  const out: string[] = [];
  for (const lab of labGames.values()) {
    const { game } = lab;
    const { turn, answer } = exampleTurn(game, lab.seatCheckOthers);
    out.push(`### ${game.title} (\`${game.id}\`)`, '', `${game.minPlayers} to ${game.maxPlayers} seats. Its phases, as a turn's \`phase\` names them:`, '', '| phase | what it collects | it ends when |', '| --- | --- | --- |');
    for (const phase of game.phases) out.push(`| \`${cell(phase.name)}\` | ${cell(phase.collects)} | ${cell(phase.endsWhen)} |`);
    out.push('', `The first turn of seat \`${SEAT}\` in a match of seed 1 with the defaults (seats ${[SEAT, ...lab.seatCheckOthers].join(', ')}), and an answer a baseline gives:`, '');
    out.push('<details><summary>the turn</summary>', '', json(turn), '', '</details>', '', '<details><summary>its prompt, as a model reads it</summary>', '', '```text', turn.prompt, '```', '', '</details>', '', 'An answer:', '', json(answer), '');
  }
  return out.join('\n').trimEnd();
}
