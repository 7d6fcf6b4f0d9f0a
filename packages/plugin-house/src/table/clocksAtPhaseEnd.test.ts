import { describe, expect, test } from 'bun:test';
import { charge, clockRulesSchema, newClock, settle } from '@the-house/lab/remote/seatClock.ts';
import type { RemoteSeatRecord } from '../entrants/remoteSeatRecord.ts';
import type { SeatSpecs } from '../seats/seatSpec.ts';
import { clocksAtPhaseEnd } from './clocksAtPhaseEnd.ts';

describe("a phase's save of its seats", () => {
  test("an entrant's clock as the phase ended, not charged by the next phase's answer; the rest as it is when written", () => {
    const clock = newClock(clockRulesSchema.parse({ moveMs: 1_000, bankMs: 5_000, maxMisses: 3 }));
    const remote = { kind: 'http', entrant: 'ref', url: 'http://entrant.test/turn', clock } as unknown as RemoteSeatRecord;
    const seats: SeatSpecs = { Ada: { kind: 'remote', remote }, Pat: { kind: 'person', person: { id: 'u', room: null, origin: null } }, Bo: { kind: 'strategy', strategy: 'copycat' } };
    const save = clocksAtPhaseEnd(() => seats);

    // The next phase: the entrant's slow invalid answer comes in before the save is written; the person is told their turn.
    charge(clock, 3_000);
    settle(clock, 'invalid');
    if (seats.Pat!.kind === 'person') seats.Pat!.person.toldTurn = '2:move:7';

    const written = JSON.parse(JSON.stringify(save())) as SeatSpecs;
    expect(written.Ada).toEqual({ kind: 'remote', remote: { ...JSON.parse(JSON.stringify(remote)), clock: { ...newClock(clock.rules) } } });
    expect(written.Pat).toEqual({ kind: 'person', person: { id: 'u', room: null, origin: null, toldTurn: '2:move:7' } });
    expect(written.Bo).toEqual({ kind: 'strategy', strategy: 'copycat' });
    // The live clock is the seat's own, charged.
    expect(clock).toMatchObject({ bankLeftMs: 3_000, missesInRow: 1, invalid: 1 });
  });

  test('seats with no entrant are written as they are', () => {
    const seats: SeatSpecs = { Bo: { kind: 'strategy', strategy: 'copycat' } };
    expect(clocksAtPhaseEnd(() => seats)()).toBe(seats);
  });
});
