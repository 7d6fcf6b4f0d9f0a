import { Match } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import type { Strategy } from '../../engine/types.ts';
import { matrixConfigSchema, type MatrixConfig } from '../matrixConfig.ts';
import type { MatrixDecision, Move } from '../matrixDecision.ts';
import { matrixGame } from '../matrixGame.ts';
import type { MatrixState, MatrixView } from '../matrixTypes.ts';

/** A scripted opponent: plays the letters of `script` in order (C or D), then repeats the last. */
export function scripted(script: string): Strategy<MatrixView, MatrixDecision> {
  return {
    name: `script:${script}`,
    description: 'fixed moves for transcripts',
    traits: { memoryDepth: 0, stochastic: false, usesModel: false },
    decide: (view) => ({ action: script[Math.min(view.round, script.length) - 1] as Move }),
  };
}

/**
 * Axelrod-style transcript: `strategy` (as `me`, the row) against `them` (a
 * script of C and D, or a strategy) for `rounds` rounds (the script's length
 * by default); both lines of moves as they landed, and the scores.
 */
export function transcript(strategy: Strategy<MatrixView, MatrixDecision>, them: string | Strategy<MatrixView, MatrixDecision>, config: Partial<MatrixConfig> = {}, seed = 1) {
  const other = typeof them === 'string' ? scripted(them) : them;
  const rounds = config.rounds ?? (typeof them === 'string' ? them.length : 10);
  const match = Match.create(matrixGame, matrixConfigSchema.parse({ ...config, rounds }), seed, ['me', 'them'], { log: false });
  runMatchSync(match, { me: strategy, them: other });
  const state = match.state as MatrixState;
  const meeting = state.memory.me!.them!;
  return { me: meeting.mine, them: meeting.theirs, scores: { me: state.scores.me!, them: state.scores.them! } };
}
