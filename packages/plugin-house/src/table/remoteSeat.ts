import type { PlayerId } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import { outboundPolicy } from '@the-house/lab/net/outboundPolicy.ts';
import { remoteSeatTurn } from '@the-house/lab/remote/decideRemote.ts';
import { McpSeatDesk } from '@the-house/lab/remote/mcpSeatDesk.ts';
import { mcpSeatRules } from '@the-house/lab/remote/mcpSeatRules.ts';
import type { RemoteClient } from '@the-house/lab/remote/remoteClient.ts';
import { remoteClientFor } from '@the-house/lab/remote/remoteClientFor.ts';
import { NotesBook } from '@the-house/lab/seats/notesBook.ts';
import { seatPrompter } from '@the-house/lab/seats/seatPrompts.ts';
import { EntrantStore } from '../entrants/entrantStore.ts';
import { entrantLabel } from '../entrants/entrant.ts';
import type { RemoteSeatRecord } from '../entrants/remoteSeatRecord.ts';
import type { Seat, SeatAnswer, SeatTurn } from './seat.ts';
import type { TableCore } from './tableCore.ts';

const compact = seatPrompter('compact');

/**
 * A seat held by a registered entrant elsewhere (A2A, HTTP, an
 * OpenAI-compatible endpoint) or an MCP agent that calls the House: asked
 * through the remote pipeline (`remoteSeatTurn`: its clock, one repair while
 * time allows, the fallback, its baseline once substituted), with the compact
 * prompt a model seat reads, its memory of opponents folded after each round
 * as a model seat's is. Its clock lives in the match's record of the seat,
 * saved after every phase.
 */
export class RemoteSeat implements Seat {
  readonly kind = 'remote' as const;
  readonly info: SeatInfo;
  /** An MCP seat's desk, where its agent's calls land (through the seat route). */
  readonly desk: McpSeatDesk | null;
  private client: RemoteClient | null = null;
  private readonly notes: NotesBook;

  constructor(
    private readonly table: TableCore,
    private readonly id: PlayerId,
    readonly record: RemoteSeatRecord,
  ) {
    this.info = { brain: 'model', strategy: record.fallback, persona: '', system: '' };
    const game = table.host.games[table.stored.game]!;
    this.desk = record.kind === 'mcp' ? new McpSeatDesk(mcpSeatRules(game.title, game.summary)) : null;
    this.notes = new NotesBook(table.stored.id);
  }

  /** The line to the agent, made on first use (an OpenAI-compatible entrant's key is read from the entrant then). */
  private async line(): Promise<RemoteClient> {
    if (this.desk) return this.desk;
    if (this.client) return this.client;
    const { record } = this;
    const key = record.kind === 'openai' ? (await new EntrantStore(this.table.host.runtime).find(record.entrant))?.key : undefined;
    const logger = this.table.host.runtime.logger;
    this.client = remoteClientFor({ kind: record.kind, url: record.url, model: record.model }, { policy: outboundPolicy().policy, apiKey: key, onDetail: (detail) => logger.warn(`House: seat ${this.id} of ${this.table.id}: ${detail}`) });
    return this.client!;
  }

  async decide({ view, ctx, request }: SeatTurn): Promise<SeatAnswer> {
    const { table, record } = this;
    const match = table.match!;
    const fallback = record.fallback ? (ownValue(match.game.strategies, record.fallback) ?? null) : null;
    const owner = this.id;
    const turn = await remoteSeatTurn({
      game: match.game,
      state: match.state,
      view,
      ctx,
      request,
      table: table.stored.id,
      line: { client: await this.line(), clock: record.clock, entrant: `entrant:${entrantLabel({ name: record.entrant, version: record.version })}`, fallback },
      recorder: table.recorder,
      prompt: (req) => compact.prompt('', req, this.notes.of(owner), { historyRounds: table.stored.options.historyRounds }).text,
      signal: table.abort.signal,
    });
    return turn.missing === undefined ? { decision: turn.decision, trace: turn.trace } : { decision: turn.decision, trace: turn.trace, missing: turn.missing };
  }

  /** After a round: the seat's notes fold it in; once the match is over an MCP seat's desk closes, so an agent waiting on it hears at once (its token is refused from then on). */
  async tell(): Promise<void> {
    const match = this.table.match!;
    this.notes.afterRound(match, [this.id]);
    if (match.over) this.desk?.close();
  }
}
