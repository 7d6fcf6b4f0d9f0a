import { ownValue } from '../engine/safeKey.ts';
import type { PlayerId } from '../engine/types.ts';
import { payoffsOf, presetOf } from './matrixConfig.ts';
import { opponentsOf } from './matrixOpponents.ts';
import type { MatrixState, MatrixView, Meeting } from './matrixTypes.ts';

const NOBODY: Readonly<Record<PlayerId, Meeting>> = Object.freeze({});
const NOTHING: readonly string[] = Object.freeze([]);

/**
 * What one player knows: the rules it is told (the length only when it is
 * fixed and known), this round's opponents, its own meetings with each
 * opponent (its own meant moves included: only it knows where noise flipped
 * them), everyone's score, and its private notices of the last round.
 * Another player's meetings, meant moves and notices never appear.
 */
export function matrixView(state: MatrixState, player: PlayerId): MatrixView {
  const { config } = state;
  return {
    game: 'matrix',
    you: player,
    round: state.round,
    over: state.result.over,
    rounds: config.continuation === 1 && config.horizon === 'known' ? config.rounds : null,
    continuation: config.continuation,
    noise: config.noise,
    pairing: config.pairing,
    preset: presetOf(config),
    payoffs: payoffsOf(config),
    opponents: state.result.over ? [] : opponentsOf(state, player),
    met: ownValue(state.memory, player) ?? NOBODY,
    score: ownValue(state.scores, player) ?? 0,
    scores: state.scores,
    gain: ownValue(state.gains, player) ?? 0,
    notices: ownValue(state.notices, player) ?? NOTHING,
  };
}
