import { decisionOf } from '@the-house/lab/seats/decideWithRepair.ts';
import { houseGameOf } from '../games/houseGames.ts';
import type { HumanDesk } from '../humanDesk.ts';
import { canonicalNames } from '../table/canonicalNames.ts';
import type { Table } from '../table/table.ts';
import { movesNowText, noSeatText, viewJsonText, viewLinesText } from '../texts/deskTexts.ts';
import type { CommandHandler } from './deskRequest.ts';
import { quote } from './openMatch.ts';
import { seatOf } from './seatOf.ts';

/** The table's desk of people's turns; for a command whose reply is not out yet, one that hands a completed move in after it ("Move accepted." comes before the next turn). */
export function humansOf(live: Table, replied: Promise<unknown> | undefined): HumanDesk {
  return replied ? live.humans.afterReply(replied) : live.humans;
}

/** `!move`: the person's move, in the game's short form or as its decision JSON; refused, it lists the moves they may make now. */
const move: CommandHandler<'move'> = (req, at) => {
  const live = at.live!;
  const seat = seatOf(live.stored, req.author)!;
  const { text } = req.command;
  const adapter = houseGameOf(live.stored.game);
  const state = live.match!.state;
  const decision = adapter?.parseMove?.(text, state, seat) ?? decisionOf(text);
  const problem = adapter?.personMoveProblem?.(decision) ?? null;
  const submitted = problem ? `Not accepted: ${problem}. Try again before the deadline.` : humansOf(live, req.replied).submit(seat, `!move ${quote(text)}`, decision);
  // The rules' refusal stays as the desk keeps it; the person reads it in plain words where the game has them.
  const inWords = !problem && submitted.startsWith('Not accepted') ? adapter?.refusalInWords?.(state, seat, canonicalNames(decision, live.stored.players)) : null;
  const reply = inWords ? `Not accepted: ${inWords} Try again before the deadline.` : submitted;
  const forms = reply.startsWith('Not accepted') ? adapter?.moveForms?.(state, seat, live.match!.game.view(state, seat)) : undefined;
  return forms?.length ? movesNowText(reply, forms) : reply;
};

/** `!done`: a move of several commands is handed in. */
const done: CommandHandler<'done'> = (req, at) => humansOf(at.live!, req.replied).done(seatOf(at.live!.stored, req.author)!);

/** `!view`: what the person's seat knows, in the game's turn lines or as JSON. */
const view: CommandHandler<'view'> = ({ author, command }, { live }) => {
  const seat = live ? seatOf(live.stored, author) : null;
  if (!live?.match || !seat) return noSeatText(command.kind);
  const { game, state } = live.match;
  const seen = game.view(state, seat);
  const round = (state as { round: number }).round;
  if (command.json) return viewJsonText(live.id, round, seen);
  const lines = live.adapter?.turnText ? live.adapter.turnText(state, seat, seen) : game.prompt ? game.prompt(seen as never) : '';
  return viewLinesText(live.id, round, lines);
};

/** The commands of a person who holds a seat in a running match. */
export const seatCommands = { move, done, view };
