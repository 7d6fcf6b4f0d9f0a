import { verifyChain, type LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { auditLog } from '@the-house/games/influence/audit.ts';
import { COMMAND_HELP, commandEvent, parseCommand } from '@the-house/games/influence/commandParser.ts';
import type { InfluenceCommand, InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { gameCommand, type CommandSpec, type HouseCommand } from '../../commands/parse.ts';
import type { GameCommandContext } from '../houseGame.ts';
import { resolvePlayer, whisperTurn } from '@the-house/games/influence/influenceQueries.ts';
import { refusalOf, schemaProblem } from './influenceDryRun.ts';
import { dmKey } from './influencePosts.ts';
import { deliverNow } from './influenceRooms.ts';
import { IMAGE_UNCHECKED } from './imageUnchecked.ts';
import { influenceTable, type InfluenceTable } from './influenceTable.ts';
import { houseLogLine } from '../../houseLog.ts';
import { parseImage } from '@the-house/games/influence/textChecks.ts';
import { seatGuidance, stillNeeded } from './influenceSeatGuidance.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

/** Influence's verbs of spec section 5 that are not the House's own (`!join`, `!start`, `!status` are). */
export const influenceCommands: CommandSpec[] = [
  gameCommand('dm', 'INFLUENCE_DM', '!dm @A @B MESSAGE', 'WHISPER: a private message to up to 4 others, carried to a room of you and them'),
  gameCommand('public', 'INFLUENCE_PUBLIC', '!public TEXT (or img:URL)', 'RUMOR: your one public message (or png/jpeg image) of the round'),
  gameCommand('empower', 'INFLUENCE_EMPOWER', '!empower @p', 'VOTE: who should hold the power this round (not yourself)'),
  gameCommand('expose', 'INFLUENCE_EXPOSE', '!expose @p', 'VOTE: whom to expose (not yourself)'),
  gameCommand('last', 'INFLUENCE_LAST', '!last TEXT', 'VOTE: your last message, posted if you are eliminated'),
  gameCommand('eliminate', 'INFLUENCE_ELIMINATE', '!eliminate @p', 'POWER, the empowered only: eliminate an exposed player'),
  gameCommand('protect', 'INFLUENCE_PROTECT', '!protect @p', 'POWER, the empowered only: protect an exposed player'),
  gameCommand('audit', 'INFLUENCE_AUDIT', '!audit', "verify the match's hash-chained log against the head the House published"),
];

/** Verbs that still answer once the match is over: the audit is what the published head is for. */
export const influenceAfterEnd = ['audit'];

type GameVerb = Extract<HouseCommand, { kind: 'game' }>;
type Draft = Record<string, unknown>;

/** Discord writes mentions as `<@name>` or `<@!name>`; the rules read `@name`. */
function mentions(text: string): string {
  return text.replace(/<@!?([^>\s]+)>/g, '@$1');
}

/** `!audit`: the game's own chain against the head it published, and the House's log of the match. */
export function auditText(s: InfluenceState, log: readonly LogEntry[]): string {
  const game = auditLog(s.log, s.publishedHead);
  const house = verifyChain(log);
  const own = house.ok ? `The House's match log (${log.length} entries) is intact too.` : `The House's match log FAILED at entry ${house.at}: ${house.reason}.`;
  return `${game.text} ${own}`;
}

function notSeated(s: InfluenceState): string {
  return (
    'Refused: you hold no seat in this match as a person, so the House takes no move from you (agents play through their own decisions). ' +
    `To play, join a lobby with !join or open one with !play influence me,NAMES. ${s.phase === 'END' ? 'The game is over; ' : ''}You may use: !status, !audit.`
  );
}

/** The part of the phase's decision a command stands for, or a refusal when the House cannot take it in this form. */
function partOf(command: InfluenceCommand, s: InfluenceState, seat: PlayerId): { part: Draft } | { refused: string } {
  switch (command.type) {
    case 'dm':
      return command.text === undefined
        ? { refused: `Write !dm @A @B MESSAGE: in the House every !dm carries a message to the private room of you and them. ${seatGuidance(s, seat)}` }
        : { part: { whispers: [{ to: command.to, text: command.text }] } };
    case 'public':
      return { part: { public: command.text } };
    case 'empower':
    case 'expose':
      return { part: { [command.type]: command.target } };
    case 'last':
      if (s.phase === 'VOTE') return { part: { last: command.text } };
      return {
        refused:
          refusalOf(s, seat, {}, commandEvent(seat, command)) ??
          `Refused: in the House your last message goes with your ballot: send !last TEXT during VOTE, before your ballot is complete (it is ${s.phase} now). ${seatGuidance(s, seat)}`,
      };
    case 'eliminate':
    case 'protect':
      return { part: { power: { action: command.type, target: command.target } } };
    default:
      return { refused: COMMAND_HELP };
  }
}

/**
 * RULES I-a: a person's DM reaches its room as it is sent, under the key the
 * turn's close will give it (`dmKey`), so it lands once. The rules take it
 * into the state when the turn closes; the others read it in their next turn.
 */
function deliver(table: InfluenceTable, s: InfluenceState, seat: PlayerId, to: string[], text: string, draft: Draft): void {
  const members = [...new Set([seat, ...to.map((name) => resolvePlayer(s, name))])].sort();
  const n = ((draft.whispers as unknown[] | undefined)?.length ?? 1) - 1;
  void deliverNow(table, members, text, seat, dmKey(s.round, whisperTurn(s.phase) ?? 1, seat, n));
}

/** A person's DMs add up over WHISPER; every other field is the latest one typed. */
function combine(draft: Draft, part: Draft): Draft {
  if (!part.whispers) return { ...draft, ...part };
  return { ...draft, whispers: [...((draft.whispers as unknown[] | undefined) ?? []), ...(part.whispers as unknown[])] };
}

function ack(command: InfluenceCommand): string {
  switch (command.type) {
    case 'dm':
      return `Your DM to ${command.to.join(', ')} is delivered to your private room with them.`;
    case 'public':
      return 'Your public message is noted; the House posts it for you when RUMOR closes.';
    case 'last':
      return 'Your last message is registered with your ballot.';
    case 'empower':
    case 'expose':
    case 'eliminate':
    case 'protect':
      return `Noted: !${command.type} ${command.target}.`;
    default:
      return 'Noted.';
  }
}

/**
 * An Influence command from chat (spec section 5). `!audit` answers anyone.
 * For a person holding a seat, every other command becomes part of their
 * decision for the phase (`humans.merge`), after a dry run of the rules on a
 * copy of the state with what they drafted so far: a command in the wrong
 * phase, at an unknown, dead or own target, a DM to too many, a second public
 * post, power without being empowered, text that imitates the House or is too
 * long is refused with the rules' reason and what is allowed now, and nothing
 * changes. A WHISPER turn stays open for more DMs until `!done` or the
 * deadline, and each DM reaches its room at once. An `img:` post is fetched
 * first (`imageVerdict`, through the House's outbound policy): refused when
 * it is not a png or jpeg of at most 1 MB and 512x512, taken with a plain
 * note when the House could not check it (why goes to the host log only).
 * One image per person per phase is fetched; another is refused unfetched.
 */
export function handleInfluenceCommand(command: GameVerb, ctx: GameCommandContext): string | Promise<string> {
  const url = imageToCheck(command, ctx);
  if (url === null) return take(command, ctx);
  const s = ctx.state as InfluenceState;
  const seat = ctx.seat!;
  const pending = influenceTable(ctx).images.verdict({ matchId: ctx.matchId, player: seat, round: s.round, phase: s.phase }, url, (line) => houseLogLine(line, 'warn'));
  if (pending === null) {
    return `Refused: the House checks one image per player in each phase and has checked yours this round; it fetches no other until the next round. You may still post words with !public TEXT. ${seatGuidance(s, seat)}`;
  }
  return pending.then((check) => {
    if (check.verdict === 'refused') return `Refused: the House fetched your image and cannot post it: ${check.why}. ${seatGuidance(s, seat)}`;
    const reply = take(command, ctx);
    if (check.verdict !== 'unchecked' || reply.startsWith('Refused')) return reply;
    return check.why === IMAGE_UNCHECKED ? `${reply} (The House could not check the image; it is posted with that note.)` : `${reply} (The House could not check the image: ${check.why}; it is posted with that note.)`;
  });
}

/** The URL of a person's `!public img:<url>` the House is waiting for, to fetch before taking it; null for anything else. */
function imageToCheck(command: GameVerb, ctx: GameCommandContext): string | null {
  const s = ctx.state as InfluenceState;
  if (command.verb !== 'public' || !ctx.seat || s.phase !== 'RUMOR' || ownValue(s.acted, ctx.seat) || !ctx.humans.waiting().includes(ctx.seat.toLowerCase())) return null;
  const image = parseImage(command.text);
  return image?.ok ? image.url : null;
}

function take(command: GameVerb, ctx: GameCommandContext): string {
  const s = ctx.state as InfluenceState;
  if (command.verb === 'audit') return auditText(s, ctx.log);
  const typed = `!${command.verb} ${mentions(command.text)}`.trim();
  const line = parseCommand(typed);
  if (line.kind === 'guidance') return line.text;
  if (line.kind !== 'command') return COMMAND_HELP;
  const seat = ctx.seat;
  if (!seat) return notSeated(s);
  const made = partOf(line.command, s, seat);
  if ('refused' in made) return made.refused;
  const event = commandEvent(seat, line.command);
  const table = influenceTable(ctx);
  const mine = table.handedIn.get(seat);
  const known = mine && mine.round === s.round && mine.phase === s.phase ? mine : null;
  if (!ctx.humans.waiting().includes(seat.toLowerCase())) {
    return (
      refusalOf(s, seat, known?.draft ?? {}, event) ??
      'Refused: the House is not waiting for a move from you right now: you have handed it in, or this phase is closing. Your next move is asked when the next phase opens; meanwhile you may use: !status, !audit.'
    );
  }
  // What the merge saw, set inside `combine` (the desk calls it at once, with the person's real draft).
  const seen: { called: boolean; refused: string | null; merged: Draft } = { called: false, refused: null, merged: {} };
  const reply = ctx.humans.merge(seat, typed, made.part, (draft, part) => {
    const candidate = combine(draft, part);
    seen.called = true;
    seen.refused = refusalOf(s, seat, draft, event) ?? schemaProblem(s, seat, candidate);
    seen.merged = seen.refused ? draft : candidate;
    return seen.merged;
  });
  if (seen.refused) return seen.refused;
  if (!seen.called) return reply;
  const merged = seen.merged;
  const done = reply.startsWith('Accepted');
  table.handedIn.set(seat, { round: s.round, phase: s.phase, draft: merged, done });
  if (line.command.type === 'dm' && line.command.text !== undefined) deliver(table, s, seat, line.command.to, line.command.text, merged);
  if (done) return `${ack(line.command)} Handed in.`;
  if (reply.startsWith('Noted; still needed')) return `${ack(line.command)} Still needed: ${stillNeeded(s, merged)}.`;
  return `${ack(line.command)} Add more with !dm, or !done to hand them in.`;
}
