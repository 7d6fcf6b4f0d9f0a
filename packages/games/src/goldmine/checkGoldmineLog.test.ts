import { describe, expect, test } from 'bun:test';
import { EventLog, type LogEntry } from '../engine/eventLog.ts';
import { Match } from '../engine/match.ts';
import { runMatchSync } from '../engine/runner.ts';
import { checkGoldmineLog } from './checkGoldmineLog.ts';
import { goldmineGame } from './goldmineGame.ts';

const players = ['r1', 'r2', 'g', 't'];
const names = ['random', 'random', 'greedy-mine', 'tit-for-tat-raid'];
const config = goldmineGame.configSchema.parse({ rounds: 15, size: 4, defense: 'perRaid' });

function played() {
  const match = Match.create(goldmineGame, config, 11, players);
  runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, goldmineGame.strategies[names[i]!]!])));
  return { entries: JSON.parse(JSON.stringify(match.log!.entries)) as LogEntry[], head: match.log!.head, final: JSON.parse(JSON.stringify(match.state)) };
}

/** The entries with their `data` edited, then re-chained, as a forger who rewrites the whole log would. */
function forged(entries: LogEntry[], edit: (entries: LogEntry[]) => void): LogEntry[] {
  const copy = structuredClone(entries);
  edit(copy);
  const log = new EventLog();
  for (const e of copy) log.append(e.round, e.phase, { type: e.type, data: e.data, to: e.to });
  return [...log.entries];
}

const find = (entries: LogEntry[], round: number, type: string, player?: string) =>
  entries.find((e) => e.round === round && e.type === type && (player === undefined || e.data?.player === player))!;

describe('checkGoldmineLog', () => {
  const { entries, head, final } = played();

  test('a genuine log re-plays round by round to the saved head and final state', () => {
    expect(checkGoldmineLog(config, 11, players, entries, { head, final })).toEqual({ ok: true, rounds: 15 });
    expect(entries.filter((e) => e.type === 'round').flatMap((e) => e.data!.draws as unknown[]).length).toBeGreaterThan(0);
  });

  test('an edited entry breaks the hash chain; a wrong head or a dropped entry is found too', () => {
    const edited = structuredClone(entries);
    (find(edited, 7, 'ledger').data!.gold as number[])[0]! += 1;
    expect(checkGoldmineLog(config, 11, players, edited)).toMatchObject({ ok: false, round: 7, reason: expect.stringContaining('hash chain broken') });
    expect(checkGoldmineLog(config, 11, players, entries, { head: 'f'.repeat(64) })).toMatchObject({ ok: false, reason: expect.stringContaining('chain head differs') });
    expect(checkGoldmineLog(config, 11, players, entries.slice(0, -1), { head })).toMatchObject({ ok: false });
  });

  test('a re-chained forgery of gold, of a draw\'s winner, or of the map is caught by the re-play', () => {
    const gold = forged(entries, (es) => void ((find(es, 7, 'ledger').data!.gold as number[])[0]! += 1));
    expect(checkGoldmineLog(config, 11, players, gold)).toEqual({ ok: false, round: 7, reason: "the logged 'ledger' event differs from its re-play (gold)" });
    const drawRound = entries.find((e) => e.type === 'round' && (e.data!.draws as unknown[]).length > 0)!;
    const swapped = forged(entries, (es) => {
      const draw = (find(es, drawRound.round, 'round').data!.draws as Array<{ participants: number[]; winner: number }>)[0]!;
      draw.winner = draw.participants.find((p) => p !== draw.winner)!;
    });
    expect(checkGoldmineLog(config, 11, players, swapped)).toEqual({ ok: false, round: drawRound.round, reason: "the logged 'round' event differs from its re-play (draws)" });
    const moved = forged(entries, (es) => void ((find(es, 3, 'round').data!.owner as number[])[5] = 3));
    expect(checkGoldmineLog(config, 11, players, moved)).toMatchObject({ ok: false, round: 3 });
  });

  test('an illegal kept action slipped into a player\'s list is caught: re-cleaning removes it', () => {
    const notG = (find(entries, 4, 'round').data!.owner as number[]).findIndex((o) => o !== 2);
    const sneaky = forged(entries, (es) => {
      const own = find(es, 5, 'actions', 'g').data!;
      own.kept = [{ type: 'mine', plot: notG, k: 3 }, ...(own.kept as unknown[])];
    });
    expect(checkGoldmineLog(config, 11, players, sneaky)).toEqual({ ok: false, round: 5, reason: "the logged 'actions' event of 'g' differs from its re-play (kept)" });
  });

  test('missing rounds, missing or foreign players, unknown events, the wrong seed and a wrong final state are refused', () => {
    expect(checkGoldmineLog(config, 11, players, forged(entries, () => {}).filter((e) => e.round !== 4))).toMatchObject({ ok: false, reason: expect.stringContaining('hash chain') });
    const unhashed = entries.map(({ hash: _h, prev: _p, ...e }) => e);
    expect(checkGoldmineLog(config, 11, players, unhashed.filter((e) => e.round !== 4))).toEqual({ ok: false, round: 5, reason: 'round 4 is missing' });
    expect(checkGoldmineLog(config, 11, players, unhashed.filter((e) => !(e.round === 2 && e.type === 'actions' && e.data?.player === 't')))).toEqual({ ok: false, round: 2, reason: "no actions event for 't'" });
    expect(checkGoldmineLog(config, 11, ['r1', 'r2', 'g', 'x'], unhashed)).toEqual({ ok: false, round: 1, reason: "actions of unknown player 't'" });
    expect(checkGoldmineLog(config, 11, players, [...unhashed, { round: 3, phase: 'act', seq: 0, type: 'bribe' }])).toEqual({ ok: false, round: 3, reason: "unexpected event type 'bribe'" });
    expect(checkGoldmineLog(config, 12, players, entries).ok).toBe(false);
    expect(checkGoldmineLog(config, 11, players, entries, { final: { ...final, gold: [0, 0, 0, 0] } })).toMatchObject({ ok: false, reason: expect.stringContaining('(gold)') });
    expect(checkGoldmineLog(config, 11, players, [...unhashed, { ...unhashed.at(-1)!, round: 16 }])).toEqual({ ok: false, round: 16, reason: 'events after the last round' });
  });
});

test('a match with every RULES G-e treatment on re-plays too: talk lines, authority returns and fines, per-seat stamina, per-plot alpha', () => {
  const treated = goldmineGame.configSchema.parse({ rounds: 40, size: 4, talk: true, authority: 3, authorityFine: 2, stamina: '6/12', plotAlpha: 'random' });
  const match = Match.create(goldmineGame, treated, 5, players);
  runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, goldmineGame.strategies[names[i]!]!])));
  const entries = JSON.parse(JSON.stringify(match.log!.entries)) as LogEntry[];
  const rounds = entries.filter((e) => e.type === 'round').map((e) => e.data as { talk?: unknown[]; tally: { returned?: number } });
  expect(rounds.some((r) => (r.talk ?? []).length > 0)).toBe(true);
  expect(rounds.reduce((n, r) => n + (r.tally.returned ?? 0), 0)).toBeGreaterThan(0);
  expect(checkGoldmineLog(treated, 5, players, entries, { head: match.log!.head, final: JSON.parse(JSON.stringify(match.state)) })).toEqual({ ok: true, rounds: 40 });
});
