import { afterAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { freshDatabase } from '../testing/freshDatabase.ts';
import type { ResultClass, SeatResultRow } from '../results/seatResults.ts';
import { emptyRatings } from '../ratings/ratingTable.ts';
import { runRatings } from '../sweep/runRatings.ts';
import type { RunResult } from '../sweep/runSpec.ts';
import { openLabDb } from './labDb.ts';
import { readResults, writeResults } from './resultStore.ts';

const server = process.env.HOUSE_TEST_POSTGRES_URL;
if (!server) console.warn('SKIPPED the result store test: HOUSE_TEST_POSTGRES_URL is not set');

const row = (player: string, cls: ResultClass, place: number | null): SeatResultRow => ({ player, class: cls, cause: null, won: place === 1, place, repairs: 0, fallbacks: 0, timeouts: 0, bankUsedMs: null, tokens: 0, cost: 0 });
const lineup = ['copycat', 'model:void', 'model:forfeit'];
const result = (id: string, seatResults?: RunResult['seatResults']): RunResult => ({ id, treatment: {}, seed: 1, lineup, metrics: [], series: [], snapshots: {}, scores: [1, 5, 9], winners: [2], rounds: 3, kind: 'limit', ...(seatResults ? { seatResults } : {}) });
const classed = result('classed', { seats: [row('copycat-1', 'decided', 1), row('model-void-2', 'void', null), row('model-forfeit-3', 'forfeit', 2)], winners: ['copycat-1'], unrated: null });
const keys = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

describe.skipIf(!server)('rating inputs on the queue (issue 37)', () => {
  let db: { url: string; drop(): Promise<void> } | null = null;
  afterAll(async () => db?.drop());

  test("a run's seat classes reach rating_inputs (added to a table made before them) and its ratings read back from the queue", async () => {
    db = await freshDatabase(server!, 'house_ratings');
    const old = new SQL(db.url, { max: 1 });
    await old.unsafe('CREATE SCHEMA house_lab');
    await old.unsafe('CREATE TABLE house_lab.results (run_key uuid PRIMARY KEY, game text NOT NULL, run_id text NOT NULL, result text NOT NULL, worker text NOT NULL, elapsed_ms double precision NOT NULL, finished_at timestamptz NOT NULL DEFAULT now())');
    await old.unsafe('CREATE TABLE house_lab.rating_inputs (run_key uuid PRIMARY KEY REFERENCES house_lab.results (run_key) ON DELETE CASCADE, game text NOT NULL, lineup text[] NOT NULL, scores double precision[] NOT NULL, winners integer[] NOT NULL, kind text)');
    await old.close();
    const sql = await openLabDb(db.url, 1);
    try {
      await writeResults(sql, [
        { key: keys[0]!, game: 'trust', result: classed, worker: 'w', elapsedMs: 1 },
        { key: keys[1]!, game: 'trust', result: result('plain'), worker: 'w', elapsedMs: 1 },
      ]);
      const rows = (await sql`SELECT run_key, classes, unrated FROM house_lab.rating_inputs ORDER BY run_key`) as Array<{ run_key: string; classes: string[] | null; unrated: string | null }>;
      expect(rows.map((r) => [r.classes, r.unrated])).toEqual([
        [['decided', 'void', 'forfeit'], null],
        [null, null],
      ]);
      const read = await readResults(sql, [keys[0]!]);
      const prior = { ...emptyRatings('trust'), participants: Object.fromEntries(lineup.map((p) => [p, { mu: 25, sigma: 4, matches: 12, wins: 3 }])) };
      const { ratings } = runRatings('trust', [...read.values()], prior);
      expect(ratings.participants['model:void']).toEqual(prior.participants['model:void']!);
      expect(ratings.participants['model:forfeit']!.mu).toBeLessThan(25);
    } finally {
      await sql.close();
    }
  });
});
