import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import type { SeatInfo } from '../models/matchRecorder.ts';
import { remoteSeatTurn, type RemoteSeatLine } from '../remote/decideRemote.ts';
import { NotesBook } from './notesBook.ts';
import type { Seat, SeatAnswer, SeatMatch, SeatTurn } from './seat.ts';
import { seatPrompter } from './seatPrompts.ts';
import { unitsOf } from './unitsOf.ts';

const compact = seatPrompter('compact');

/**
 * A seat held by an agent elsewhere (A2A, MCP, plain HTTP, an
 * OpenAI-compatible endpoint), headless or at a House table: asked through
 * the remote pipeline (`remoteSeatTurn`: its clock, one repair while time
 * allows, the fallback, its baseline once substituted), with the compact
 * prompt a model seat reads and its notes on opponents folded after each
 * round. Its line is made on first use (a House entrant's key is read then);
 * `over` runs once the match is over (an MCP desk closes).
 */
export class RemoteSeat implements Seat {
  readonly kind = 'remote' as const;
  readonly info: SeatInfo;
  private readonly notes: NotesBook;
  private line: RemoteSeatLine | null = null;

  constructor(
    private readonly table: SeatMatch,
    private readonly owner: PlayerId,
    private readonly lineOf: () => RemoteSeatLine | Promise<RemoteSeatLine>,
    fallback: string | null,
    private readonly over: () => void = () => {},
  ) {
    this.info = { brain: 'model', strategy: fallback, persona: '', system: '' };
    this.notes = new NotesBook(table.matchId);
  }

  /** The seat's line to its agent, made now if no turn made it yet (the end of the match goes to an agent never asked too). */
  async lineNow(): Promise<RemoteSeatLine> {
    return (this.line ??= await this.lineOf());
  }

  async decide({ view, ctx, request }: SeatTurn): Promise<SeatAnswer> {
    const { table } = this;
    const { game, state } = table.match;
    const line = await this.lineNow();
    const prompt = (req: DecisionRequest) => compact.prompt('', req, this.notes.of(this.owner), table.window).text;
    const turn = await remoteSeatTurn({ game, state, view, ctx, request, table: table.matchId, line, recorder: table.recorder, prompt, signal: table.signal });
    return turn.missing === undefined ? { decision: turn.decision, trace: turn.trace } : { decision: turn.decision, trace: turn.trace, missing: turn.missing };
  }

  async tell(): Promise<void> {
    const { match } = this.table;
    this.notes.afterRound(match, unitsOf(match, this.owner));
    if (match.over) this.over();
  }
}
