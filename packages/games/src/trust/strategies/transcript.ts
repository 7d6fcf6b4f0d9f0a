import { Match } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import type { Strategy } from '../../engine/types.ts';
import { trustConfigSchema, type TrustConfig } from '../trustConfig.ts';
import type { TrustAction, TrustDecision } from '../trustDecision.ts';
import { trustGame } from '../trustGame.ts';
import type { TrustView } from '../trustTypes.ts';

const CODES: Record<string, TrustAction> = { H: 'HIGH_FIVE', A: 'ATTACK', B: 'BLOCK', N: 'DO_NOTHING', G: 'BEG', R: 'REPLICATE' };
const LETTER = Object.fromEntries(Object.entries(CODES).map(([k, v]) => [v, k])) as Record<TrustAction, string>;

/** A scripted opponent: plays the letters of `script` in order (H, A, B, N, G = beg 1, R), then repeats the last. */
export function scripted(script: string): Strategy<TrustView, TrustDecision> {
  return {
    name: `script:${script}`,
    description: 'fixed moves for transcripts',
    traits: { memoryDepth: 0, stochastic: false, usesModel: false },
    decide(view) {
      const action = CODES[script[Math.min(view.round, script.length) - 1]!]!;
      return action === 'BEG' ? { action, amount: 1, reason: 'scripted' } : { action };
    },
  };
}

/**
 * Axelrod-style transcript: `strategy` (as `me`) against a scripted opponent for
 * as many rounds as the script has letters; returns both lines of moves as the
 * players chose them, plus the final sats. Misses are off unless configured.
 */
export function transcript(strategy: Strategy<TrustView, TrustDecision>, script: string, config: Partial<TrustConfig> = {}) {
  const cfg = trustConfigSchema.parse({ missChance: 0, maxRounds: script.length, ...config });
  const match = Match.create(trustGame, cfg, 1, ['me', 'them'], { log: false });
  const lines = { me: '', them: '' };
  const record = (who: 'me' | 'them', s: Strategy<TrustView, TrustDecision>): Strategy<TrustView, TrustDecision> => ({
    ...s,
    decide(view, ctx) {
      const d = s.decide(view, ctx);
      lines[who] += LETTER[d.action];
      return d;
    },
  });
  const outcome = runMatchSync(match, { me: record('me', strategy), them: record('them', scripted(script)) });
  const sats = Object.fromEntries(match.state.units.map((u) => [u.id, u.sats]));
  return { ...lines, sats, outcome };
}
