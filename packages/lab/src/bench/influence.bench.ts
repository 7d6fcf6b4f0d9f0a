import { Match } from '@the-house/games/engine/match.ts';
import { brainContext, collectDecisions, runMatchSync, strategyBrain, type Brain } from '@the-house/games/engine/runner.ts';
import { decisionEvents, influenceGame } from '@the-house/games/influence/influenceGame.ts';
import { influenceDecisionSchema } from '@the-house/games/influence/influenceDecision.ts';
import type { InfluenceEvent, InfluenceState, TimedPhase } from '@the-house/games/influence/influenceTypes.ts';
import { initialState, transition } from '@the-house/games/influence/transition.ts';

const config = influenceGame.configSchema.parse({});
const names = Object.keys(influenceGame.strategies);
const seats = (size: number): string[] => Array.from({ length: size }, (_, i) => `p${i + 1}`);
const brainOf = (i: number) => influenceGame.strategies[names[i % names.length]!]!;

/** Wall time of one headless game (engine runner, offline brains seated in turn), averaged over `games` seeds. */
function gameMs(size: number, games: number): { ms: number; rounds: number } {
  const players = seats(size);
  const strategies = Object.fromEntries(players.map((p, i) => [p, brainOf(i)]));
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
 * A live game as the House adapter drives it: lobby, `!start`, every decision
 * turned into FSM events one `transition` at a time, timers fired as timeouts.
 * Returns the mean cost of one transition in microseconds.
 */
function liveTransitionUs(size: number, games: number): number {
  const players = seats(size);
  let events = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    let s: InfluenceState = initialState({ ...config, maxPlayers: size }, seed);
    const fire = (event: InfluenceEvent): void => {
      s = transition(s, event)[0];
      events++;
    };
    for (const player of players) fire({ type: 'join', player });
    fire({ type: 'start', player: players[0]! });
    while (s.phase !== 'END') {
      const { phase, round } = s;
      for (const [i, p] of players.entries()) {
        if (!influenceGame.actors(s).includes(p) || s.phase !== phase) continue;
        const decision = influenceDecisionSchema.parse(brainOf(i).decide(influenceGame.view(s, p), brainContext(seed, p, round, phase)));
        for (const event of decisionEvents(s, p, decision)) fire(event);
      }
      if (s.phase === phase && s.round === round) fire({ type: 'timeout', phase: phase as TimedPhase, round });
    }
  }
  return ((performance.now() - start) * 1000) / events;
}

/**
 * One WHISPER phase with 12 brains that each answer after `delayMs`, collected
 * concurrently by the engine's runner: wall time over the delay (1.0 is perfect
 * overlap). A stand-in with sleeping brains, not the House with model players
 * against the stub model server (that is `house.bench.ts`).
 */
async function runnerPhaseRatio(delayMs: number): Promise<number> {
  const players = seats(12);
  const brains: Record<string, Brain> = {};
  for (const [i, p] of players.entries()) {
    const inner = strategyBrain(brainOf(i));
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
  return {
    'influence.game8_ms': eight.ms,
    'influence.game8_rounds': eight.rounds,
    'influence.game12_ms': twelve.ms,
    'influence.game12_rounds': twelve.rounds,
    'influence.live12_transition_us': liveTransitionUs(12, 5),
    'influence.runner_phase12_sleep300_ratio': await runnerPhaseRatio(300),
  };
}
