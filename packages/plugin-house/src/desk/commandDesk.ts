import { checkSituation, commandList, type HouseCommand, type Situation } from '../commands/parse.ts';
import { houseCommandTable } from '../games/houseGames.ts';
import { allowedText } from '../texts/deskTexts.ts';
import type { CommandAuthor } from '../types.ts';
import { commandRoutes } from './commandRoutes.ts';
import { refusedBy } from './deskAccess.ts';
import type { DeskHost } from './deskHost.ts';
import { NO_TARGET, type DeskRequest, type Target } from './deskRequest.ts';
import { findTarget, type Found } from './matchTarget.ts';

/** Where a match stands, for the "wrong phase" answers. */
function situationOf({ live }: Target): Situation {
  if (!live) return 'idle';
  return live.stored.status === 'lobby' ? 'lobby' : live.stored.status === 'running' ? 'running' : 'idle';
}

/** The match a command names in its own arguments (`!resume ID`), else by `--match`. */
const namedMatch = (command: HouseCommand, ref: string | undefined): string | undefined => ('match' in command ? command.match : undefined) ?? ref;

/**
 * The command desk: a parsed command and its author in, the reply out. Each
 * command's route (`commandRoutes.ts`) declares the match it is about and who
 * may use it; the desk finds that match, checks its phase and the author, and
 * hands the work to the command's handler. No match loop here, and every
 * refusal is one line that says what is allowed.
 */
export class CommandDesk {
  constructor(private readonly host: DeskHost) {}

  /** Runs one parsed command; the reply says what happened or what is allowed. */
  async handle(command: HouseCommand, author: CommandAuthor, ref?: string, replied?: Promise<unknown>): Promise<string> {
    const route = commandRoutes.get(command.kind);
    if (!route) return allowedText(commandList(houseCommandTable()));
    const req: DeskRequest = { host: this.host, command, author, ref: namedMatch(command, ref), replied, fromPlayer: this.host.players.isAgent(author.id), refused: (at) => refusedBy(route.who, req, at) };
    const at: Found = route.match === 'none' ? NO_TARGET : await findTarget(this.host, route.match, command, author, req.ref);
    if (at.error) return at.error;
    const wrong = route.phase === 'checked' ? checkSituation(command, situationOf(at)) : null;
    if (wrong) return wrong;
    return (route.whoLate ? null : req.refused(at)) ?? route.run(req, at);
  }
}
