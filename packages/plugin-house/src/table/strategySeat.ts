import type { Strategy } from '@the-house/games/engine/types.ts';
import type { SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import type { Seat, SeatAnswer, SeatTurn } from './seat.ts';

/**
 * A seat played by one of the game's baseline strategies, with no runtime
 * behind it (`!play trust Ada bot:grudger`): it decides from its view as it
 * would headless, and is told nothing it could use.
 */
export class StrategySeat implements Seat {
  readonly kind = 'strategy' as const;
  readonly info: SeatInfo;

  constructor(private readonly strategy: Strategy<any, any>) {
    this.info = { brain: 'offline', strategy: strategy.name, persona: '', system: '' };
  }

  async decide({ view, ctx }: SeatTurn): Promise<SeatAnswer> {
    const decision = await this.strategy.decide(view, ctx);
    return { decision, trace: { kind: 'offline', texts: [JSON.stringify(decision)], calls: [], outcome: 'valid', errors: [] } };
  }

  async tell(): Promise<void> {}
}
