import type { PlayerId } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import { outboundPolicy } from '@the-house/lab/net/outboundPolicy.ts';
import type { RemoteSeatLine } from '@the-house/lab/remote/decideRemote.ts';
import { McpSeatDesk } from '@the-house/lab/remote/mcpSeatDesk.ts';
import { mcpSeatRules } from '@the-house/lab/remote/mcpSeatRules.ts';
import type { RemoteClient } from '@the-house/lab/remote/remoteClient.ts';
import { remoteClientFor } from '@the-house/lab/remote/remoteClientFor.ts';
import { RemoteSeat } from '@the-house/lab/seats/remoteSeat.ts';
import type { Seat, SeatAnswer, SeatTurn } from '@the-house/lab/seats/seat.ts';
import { budgetSpentAnswer } from '@the-house/lab/seats/baselineAnswer.ts';
import { endedMcpSeatsOf } from '../entrants/endedMcpSeats.ts';
import { EntrantStore } from '../entrants/entrantStore.ts';
import { entrantLabel } from '../entrants/entrant.ts';
import { declaredKey } from '../entrants/declaredEntrants.ts';
import { entrantSpendOf } from '../entrants/entrantSpend.ts';
import type { RemoteSeatRecord } from '../entrants/remoteSeatRecord.ts';
import { seatMatchOf } from './seatMatchOf.ts';
import { turnSigningKey } from './turnSigningKey.ts';
import type { TableCore } from './tableCore.ts';

/**
 * An OpenAI-compatible entrant's key, for the very URL and model its seat was
 * given: a declared entrant's from the setting HOUSE_ENTRANTS names for it, a
 * person's from what they gave privately. An entrant since entered again
 * elsewhere (another URL or model) gets none: its key never follows a name.
 */
async function keyOf(table: TableCore, record: RemoteSeatRecord): Promise<string | undefined> {
  const stored = await new EntrantStore(table.host.runtime).find(record.entrant);
  if (!stored || stored.name !== record.entrant || stored.url !== record.url || stored.model !== record.model) return undefined;
  if (stored.declared) return declaredKey(table.host.settings.declaredEntrants.entrants, record, (name) => table.host.settings.text(name) || undefined);
  return stored.key;
}

/**
 * A seat held by a registered entrant's agent (A2A, HTTP, an
 * OpenAI-compatible endpoint) or an MCP agent that calls the House: the
 * lab's remote seat, on a line made on first use (an OpenAI-compatible
 * entrant's key is read from the entrant then). Its clock lives in the
 * match's record of the seat, saved after every phase. An MCP seat keeps its
 * desk, where its agent's calls land (through the seat route); once the
 * match is over its agent hears the end there (`tellEntrants`), and the
 * desk closes to turns.
 */
export class EntrantSeat implements Seat {
  readonly kind = 'remote' as const;
  readonly info: SeatInfo;
  readonly desk: McpSeatDesk | null;
  private readonly seat: RemoteSeat;

  constructor(
    private readonly table: TableCore,
    private readonly id: PlayerId,
    private readonly record: RemoteSeatRecord,
  ) {
    const game = table.host.games[table.stored.game]!;
    const desk = record.kind === 'mcp' ? new McpSeatDesk(mcpSeatRules(game.title, game.summary)) : null;
    const signingKey = turnSigningKey(table, id);
    const line = async (): Promise<RemoteSeatLine> => {
      const fallback = record.fallback ? (ownValue(game.strategies, record.fallback) ?? null) : null;
      const entrant = `entrant:${entrantLabel({ name: record.entrant, version: record.version })}`;
      if (desk) return { client: desk, clock: record.clock, entrant, fallback };
      const key = record.kind === 'openai' ? await keyOf(table, record) : undefined;
      const logger = table.host.runtime.logger;
      const client = remoteClientFor({ kind: record.kind, url: record.url, model: record.model }, { policy: outboundPolicy().policy, apiKey: key, onDetail: (detail) => logger.warn(`House: seat ${id} of ${table.id}: ${detail}`), signingKey });
      return { client: client!, clock: record.clock, entrant, fallback };
    };
    this.desk = desk;
    this.seat = new RemoteSeat(seatMatchOf(table), id, line, record.fallback, () => desk?.close());
    this.info = this.seat.info;
  }

  /**
   * A seat someone other than its owner gave it is held to the budgets its
   * owner allows (`!entrants open`): past the match's or the day's, its
   * baseline plays the turn and the log says why; what it spends counts
   * toward the day.
   */
  async decide(turn: SeatTurn): Promise<SeatAnswer> {
    const { budget } = this.record;
    if (!budget) return this.seat.decide(turn);
    const { table, id } = this;
    const ledger = entrantSpendOf(table.host.runtime);
    const inMatch = table.recorder.spend(id).tokens;
    const today = await ledger.today(this.record.entrant);
    const over =
      budget.matchTokens !== undefined && inMatch >= budget.matchTokens
        ? `its owner's budget for a match is spent (${inMatch} of ${budget.matchTokens} tokens)`
        : budget.dayTokens !== undefined && today >= budget.dayTokens
          ? `its owner's budget for today is spent (${today} of ${budget.dayTokens} tokens)`
          : null;
    if (over) {
      const match = table.match!;
      const strategy = this.record.fallback ? (ownValue(match.game.strategies, this.record.fallback) ?? null) : null;
      return budgetSpentAnswer(table.recorder, match.game, match.state, turn.view, turn.ctx, turn.request, over, strategy);
    }
    try {
      return await this.seat.decide(turn);
    } finally {
      await ledger.add(this.record.entrant, table.recorder.spend(id).tokens - inMatch);
    }
  }

  tell(): Promise<void> {
    return this.seat.tell();
  }

  /** The client its match's end goes through; an MCP seat's desk is kept by its token a while after, so its agent reads the end there (`endedMcpSeats.ts`). */
  async endClient(): Promise<RemoteClient> {
    const { desk, record } = this;
    if (desk && record.tokenHash) endedMcpSeatsOf(this.table.host.runtime).keep(record.tokenHash, desk, Date.now());
    return desk ?? (await this.seat.lineNow()).client;
  }
}
