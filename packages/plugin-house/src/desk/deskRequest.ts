import type { HouseCommand } from '../commands/parse.ts';
import type { Table } from '../table/table.ts';
import type { CommandAuthor, StoredMatch } from '../types.ts';
import type { DeskHost } from './deskHost.ts';

export type CommandKind = HouseCommand['kind'];
export type CommandOf<K extends CommandKind> = Extract<HouseCommand, { kind: K }>;

/** One command as the desk hands it to its handler. */
export interface DeskRequest<K extends CommandKind = CommandKind> {
  readonly host: DeskHost;
  readonly command: CommandOf<K>;
  readonly author: CommandAuthor;
  /** The match the command names: `--match`, or `!resume`'s own argument. */
  readonly ref: string | undefined;
  /** Settles once the reply to this command is out: a person's move reaches the game after its "accepted". */
  readonly replied: Promise<unknown> | undefined;
  /** Whether a player agent sent it, by the id the server vouches for. */
  readonly fromPlayer: boolean;
  /** The refusal the command's declared access gives this author, for a handler that checks it after lines that come first. */
  refused(at: Target): string | null;
}

/** The match a command is about: an open one (`live`), or only its record. */
export interface Target {
  readonly live: Table | null;
  readonly stored: StoredMatch | null;
}

/** A command about no match. */
export const NO_TARGET: Target = { live: null, stored: null };

/** What a command does once its match is found and its author may use it: the reply. */
export type CommandHandler<K extends CommandKind> = (req: DeskRequest<K>, at: Target) => string | Promise<string>;
