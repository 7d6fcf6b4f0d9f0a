import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { secretWhilePlaying } from '@the-house/games/narrations.ts';
import { games } from '@the-house/games/registry.ts';
import { matchPageView } from '../dashboard/matchPageView.ts';
import { renderDashboard } from '../dashboard/renderDashboard.ts';
import type { MatchDetail, RoundHistoryEntry } from '../types.ts';
import { forAudience, publicPage } from './audience.ts';

/** Small matches of each game, so that a few hundred of them run in seconds. */
const SMALL: Record<string, { config: unknown; players: number[] }> = {
  trust: { config: { maxRounds: 6, noise: 0.1 }, players: [2, 4] },
  cafe: { config: { rounds: 4 }, players: [2, 4] },
  influence: { config: {}, players: [4, 6] },
  goldmine: { config: { rounds: 12 }, players: [3, 6] },
};

/** Every string of a value (its keys' values, deeply), for the leak check. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/**
 * What a public reader would get of a running match, phase after phase, with
 * people seated (they never answer, so the game's fallback plays them and the
 * log says why, privately): the JSON of the route and the House tab's page.
 */
function publicReadsOf(gameId: string, seed: number, seats: number, people: number): Array<{ detail: MatchDetail; json: string; page: string }> {
  const game = games[gameId]!;
  const players: PlayerId[] = Array.from({ length: seats }, (_, i) => `${i < people ? 'Person' : 'Agent'}${i + 1}`);
  const match = Match.create(game, game.configSchema.parse(SMALL[gameId]!.config), seed, players);
  const strategies = Object.values(game.strategies);
  const history: RoundHistoryEntry[] = [];
  const reads: Array<{ detail: MatchDetail; json: string; page: string }> = [];
  while (!match.over) {
    const state = match.state;
    const decisions: Record<PlayerId, unknown> = {};
    for (const p of game.actors(state)) {
      if (p.startsWith('Person')) continue;
      const strategy = strategies[(players.indexOf(p) + seed) % strategies.length]!;
      decisions[p] = strategy.decide(game.view(state, p), brainContext(state.seed, p, state.round, state.phase));
    }
    const { finished } = match.step({ decisions });
    if (finished) history.push({ round: finished.round, ...finished.report });
    if (match.over) break;
    const s = match.state;
    const detail: MatchDetail = {
      summary: { id: `${gameId}-${seed}`, game: gameId, status: 'running', round: s.round, players: players.map((name) => ({ name, alive: game.alive(s, name), score: game.score(s, name) })), winners: [], spend: { tokens: 0, cost: 0 } },
      state: s,
      events: [...(match.log?.entries ?? [])],
      history: [...history],
      outcome: match.outcome(),
      pendingBegs: [],
      usage: {},
      budget: {},
      paused: null,
      waitingFor: players.filter((p) => p.startsWith('Person')),
    };
    const seen = forAudience(games, detail, 'public');
    // The House tab and the match page (its view, all of which the page carries).
    const page = `${renderDashboard(publicPage(games, { matches: [detail.summary], page: 1, per: 20, total: 1 }), [seen], {}, {}, 'public').html}${JSON.stringify(matchPageView(seen, gameId, 'public'))}`;
    reads.push({ detail, json: JSON.stringify(seen), page });
  }
  return reads;
}

test('no private field or private event of any game reaches a public reader while its match runs (people seated), phase by phase', () => {
  let matches = 0;
  for (const gameId of Object.keys(SMALL)) {
    const [min, max] = SMALL[gameId]!.players;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: min!, max: max! }), fc.integer({ min: 1, max: 2 }), (seed, seats, people) => {
        matches += 1;
        const secret = secretWhilePlaying(gameId);
        for (const { detail, json, page } of publicReadsOf(gameId, seed, seats, people)) {
          const seen = JSON.parse(json) as MatchDetail;
          expect(seen.state).toBeNull();
          expect(seen.events.every((e) => e.to === undefined)).toBe(true);
          expect(seen.pendingBegs).toEqual([]);
          expect(seen.waitingFor).toEqual([]);
          for (const h of seen.history) for (const fields of Object.values(h.players)) for (const key of Object.keys(fields)) expect(secret.has(key)).toBe(false);
          if (secret.has(games[gameId]!.scoreName)) expect(seen.summary.players.every((p) => p.score === null)).toBe(true);
          // The match page's board says 'hidden' where a field is secret (Gold mining's gold), never its number.
          const board = matchPageView(seen, gameId, 'public').board;
          const secretColumns = (board?.columns ?? []).map((c, i) => (secret.has(c) ? i : -1)).filter((i) => i >= 0);
          for (const f of board?.frames ?? []) for (const r of f.rows) for (const i of secretColumns) expect(r.cells[i]).toBe('hidden');
          // Any text only a private event holds (a DM, a beg's reason, a fallback's reason) is nowhere in what the public reads.
          const open = new Set(detail.events.filter((e) => e.to === undefined).flatMap((e) => strings(e.data)));
          for (const e of detail.events.filter((x) => x.to !== undefined)) {
            for (const text of strings(e.data)) {
              if (text.length < 12 || open.has(text)) continue;
              expect(json.includes(JSON.stringify(text).slice(1, -1))).toBe(false);
              expect(page.includes(text)).toBe(false);
            }
          }
        }
      }),
      { numRuns: 130, seed: 23 },
    );
  }
  expect(matches).toBe(4 * 130);
}, 240_000);
