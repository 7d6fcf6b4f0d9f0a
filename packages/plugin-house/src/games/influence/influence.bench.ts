import { Match } from '../../engine/match.ts';
import { collectDecisions, runMatchSync, strategyBrain, type Brain } from '../../engine/runner.ts';
import { influenceGame } from './influenceGame.ts';

const config = influenceGame.configSchema.parse({});
const names = Object.keys(influenceGame.strategies);

/** Wall time of one headless game with the offline brains seated in turn, averaged over `games` seeds. */
function gameMs(size: number, games: number): { ms: number; rounds: number } {
  const players = Array.from({ length: size }, (_, i) => `p${i + 1}`);
  const strategies = Object.fromEntries(players.map((p, i) => [p, influenceGame.strategies[names[i % names.length]!]!]));
  let rounds = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const match = Match.create(influenceGame, config, seed, players);
    runMatchSync(match, strategies);
    rounds += match.state.rounds.length;
  }
  return { ms: (performance.now() - start) / games, rounds: rounds / games };
}

/**
 * One WHISPER phase with 12 brains that each answer after `delayMs` (a stand-in
 * for the stub model server), collected concurrently by the engine's runner:
 * wall time over the delay, 1.0 being perfect overlap.
 */
async function slowPhaseRatio(delayMs: number): Promise<number> {
  const players = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
  const brains: Record<string, Brain> = {};
  for (const [i, p] of players.entries()) {
    const inner = strategyBrain(influenceGame.strategies[names[i % names.length]!]!);
    brains[p] = { name: inner.name, decide: async (view, ctx) => (await Bun.sleep(delayMs), inner.decide(view, ctx)) };
  }
  const match = Match.create(influenceGame, config, 1, players);
  const start = performance.now();
  const decisions = await collectDecisions(match, brains, delayMs * 3);
  match.step({ decisions });
  return (performance.now() - start) / delayMs;
}

export async function bench(): Promise<Record<string, number>> {
  gameMs(8, 3);
  const eight = gameMs(8, 40);
  const twelve = gameMs(12, 20);
  const ratio = await slowPhaseRatio(300);
  return {
    'influence.phase12_300ms_ratio': ratio,
    'influence.game8_ms': eight.ms,
    'influence.game8_rounds': eight.rounds,
    'influence.game12_ms': twelve.ms,
    'influence.game12_rounds': twelve.rounds,
  };
}
