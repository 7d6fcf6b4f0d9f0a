import { NO_SPEND, addSpend, type Spend } from '@the-house/lab/models/budget.ts';
import { seatUsage, type MatchRecord, type SeatUsage } from '@the-house/lab/models/matchRecorder.ts';
import { spendOf } from './matchSummary.ts';

/** A match's use of models (per seat) and spend, summed over its record's calls and phase traces a part at a time, as a long match is read. */
export class UsageTally {
  private readonly seats = new Map<string, SeatUsage>();
  private total: Spend = NO_SPEND;

  /** One part of the record's calls or of its phase traces. */
  add(list: 'calls' | 'phases', entries: readonly unknown[]): void {
    const part = { seats: {}, calls: list === 'calls' ? entries : [], phases: list === 'phases' ? entries : [] } as unknown as MatchRecord;
    if (list === 'calls') this.total = addSpend(this.total, spendOf(part));
    for (const [seat, use] of Object.entries(seatUsage(part))) {
      const sum = this.seats.get(seat);
      if (!sum) this.seats.set(seat, { ...use });
      else for (const key of Object.keys(use) as Array<keyof SeatUsage>) sum[key] += use[key];
    }
  }

  /** Per seat, as `seatUsage` gives it for the whole record. */
  get usage(): Record<string, SeatUsage> {
    const out: Record<string, SeatUsage> = Object.create(null) as Record<string, SeatUsage>;
    for (const [seat, use] of this.seats) out[seat] = use;
    return out;
  }

  get spend(): Spend {
    return this.total;
  }
}
