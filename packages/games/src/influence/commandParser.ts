import type { PlayerId } from '../engine/types.ts';
import type { InfluenceCommand, InfluenceEvent } from './influenceTypes.ts';
import { imitatesHouse } from './textChecks.ts';

/** A chat line as the House reads it: a command, guidance for a malformed one, or plain player text. */
export type ParsedLine =
  | { kind: 'command'; command: InfluenceCommand }
  | { kind: 'guidance'; text: string }
  /** Not a command. `imitation` flags text that poses as the House: the adapter must post it as the player's own words, never as a system line. */
  | { kind: 'text'; text: string; imitation: boolean };

export const COMMAND_HELP =
  'Commands: !join, !start (host), !dm @a @b [text], !public TEXT (or img:URL), !empower @p, !expose @p, !last TEXT, !eliminate @p, !protect @p, !status, !audit.';

const NAME = /^@?([^\s@]+)$/;

function oneTarget(verb: string, rest: string): ParsedLine {
  const match = NAME.exec(rest.trim());
  if (!match) return { kind: 'guidance', text: `Write !${verb} @name with exactly one player name. ${COMMAND_HELP}` };
  return { kind: 'command', command: { type: verb as 'empower', target: match[1]! } };
}

function withText(verb: 'public' | 'last', rest: string, usage: string): ParsedLine {
  const text = rest.trim();
  if (!text) return { kind: 'guidance', text: `Write ${usage}. ${COMMAND_HELP}` };
  return { kind: 'command', command: { type: verb, text } };
}

/**
 * Reads one chat line deterministically, before any model is asked. It never
 * looks at game state: the FSM decides whether a well-formed command is legal.
 */
export function parseCommand(line: string): ParsedLine {
  const trimmed = line.trim();
  if (!trimmed.startsWith('!')) return { kind: 'text', text: line, imitation: imitatesHouse(line) };
  const [, verbRaw = '', rest = ''] = /^!(\S*)\s*([\s\S]*)$/.exec(trimmed) ?? [];
  const verb = verbRaw.toLowerCase();
  switch (verb) {
    case 'join':
    case 'start':
    case 'status':
    case 'audit':
      return { kind: 'command', command: { type: verb } };
    case 'dm': {
      const tokens = rest.split(/\s+/).filter(Boolean);
      const to: PlayerId[] = [];
      while (tokens.length && tokens[0]!.startsWith('@')) to.push(tokens.shift()!.slice(1));
      if (to.length === 0 || to.some((p) => !p)) return { kind: 'guidance', text: `Write !dm @a @b [message] naming the players to talk to. ${COMMAND_HELP}` };
      const body = rest.trim().replace(/^(@\S+\s*)+/, '');
      return { kind: 'command', command: body ? { type: 'dm', to, text: body } : { type: 'dm', to } };
    }
    case 'public':
      return withText('public', rest, '!public MESSAGE or !public img:URL (an http(s) png or jpeg)');
    case 'last':
      return withText('last', rest, '!last MESSAGE to register your last message');
    case 'empower':
    case 'expose':
    case 'eliminate':
    case 'protect':
      return oneTarget(verb, rest);
    case 'help':
      return { kind: 'guidance', text: COMMAND_HELP };
    default:
      return { kind: 'guidance', text: `Unknown command !${verb}. ${COMMAND_HELP}` };
  }
}

/** The FSM event for a parsed command typed by `player`. */
export function commandEvent(player: PlayerId, command: InfluenceCommand): InfluenceEvent {
  return { ...command, player } as InfluenceEvent;
}
