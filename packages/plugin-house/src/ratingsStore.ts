import type { IAgentRuntime } from '@elizaos/core';
import { z } from 'zod';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { games as registeredGames } from '@the-house/games/registry.ts';
import type { MatchRecord } from '@the-house/lab/models/matchRecorder.ts';
import { emptyRatings, parseRatings, participantOf, rateMatch, ratingBoard, ratingsJson, type ParticipantCost, type RatingBoardRow, type Ratings } from '@the-house/lab/ratings/index.ts';
import { ratedSeats } from '@the-house/lab/results/ratedSeats.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { houseResults } from './records/houseResults.ts';
import { remoteOf, type SeatSpecs } from './seats/seatSpec.ts';

const key = (game: string) => `house:ratings:${game}`;
const playersKey = (game: string) => `house:ratings:${game}:players`;

/*
 * Ratings stay keyed by brain (`participantOf`), not character: what the
 * House's research compares is brains (a model against a baseline strategy),
 * and an offline copycat plays the same whichever character wears it; keying
 * by character as well would split one strategy's evidence over every
 * character that ever played it, and would orphan every rating already
 * stored. The board still shows who played: each brain's characters are kept
 * beside the ratings (`PlayedBy`) and named on the row ("Ada, Finn (offline,
 * copycat)"), the strategy as a detail.
 */
export { participantOf };

/** The characters who played one rated brain (rated matches each), and the strategies their seats carried (a model's baseline). */
interface PlayedBy {
  players: Map<string, number>;
  strategies: Map<string, number>;
}

const countsSchema = z.record(z.string(), z.int().nonnegative());
const entrantsKey = (game: string) => `house:ratings:${game}:entrants`;
/** What each brain's seats cost over the rated matches counted since the House kept it (cost per game and per win come from it, never from older matches). */
const costsKey = (game: string) => `house:ratings:${game}:costs`;
const costsSchema = z.object({ participants: z.record(z.string(), z.object({ cost: z.number().nonnegative().max(1e9), games: z.int().nonnegative(), wins: z.int().nonnegative() }).strict()) });

/** What the leaderboard says of an entrant beside its rating: how it plays, and its faults over its rated matches. */
export interface EntrantFaults {
  kind: string;
  matches: number;
  timeouts: number;
  invalid: number;
  unreachable: number;
  substitutions: number;
}
const faultsSchema = z.object({ participants: z.record(z.string(), z.object({ kind: z.string().max(16), matches: z.int().nonnegative(), timeouts: z.int().nonnegative(), invalid: z.int().nonnegative(), unreachable: z.int().nonnegative(), substitutions: z.int().nonnegative() }).strict()) });

/** An entrant's brain in words: its kind and its faults (`a2a entrant; 2 timeouts, 1 invalid, 0 unreachable, 1 substitution in 3 matches`). */
export function entrantBrain(f: EntrantFaults): string {
  return `${f.kind} entrant; ${f.timeouts} timeout${f.timeouts === 1 ? '' : 's'}, ${f.invalid} invalid, ${f.unreachable} unreachable, ${f.substitutions} substitution${f.substitutions === 1 ? '' : 's'} in ${f.matches} match${f.matches === 1 ? '' : 'es'}`;
}
const playedBySchema = z.object({ participants: z.record(z.string(), z.object({ players: countsSchema, strategies: countsSchema })) });

/** A rating's row as the House shows it: who played it (character and brain), with the strategy as a detail. */
export interface HouseLeaderboardRow extends RatingBoardRow {
  /** The brain in words: `offline, copycat`, `model gpt-4o-mini`, `person`. */
  brain: string;
  /** The characters who played it, most rated matches first (empty for ratings stored before the House kept them). */
  playedBy: Array<{ name: string; matches: number }>;
  /** What the offline strategy does, or the baseline a model falls back to; null for a person. */
  strategy: string | null;
}

/** The brain of a rated participant in words, and the name it stands for when no character was recorded. */
export function brainOf(participant: string): { brain: string; kind: 'model' | 'person' | 'offline' | 'entrant'; name: string } {
  if (participant.startsWith('entrant:')) return { brain: 'entrant', kind: 'entrant', name: participant.slice('entrant:'.length) };
  if (participant.startsWith('model:')) return { brain: `model ${participant.slice('model:'.length)}`, kind: 'model', name: '' };
  if (participant.startsWith('person:')) return { brain: 'person', kind: 'person', name: participant.slice('person:'.length) };
  return { brain: `offline, ${participant}`, kind: 'offline', name: '' };
}

const byCount = (counts: ReadonlyMap<string, number>): Array<{ name: string; matches: number }> =>
  [...counts].map(([name, matches]) => ({ name, matches })).sort((a, b) => b.matches - a.matches || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** The strategy as a row's detail: an offline strategy's own description, or the baseline a model seat falls back to. */
function strategyDetail(game: string, participant: string, played: PlayedBy | undefined): string | null {
  const { kind } = brainOf(participant);
  if (kind === 'person') return null;
  const definition = Object.hasOwn(registeredGames, game) ? registeredGames[game] : undefined;
  if (kind === 'offline') {
    const strategy = definition && Object.hasOwn(definition.strategies, participant) ? definition.strategies[participant] : undefined;
    return strategy ? `${participant}: ${strategy.description}` : participant;
  }
  const baselines = played ? byCount(played.strategies).map((s) => s.name) : [];
  if (kind === 'entrant') return baselines.length ? `the House plays ${baselines.join(', ')} for it once it is substituted` : null;
  return baselines.length ? `falls back to ${baselines.join(', ')} when its model cannot answer` : null;
}

/** The House's ratings per game, in its database (as JSON text, like matches), updated once per finished match. */
export class RatingsStore {
  constructor(private readonly runtime: IAgentRuntime) {}

  async load(game: string): Promise<Ratings> {
    const row = await this.runtime.getCache<{ json?: unknown }>(key(game));
    const parsed = row && typeof row.json === 'string' ? parseRatings(JSON.parse(row.json)) : null;
    return parsed?.ok ? parsed.value : emptyRatings(game);
  }

  /** A cache row's JSON, read; null when there is none or it cannot be read (the caller's schema then refuses it). */
  private async cachedJson(key: string): Promise<unknown> {
    const row = await this.runtime.getCache<{ json?: unknown }>(key);
    try {
      return row && typeof row.json === 'string' ? JSON.parse(row.json) : null;
    } catch {
      return null;
    }
  }

  /** Who played each rated brain; empty for a database older than this record, or one it cannot read. */
  async playedBy(game: string): Promise<Map<string, PlayedBy>> {
    const parsed = playedBySchema.safeParse(await this.cachedJson(playersKey(game)));
    const out = new Map<string, PlayedBy>();
    if (!parsed.success) return out;
    for (const [participant, p] of Object.entries(parsed.data.participants)) {
      out.set(participant, { players: new Map(Object.entries(p.players)), strategies: new Map(Object.entries(p.strategies)) });
    }
    return out;
  }

  /** Each rated entrant's kind and faults (none for a database older than them). */
  async entrantFaults(game: string): Promise<Map<string, EntrantFaults>> {
    const parsed = faultsSchema.safeParse(await this.cachedJson(entrantsKey(game)));
    return new Map(parsed.success ? Object.entries(parsed.data.participants) : []);
  }

  /** Each rated brain's recorded model cost, games and wins since the House kept them (none for a database older than this). */
  async costs(game: string): Promise<Map<string, ParticipantCost>> {
    const parsed = costsSchema.safeParse(await this.cachedJson(costsKey(game)));
    return new Map(parsed.success ? Object.entries(parsed.data.participants) : []);
  }

  /**
   * Rates one finished match by its seats' results (`houseResults`): the
   * winners first, then by score, a forfeit last, a void seat left out, and
   * nothing at all when the House's own fault voided the match; each seat as
   * its participant. Notes which character played which rated brain, and adds
   * each rated remote seat's faults (timeouts, invalid answers, unreachable
   * turns, a substitution) to its entrant's, and each rated brain's recorded
   * model cost to its cost per game and per win.
   */
  async rate(game: AnyGame, state: unknown, players: PlayerId[], record: MatchRecord, seats: Readonly<SeatSpecs> = {}): Promise<void> {
    const ratings = await this.load(game.id);
    const results = houseResults(game, state, { players, record, seats });
    const rated = rateMatch(ratings, ratedSeats(results, (p) => participantOf(record, p)));
    if (rated === ratings) return;
    await this.runtime.setCache(key(game.id), { json: ratingsJson(rated) });
    const played = await this.playedBy(game.id);
    const seen = new Set<string>();
    const ratedPlayers = results.seats.filter((s) => s.place !== null).map((s) => s.player);
    for (const p of ratedPlayers) {
      const participant = participantOf(record, p);
      const entry = played.get(participant) ?? { players: new Map(), strategies: new Map() };
      played.set(participant, entry);
      const strategy = ownValue(record.seats, p)?.strategy ?? null;
      if (seen.has(`${participant}\u0000${p}`)) continue;
      seen.add(`${participant}\u0000${p}`);
      entry.players.set(p, (entry.players.get(p) ?? 0) + 1);
      if (strategy !== null && !participant.startsWith('person:')) entry.strategies.set(strategy, (entry.strategies.get(strategy) ?? 0) + 1);
    }
    const costs = await this.costs(game.id);
    const thisMatch = new Map<string, { cost: number; won: boolean }>();
    for (const s of results.seats) {
      if (s.place === null) continue;
      const participant = participantOf(record, s.player);
      const entry = thisMatch.get(participant) ?? { cost: 0, won: false };
      thisMatch.set(participant, { cost: entry.cost + s.cost, won: entry.won || s.won });
    }
    for (const [participant, { cost, won }] of thisMatch) {
      const c = costs.get(participant) ?? { cost: 0, games: 0, wins: 0 };
      costs.set(participant, { cost: c.cost + cost, games: c.games + 1, wins: c.wins + (won ? 1 : 0) });
    }
    await this.runtime.setCache(costsKey(game.id), { json: JSON.stringify({ participants: Object.fromEntries(costs) }) });
    const json = { participants: Object.fromEntries([...played].map(([id, p]) => [id, { players: Object.fromEntries(p.players), strategies: Object.fromEntries(p.strategies) }])) };
    await this.runtime.setCache(playersKey(game.id), { json: JSON.stringify(json) });
    const seated = ratedPlayers.flatMap((p) => {
      const remote = remoteOf({ seats }, p);
      return remote && participantOf(record, p).startsWith('entrant:') ? [{ p, remote }] : [];
    });
    if (!seated.length) return;
    const faults = await this.entrantFaults(game.id);
    for (const { p, remote } of seated) {
      const { kind, clock } = remote;
      const participant = participantOf(record, p);
      const f = faults.get(participant) ?? { kind, matches: 0, timeouts: 0, invalid: 0, unreachable: 0, substitutions: 0 };
      faults.set(participant, { kind, matches: f.matches + 1, timeouts: f.timeouts + clock.timeouts, invalid: f.invalid + clock.invalid, unreachable: f.unreachable + clock.unreachable, substitutions: f.substitutions + (clock.substituted === null ? 0 : 1) });
    }
    await this.runtime.setCache(entrantsKey(game.id), { json: JSON.stringify({ participants: Object.fromEntries(faults) }) });
  }

  async leaderboards(games: readonly string[]): Promise<Record<string, HouseLeaderboardRow[]>> {
    const out: Record<string, HouseLeaderboardRow[]> = {};
    for (const game of games) {
      const rows = ratingBoard(await this.load(game), await this.costs(game));
      if (!rows.length) continue;
      const played = await this.playedBy(game);
      const faults = await this.entrantFaults(game);
      out[game] = rows.map((row) => {
        const who = played.get(row.participant);
        const { name } = brainOf(row.participant);
        const entrant = faults.get(row.participant);
        const brain = entrant ? entrantBrain(entrant) : brainOf(row.participant).brain;
        const playedBy = who ? byCount(who.players) : name ? [{ name, matches: row.matches }] : [];
        return { ...row, brain, playedBy, strategy: strategyDetail(game, row.participant, who) };
      });
    }
    return out;
  }
}
