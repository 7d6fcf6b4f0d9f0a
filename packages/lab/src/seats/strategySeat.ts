import type { Strategy } from '@the-house/games/engine/types.ts';
import type { SeatInfo } from '../models/matchRecorder.ts';
import { decisionOf } from './decideWithRepair.ts';
import type { Seat, SeatAnswer, SeatMatch, SeatTurn } from './seat.ts';

/**
 * A seat played by one of the game's baseline strategies (`bot:grudger` at a
 * House table, a sweep's population): it decides from its view, its move
 * recorded as the JSON text it would send and checked as any answer is; it
 * is told nothing it could use.
 */
export class StrategySeat implements Seat {
  readonly kind = 'strategy' as const;
  readonly info: SeatInfo;

  constructor(
    private readonly table: Pick<SeatMatch, 'match'>,
    private readonly strategy: Strategy<any, any>,
  ) {
    this.info = { brain: 'offline', strategy: strategy.name, persona: '', system: '' };
  }

  async decide({ view, ctx }: SeatTurn): Promise<SeatAnswer> {
    const { game, state } = this.table.match;
    const text = JSON.stringify(this.strategy.decide(view, ctx));
    const decision = decisionOf(text);
    return { decision, trace: { kind: 'offline', texts: [text], calls: [], outcome: game.validate(state, ctx.player, decision).ok ? 'valid' : 'fallback', errors: [] } };
  }

  async tell(): Promise<void> {}
}
