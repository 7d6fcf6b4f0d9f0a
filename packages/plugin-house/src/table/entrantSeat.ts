import type { PlayerId } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import { outboundPolicy } from '@the-house/lab/net/outboundPolicy.ts';
import type { RemoteSeatLine } from '@the-house/lab/remote/decideRemote.ts';
import { McpSeatDesk } from '@the-house/lab/remote/mcpSeatDesk.ts';
import { mcpSeatRules } from '@the-house/lab/remote/mcpSeatRules.ts';
import { remoteClientFor } from '@the-house/lab/remote/remoteClientFor.ts';
import { RemoteSeat } from '@the-house/lab/seats/remoteSeat.ts';
import type { Seat, SeatAnswer, SeatTurn } from '@the-house/lab/seats/seat.ts';
import { EntrantStore } from '../entrants/entrantStore.ts';
import { entrantLabel } from '../entrants/entrant.ts';
import type { RemoteSeatRecord } from '../entrants/remoteSeatRecord.ts';
import { seatMatchOf } from './seatMatchOf.ts';
import type { TableCore } from './tableCore.ts';

/**
 * A seat held by a registered entrant's agent (A2A, HTTP, an
 * OpenAI-compatible endpoint) or an MCP agent that calls the House: the
 * lab's remote seat, on a line made on first use (an OpenAI-compatible
 * entrant's key is read from the entrant then). Its clock lives in the
 * match's record of the seat, saved after every phase. An MCP seat keeps its
 * desk, where its agent's calls land (through the seat route); once the
 * match is over the desk closes, so an agent waiting on it hears at once.
 */
export class EntrantSeat implements Seat {
  readonly kind = 'remote' as const;
  readonly info: SeatInfo;
  readonly desk: McpSeatDesk | null;
  private readonly seat: RemoteSeat;

  constructor(table: TableCore, id: PlayerId, record: RemoteSeatRecord) {
    const game = table.host.games[table.stored.game]!;
    const desk = record.kind === 'mcp' ? new McpSeatDesk(mcpSeatRules(game.title, game.summary)) : null;
    const line = async (): Promise<RemoteSeatLine> => {
      const fallback = record.fallback ? (ownValue(game.strategies, record.fallback) ?? null) : null;
      const entrant = `entrant:${entrantLabel({ name: record.entrant, version: record.version })}`;
      if (desk) return { client: desk, clock: record.clock, entrant, fallback };
      const key = record.kind === 'openai' ? (await new EntrantStore(table.host.runtime).find(record.entrant))?.key : undefined;
      const logger = table.host.runtime.logger;
      const client = remoteClientFor({ kind: record.kind, url: record.url, model: record.model }, { policy: outboundPolicy().policy, apiKey: key, onDetail: (detail) => logger.warn(`House: seat ${id} of ${table.id}: ${detail}`) });
      return { client: client!, clock: record.clock, entrant, fallback };
    };
    this.desk = desk;
    this.seat = new RemoteSeat(seatMatchOf(table), id, line, record.fallback, () => desk?.close());
    this.info = this.seat.info;
  }

  decide(turn: SeatTurn): Promise<SeatAnswer> {
    return this.seat.decide(turn);
  }

  tell(): Promise<void> {
    return this.seat.tell();
  }
}
