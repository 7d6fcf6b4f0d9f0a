import { commandList } from '../commands/parse.ts';
import { houseCommandTable, verbAdapter } from '../games/houseGames.ts';
import { HumanDesk } from '../humanDesk.ts';
import { notAVerbOfText, verbNeedsRunningText } from '../texts/deskTexts.ts';
import type { CommandHandler } from './deskRequest.ts';
import { humansOf } from './seatCommands.ts';
import { seatOf } from './seatOf.ts';

/** A game's own verb (Influence's `!dm`, `!audit` after the end, ...), handed to its game's adapter. */
export const gameVerbCommand: CommandHandler<'game'> = (req, { live, stored }) => {
  const { host, command, author } = req;
  const target = live?.stored ?? stored;
  const adapter = target ? verbAdapter(target.game, command.verb) : undefined;
  const afterEnd = target?.status === 'finished' && !!adapter?.afterEnd?.includes(command.verb);
  if (!target || (target.status !== 'running' && !afterEnd)) return verbNeedsRunningText(command.verb, commandList(houseCommandTable()));
  if (!adapter?.handle) return notAVerbOfText(command.verb, target.game, commandList(houseCommandTable()));
  return adapter.handle(command, {
    matchId: target.id,
    game: host.games[target.game]!,
    state: live?.match?.state ?? target.state,
    author,
    seat: seatOf(target, author),
    humans: live ? humansOf(live, req.replied) : new HumanDesk(),
    log: live?.match?.log?.entries ?? target.log,
    say: (text) => host.voiceFor(target).say(text),
    table: live?.gameState ?? null,
  });
};
