import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { runHouseCli } from './runHouseCli.ts';

interface Replayed {
  rounds: Array<{ round: number; players: Record<string, Record<string, unknown>>; events: Array<Record<string, unknown>> } & Record<string, unknown>>;
  outcome: { over: boolean; winners: string[]; kind: string | null };
}

/** `bun run house replay scenarios/<name>.json`, as a user runs it: the scenario files are the rulings' transcripts. */
function replay(name: string): Replayed {
  const run = runHouseCli('replay', join(import.meta.dir, 'scenarios', `${name}.json`));
  if (run.code !== 0) throw new Error(`replay ${name} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Replayed;
}

const eventsOf = (r: Replayed, round: number, type: string) => r.rounds.find((x) => x.round === round)!.events.filter((e) => e.type === type);

describe('RULES second rulings, through bun run house replay', () => {
  test('C-a: the player who falls to -6 still gets +100 and keeps the +300 group bonus for all; then it is eliminated', () => {
    const r = replay('cafe-C-a');
    expect(eventsOf(r, 1, 'bonuses')).toEqual([{ type: 'bonuses', survival: 100, group: 300, to: ['ann', 'bob', 'cat'] }]);
    expect(eventsOf(r, 1, 'eliminated')).toEqual([{ type: 'eliminated', player: 'cat', tokens: 1450 }]);
    expect(r.rounds[0]!.players).toEqual({ ann: { tokens: 1950, level: 1, alive: true }, bob: { tokens: 1450, level: 0, alive: true }, cat: { tokens: 1450, level: -1, alive: false } });
  });

  test('C-b: a loan at 150% is offered, accepted and repaid principal x 2.5', () => {
    const r = replay('cafe-C-b');
    expect(eventsOf(r, 1, 'loan_offered')).toEqual([{ type: 'loan_offered', lender: 'ann', borrower: 'bob', amount: 100, rate: 1.5, duration: 1, replaces: false, openFrom: 2 }]);
    expect(eventsOf(r, 2, 'loan_accepted')).toMatchObject([{ lender: 'ann', borrower: 'bob', amount: 100, rate: 1.5, owed: 250, dueRound: 3 }]);
    expect(eventsOf(r, 3, 'loan_repaid')).toMatchObject([{ lender: 'ann', borrower: 'bob', principal: 100, rate: 1.5, owed: 250 }]);
  });

  test('T-b: a legal REPLICATE that the round leaves at -2 still wins at once', () => {
    const r = replay('trust-T-b');
    expect(r.rounds[0]!.players).toEqual({ a: { sats: -2, alive: true }, b: { sats: 104, alive: true } });
    expect(eventsOf(r, 1, 'eliminated')).toEqual([]);
    expect(r.outcome).toEqual({ over: true, winners: ['a'], kind: 'replicate' });
  });

  test('G-a: with cap 4, mine k = 4 is legal and yields 4 x alpha', () => {
    const r = replay('goldmine-G-a');
    expect(r.rounds[1]!.players.a).toEqual({ gold: 4, plots: [0] });
    expect(eventsOf(r, 2, 'actions_dropped')).toEqual([]);
  });

  test('G-b: a claim contested by seats zed, amy, bob lists them in id order (amy, bob, zed) for the draw', () => {
    const r = replay('goldmine-G-b');
    const round = eventsOf(r, 1, 'round')[0]!;
    expect((round.claims as Array<{ by: number[] }>)[0]!.by).toEqual([1, 2, 0]);
    expect((round.draws as Array<{ participants: number[] }>)[0]!.participants).toEqual([1, 2, 0]);
  });

  test('G-c: the ODD\'s category form is read as one list, defend, mine, claim, raid, pruned from the raids', () => {
    const r = replay('goldmine-G-c');
    expect(eventsOf(r, 1, 'fallback')).toEqual([]);
    expect(r.rounds[0]!.players.a).toEqual({ gold: 0, plots: [0, 1] });
    const kept = eventsOf(r, 2, 'actions').find((e) => e.player === 'a')!;
    expect(kept.kept).toEqual([
      { type: 'defend', plot: 1 },
      { type: 'mine', plot: 0, k: 3 },
    ]);
    expect(eventsOf(r, 2, 'actions_dropped')[0]!.dropped).toEqual([
      { index: 2, kind: 'budget', reason: 'over the stamina budget of 4' },
      { index: 3, kind: 'budget', reason: 'over the stamina budget of 4' },
    ]);
  });

  test('G-e: talk lines are public in the round event; the authority gives back a plot held 2 rounds and fines the raider', () => {
    const r = replay('goldmine-G-e');
    expect(eventsOf(r, 1, 'round')[0]!.talk).toEqual([{ seat: 0, text: 'plot 0 is mine' }]);
    const third = eventsOf(r, 3, 'round')[0]!;
    expect(third.talk).toEqual([{ seat: 1, text: 'sorry' }]);
    expect(third.raids).toEqual([{ plot: 0, owner: 0, by: [1], defended: false, truce: false, blocked: [], winner: -1, returnedFrom: 1 }]);
    expect(r.rounds[2]!.players).toEqual({ a: { gold: 6, plots: [0] }, b: { gold: 0, plots: [] } });
  });

  test('I-a: a DM of WHISPER turn 1 is answered in turn 2 of the same round, and answered again in turn 3', () => {
    const r = replay('influence-I-a');
    expect(eventsOf(r, 1, 'dm').map((e) => [e.turn, e.from, e.text])).toEqual([
      [1, 'ann', 'pact against dan?'],
      [2, 'bob', 'yes: dan goes'],
      [3, 'ann', 'done'],
    ]);
    expect(r.rounds[0]!.eliminated).toEqual(['dan']);
  });

  test('I-b: an auto-filled ballot goes to the voter only; the public log says who timed out and the streak', () => {
    const r = replay('influence-I-b');
    const dan = r.rounds[0]!.events.filter((e) => e.player === 'dan' || e.voter === 'dan');
    expect(dan.filter((e) => e.to === undefined)).toEqual([{ type: 'timed_out', player: 'dan', phase: 'VOTE', streak: 1 }]);
    expect(dan.filter((e) => e.type === 'auto_filled' || e.type === 'vote').map((e) => e.to)).toEqual([['dan'], ['dan']]);
  });

  test('I-c: dan posts every round but never votes: three idle rounds eliminate it for inactivity', () => {
    const r = replay('influence-I-c');
    expect(eventsOf(r, 3, 'timed_out').map((e) => e.streak)).toEqual([3]);
    expect(eventsOf(r, 3, 'eliminated')).toContainEqual({ type: 'eliminated', player: 'dan', reason: 'inactivity' });
  });

  test('I-c: when no one ever acts, inactivity takes the last ones too: no winner, kind no-survivor', () => {
    expect(replay('influence-I-c-nobody').outcome).toEqual({ over: true, winners: [], kind: 'no-survivor' });
  });
});
