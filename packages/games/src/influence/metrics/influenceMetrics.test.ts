import { describe, expect, test } from 'bun:test';
import { Match, type RoundRecord } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { metricRows } from '../../engine/runMetrics.ts';
import type { PlayedRun, PlayerId } from '../../engine/types.ts';
import { influenceGame } from '../influenceGame.ts';
import type { InfluenceState } from '../influenceTypes.ts';
import { influenceHistory } from './influenceHistory.ts';
import { influenceMetrics } from './influenceMetrics.ts';

interface ScriptRound {
  /** DMs sent in the round's first WHISPER turn: sender -> recipients. */
  dms: Array<[PlayerId, PlayerId[]]>;
  /** Ballots: voter -> [empower, expose?]. */
  votes: Record<PlayerId, [PlayerId, PlayerId?]>;
  /** Who the empowered eliminates, whoever it is; `either` with two left: the other one. */
  out: PlayerId | 'either';
}

/** Plays scripted rounds phase by phase (every player always acts, so nothing is auto-filled unless left out of `silent`). */
function scripted(players: PlayerId[], script: ScriptRound[], config: Record<string, unknown> = {}, silent: PlayerId[] = []): PlayedRun<InfluenceState> {
  const match = Match.create(influenceGame, influenceGame.configSchema.parse(config), 5, players, { log: false });
  const rounds: RoundRecord[] = [];
  for (const r of script) {
    const round = match.state.round;
    let whispered = false;
    while (!match.over && match.state.round === round) {
      const s = match.state;
      const decisions: Record<PlayerId, unknown> = {};
      for (const p of influenceGame.actors(s)) {
        if (silent.includes(p)) continue;
        if (s.phase === 'WHISPER') decisions[p] = { whispers: whispered ? [] : r.dms.filter(([from]) => from === p).map(([, to]) => ({ to, text: `${p} to ${to.join(' and ')}` })) };
        if (s.phase === 'RUMOR') decisions[p] = { public: `${p} has nothing to hide` };
        if (s.phase === 'VOTE') {
          const [empower, expose] = r.votes[p]!;
          decisions[p] = expose === undefined ? { empower } : { empower, expose };
        }
        if (s.phase === 'POWER') {
          const other = s.players.find((o) => o !== p && influenceGame.alive(s, o))!;
          decisions[p] = { power: { action: 'eliminate', target: r.out === 'either' ? other : r.out } };
        }
      }
      if (s.phase === 'WHISPER') whispered = true;
      const { finished } = match.step({ decisions });
      if (finished) rounds.push(finished);
    }
  }
  return { state: match.state, rounds };
}

/**
 * Five players, four rounds:
 * 1. DMs a->b, c->d, d->c, b->e; a is empowered (4 votes) and eliminates e.
 * 2. DMs a->b, c->{a,b}; a (3 votes) eliminates d.
 * 3. DM b->a; a (2 votes) eliminates c.
 * 4. No DM; a and b vote for each other, the seeded draw empowers b, who eliminates a and wins.
 */
const run = scripted(
  ['a', 'b', 'c', 'd', 'e'],
  [
    { dms: [['a', ['b']], ['c', ['d']], ['d', ['c']], ['b', ['e']]], votes: { a: ['b', 'e'], b: ['a', 'e'], c: ['a', 'e'], d: ['a', 'e'], e: ['a', 'a'] }, out: 'e' },
    { dms: [['a', ['b']], ['c', ['a', 'b']]], votes: { a: ['b', 'd'], b: ['a', 'd'], c: ['a', 'd'], d: ['a', 'c'] }, out: 'd' },
    { dms: [['b', ['a']]], votes: { a: ['b', 'c'], b: ['a', 'c'], c: ['a', 'b'] }, out: 'c' },
    { dms: [], votes: { a: ['b'], b: ['a'] }, out: 'either' },
  ],
);

const rows = metricRows(influenceMetrics, influenceHistory(run));
const triple = (metric: string) => {
  const r = rows.find((x) => x.metric === metric)!;
  return [r.whole, r.first, r.second];
};

describe('the five-player transcript (halves: rounds 1-2 | 3-4)', () => {
  test('the transcript went as written', () => {
    expect(run.state.rounds.map((r) => [r.empowered, r.eliminated.map((e) => e.player)])).toEqual([
      ['a', ['e']],
      ['a', ['d']],
      ['a', ['c']],
      ['b', ['a']],
    ]);
    expect(run.state.winner).toBe('b');
  });

  test('4 rounds to the end, whole-run only', () => {
    expect(triple('rounds')).toEqual([4, Number.NaN, Number.NaN]);
  });

  test("the winner's votes: b had 1 empower vote a round and 1 expose vote (round 3), whole-run only", () => {
    expect(triple('winnerEmpower')).toEqual([4, Number.NaN, Number.NaN]);
    expect(triple('winnerExposed')).toEqual([1, Number.NaN, Number.NaN]);
  });

  test('persistence: {a,b} kept of {a,b},{c,d} (1/2); {a,b} of {a,b},{a,c},{b,c} (1/3); {a,b} dropped in round 4 (0/1)', () => {
    // {b,e} after round 1 does not count: e is out.
    expect(triple('persistence')).toEqual([2 / 6, 1 / 2, 0]);
  });

  test('DM volume: 4, 2, 1, 0 DMs over 5, 4, 3, 2 living players', () => {
    expect(triple('dmVolume')).toEqual([7 / 14, 6 / 9, 1 / 5]);
  });

  test('no one was idle', () => {
    expect(triple('inactivity')).toEqual([0, 0, 0]);
  });

  test('series: players alive, DMs per living player, pairs kept from the round before', () => {
    const series = new Map(influenceMetrics.series!(influenceHistory(run)).map((s) => [s.key, s.values]));
    expect(series.get('alive')).toEqual([5, 4, 3, 2]);
    expect(series.get('dmVolume')).toEqual([4 / 5, 2 / 4, 1 / 3, 0]);
    expect(series.get('persistence')).toEqual([Number.NaN, 1 / 2, 1 / 3, 0]);
  });
});

describe('inactivity and the end without a winner', () => {
  test('with an inactivity limit of 1, a silent player is out at the end of round 1', () => {
    const quiet = scripted(
      ['a', 'b', 'c', 'd'],
      [
        { dms: [], votes: { a: ['b', 'c'], b: ['a', 'c'], c: ['a', 'b'] }, out: 'c' },
        { dms: [], votes: { a: ['b'], b: ['a'] }, out: 'either' },
      ],
      { inactivityLimit: 1 },
      ['d'],
    );
    expect(quiet.state.eliminations.filter((e) => e.reason === 'inactivity').map((e) => [e.player, e.round])).toEqual([['d', 1]]);
    const r = metricRows(influenceMetrics, influenceHistory(quiet)).find((x) => x.metric === 'inactivity')!;
    expect([r.whole, r.first, r.second]).toEqual([1, 1, 0]);
  });

  test("without a winner, the winner's votes are NaN", () => {
    const h = { ...influenceHistory(run), winner: null };
    const byName = new Map(metricRows(influenceMetrics, h).map((x) => [x.metric, x.whole]));
    expect(byName.get('winnerEmpower')).toBeNaN();
    expect(byName.get('winnerExposed')).toBeNaN();
  });
});

describe('a real match', () => {
  test('eight offline brains to the end: every metric is a number; wholeOnly ones have no halves', () => {
    const names = Object.keys(influenceGame.strategies);
    const players = Array.from({ length: 8 }, (_, i) => `p${i + 1}`);
    const match = Match.create(influenceGame, influenceGame.configSchema.parse({}), 11, players, { log: false });
    const rounds: RoundRecord[] = [];
    runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, influenceGame.strategies[names[i % names.length]!]!])), (record) => rounds.push(record));
    const h = influenceHistory({ state: match.state, rounds });
    expect(h.rounds.length).toBe(rounds.length);
    const result = metricRows(influenceMetrics, h);
    expect(result.map((r) => r.metric)).toEqual(influenceMetrics.defs.map((d) => d.name));
    for (const r of result) {
      const halves = influenceMetrics.defs.find((d) => d.name === r.metric)!.wholeOnly !== true;
      expect([r.metric, Number.isFinite(r.whole), Number.isFinite(r.first), Number.isFinite(r.second)]).toEqual([r.metric, true, halves, halves]);
    }
    for (const name of influenceMetrics.headline) expect(influenceMetrics.defs.some((d) => d.name === name)).toBe(true);
    for (const s of influenceMetrics.series!(h)) expect(s.values.length).toBe(rounds.length);
  });
});
