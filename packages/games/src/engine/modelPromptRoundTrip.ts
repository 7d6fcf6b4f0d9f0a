import { Match } from './match.ts';
import { brainContext } from './runner.ts';
import type { AnyGame, PlayerId, Strategy } from './types.ts';

/** A player's view at one decision of a played match, with what a strategy's context is made of. */
export interface SeenDecision {
  view: unknown;
  seed: number;
  player: PlayerId;
  round: number;
  phase: string;
}

/**
 * Every decision of a match played by `cast` (strategy names, one per seat,
 * cycled), as each actor saw it: the views a round-trip test reads back.
 */
export function playedDecisions(game: AnyGame, config: unknown, players: PlayerId[], cast: readonly string[], seed: number): SeenDecision[] {
  const match = Match.create(game, config, seed, players, { log: false });
  const seats = new Map<PlayerId, Strategy<any, any>>(players.map((p, i) => [p, game.strategies[cast[i % cast.length]!]!]));
  const seen: SeenDecision[] = [];
  while (!match.over) {
    const state = match.state as { seed: number; round: number; phase: string; units?: Array<{ id: string; team: string }> };
    const decisions: Record<PlayerId, unknown> = {};
    for (const player of game.actors(state)) {
      const view = game.view(state, player);
      seen.push({ view, seed: state.seed, player, round: state.round, phase: state.phase });
      // A spawned unit plays its team's strategy.
      const team = state.units?.find((u) => u.id === player)?.team ?? player;
      const strategy = seats.get(team) ?? seats.get(players[0]!)!;
      decisions[player] = strategy.decide(view, brainContext(state.seed, player, state.round, state.phase));
    }
    match.step({ decisions });
  }
  return seen;
}

/** Where a strategy decided differently from the view read back from the prompt text than from the view itself. */
export interface Disagreement {
  strategy: string;
  round: number;
  phase: string;
  player: PlayerId;
  full: unknown;
  read: unknown;
}

/**
 * Renders each view as a model reads it (rules, then the view with `rounds`
 * of history in full), reads it back, and lets every strategy of the game
 * (those `only` allows) decide from both with the same seeded context: the
 * decisions that differ.
 */
export function roundTrip(game: AnyGame, seen: readonly SeenDecision[], rounds: number, only: (s: Strategy<any, any>) => boolean = () => true): Disagreement[] {
  const kit = game.modelPrompt!;
  const out: Disagreement[] = [];
  for (const d of seen) {
    const text = `${kit.rules(d.view)}\n\n${kit.view(d.view, rounds)}`;
    const back = kit.read(text);
    for (const strategy of Object.values(game.strategies)) {
      if (!only(strategy)) continue;
      const full = strategy.decide(d.view, brainContext(d.seed, d.player, d.round, d.phase));
      const read = strategy.decide(back, brainContext(d.seed, d.player, d.round, d.phase));
      if (JSON.stringify(full) !== JSON.stringify(read)) out.push({ strategy: strategy.name, round: d.round, phase: d.phase, player: d.player, full, read });
    }
  }
  return out;
}
