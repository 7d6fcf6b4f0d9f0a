import { lookalike } from '@the-house/games/engine/lookalike.ts';
import { agentNameText, alreadySeatedText, joinedText, kickedText, noSuchSeatText, tableFullText } from '../texts/deskTexts.ts';
import { agentSpec } from '../seats/seatSpec.ts';
import type { CommandHandler } from './deskRequest.ts';
import { agentNamed, privateSeat, tableStartedText } from './openMatch.ts';
import { houseOf, seatChatLine } from './seatChatLine.ts';

/**
 * `!join`: a player agent sits under its own name, a person under theirs.
 * A taken name and a full table are said before who may sit.
 */
const join: CommandHandler<'join'> = async (req, at) => {
  const { host, author } = req;
  const t = at.live!;
  const game = host.games[t.stored.game]!;
  const viaAgent = req.fromPlayer ? host.players.find(author.name)?.character.name : undefined;
  const name = viaAgent ?? (await host.people.nameOf(author));
  if (!viaAgent && agentNamed(host.players, name)) return agentNameText(name);
  if (t.stored.players.some((p) => lookalike(p) === lookalike(name))) return alreadySeatedText(name);
  if (t.stored.players.length >= game.maxPlayers) return tableFullText(game.maxPlayers);
  const refused = req.refused(at);
  if (refused) return refused;
  const person = viaAgent ? null : await privateSeat(host, author);
  t.stored.seats[name] = person ? { kind: 'person', person } : agentSpec();
  // RULES T-c: the person who opened it now sits in it, so no one observes it.
  if (!viaAgent && t.stored.owner?.id === author.id) t.stored.observer = null;
  t.stored.players.push(name);
  await t.persist();
  const turns = person ? seatChatLine(houseOf(host), author, person) : '';
  return `${joinedText(name, game.title, !!person && !turns, t.stored.players)}${turns}`;
};

/** `!kick`: a seat leaves the lobby. */
const kick: CommandHandler<'kick'> = async ({ command }, at) => {
  const t = at.live!;
  const seat = t.stored.players.find((p) => p.toLowerCase() === command.player.toLowerCase());
  if (!seat) return noSuchSeatText(command.player, t.id, t.stored.players);
  t.stored.players = t.stored.players.filter((p) => p !== seat);
  if (Object.hasOwn(t.stored.seats, seat)) delete t.stored.seats[seat];
  await t.persist();
  return kickedText(seat, t.id, t.stored.players);
};

/** `!start`: the lobby's match begins now. */
const start: CommandHandler<'start'> = async ({ host }, at) => at.live!.begin() ?? (await tableStartedText(host, at.live!));

/** The commands of a match waiting in its lobby. */
export const lobbyCommands = { join, kick, start };
