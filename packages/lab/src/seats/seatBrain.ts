import type { Brain } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { decisionRequest } from './decisionRequestFor.ts';
import type { Seat, SeatMatch } from './seat.ts';

/**
 * A seat as the engine's brain: the same request, the same record, the same
 * way to a fallback, whatever kind it is. A seat without a decision throws
 * its reason, which the runner logs privately before the game's fallback.
 */
export function seatBrain(table: SeatMatch, id: PlayerId, seat: Seat): Brain {
  return {
    name: `${id} (${seat.kind})`,
    async decide(view, ctx) {
      const { match } = table;
      const request = decisionRequest(match.game, match.state, table.matchId, view, ctx);
      const answer = await seat.decide({ view, ctx, request });
      table.recorder.answer(ctx.round, ctx.phase, ctx.player, answer.trace);
      if (answer.missing !== undefined) throw new Error(answer.missing);
      return answer.decision;
    },
  };
}
