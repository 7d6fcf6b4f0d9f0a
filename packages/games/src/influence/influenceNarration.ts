import type { GameNarration, NarratedEvent } from '../engine/narration.ts';
import { counted, num, plainList, plainReason, quoted, record, str, strs } from '../engine/plainWords.ts';
import type { PlayerId } from '../engine/types.ts';
import type { InfluenceState } from './influenceTypes.ts';

const TYPES: ReadonlySet<string> = new Set([
  'join',
  'start',
  'phase',
  'whisper_turn',
  'channel_opened',
  'dm',
  'public',
  'vote',
  'last_registered',
  'votes',
  'power',
  'eliminated',
  'last_message',
  'channel_locked',
  'game_over',
  'timed_out',
  'auto_filled',
  'refused',
]);

/** The ending in words, shared by the state's ending and the `game_over` event. */
export function influenceEndingText(winner: PlayerId | null, rounds: number): string {
  const after = rounds > 0 ? ` after ${counted(rounds, 'round')}` : '';
  return winner ? `${winner} is the last one standing${after}` : `no survivor${after}`;
}

/** The channel's other members, from the event's `to` (its members) or the channel id (`dm:a+b+c`). */
function othersIn(e: NarratedEvent, me: PlayerId): PlayerId[] {
  const d = e.data ?? {};
  const members = e.to?.length ? [...e.to] : str(d.channel).replace(/^dm:/, '').split('+').filter(Boolean);
  return members.filter((m) => m !== me);
}

/** A later WHISPER turn: a private `whisper_turn` event (RULES I-d), or a public `phase` one in logs written before it. */
function turnSentence(turn: string, of?: number): string {
  return `WHISPER turn ${turn}${of ? ` of ${of}` : ''}: players answer the DMs they got, or write new ones.`;
}

function phaseSentence(phase: string, round: number): string {
  const turn = /^WHISPER (\d+)$/.exec(phase);
  if (turn) return turnSentence(turn[1]!);
  switch (phase) {
    case 'WHISPER':
      return `Round ${round} begins: WHISPER, time to conspire in private channels.`;
    case 'RUMOR':
      return 'RUMOR: each player posts one public message.';
    case 'VOTE':
      return 'VOTE: each player empowers one player and exposes another.';
    case 'POWER':
      return 'POWER: the empowered player eliminates or protects.';
    case 'REVEAL':
      return 'REVEAL: the round’s outcome.';
    default:
      return `${phase} begins.`;
  }
}

function tallyWords(votes: Record<string, unknown>): string {
  return Object.entries(votes)
    .filter(([, n]) => num(n) > 0)
    .sort((a, b) => num(b[1]) - num(a[1]))
    .map(([id, n]) => `${id} (${num(n)})`)
    .join(', ');
}

function sentence(e: NarratedEvent): string | null {
  const d = e.data ?? {};
  switch (e.type) {
    case 'join':
      return `${str(d.player)} joined the lobby.`;
    case 'start':
      return `The game began with ${plainList(strs(d.players))}${typeof d.host === 'string' ? ` (host ${d.host})` : ''}.`;
    case 'phase':
      return phaseSentence(str(d.phase), num(d.round));
    case 'whisper_turn':
      return turnSentence(String(num(d.turn)), num(d.of));
    case 'channel_opened':
      return `${str(d.by)} opened a private channel with ${plainList(othersIn(e, str(d.by)))}.`;
    case 'dm': {
      const from = str(d.from);
      const turn = num(d.turn);
      return `${from} to ${plainList(othersIn(e, from))}${turn > 1 ? ` (turn ${turn})` : ''}, privately: ${quoted(str(d.text))}`;
    }
    case 'public': {
      const from = str(d.from);
      const body = typeof d.image === 'string' ? `an image, ${d.image}` : quoted(str(d.text));
      const note = typeof d.imageNote === 'string' ? ` (the House could not check the image: ${d.imageNote})` : '';
      return `${from} posted ${body}${note}${d.auto === true ? ` (the House wrote it: ${from} did not post in time)` : ''}`;
    }
    case 'vote': {
      const voter = str(d.voter);
      if (d.auto === true) {
        const parts = [typeof d.empower === 'string' ? `empower ${d.empower}` : '', typeof d.expose === 'string' ? `expose ${d.expose}` : ''].filter(Boolean);
        return `The House cast ${voter}'s ballot: ${parts.join(', ')}.`;
      }
      return `${voter} voted to ${str(d.kind)} ${str(d.target)}.`;
    }
    case 'last_registered':
      return `${str(d.player)} registered a last message: ${quoted(str(d.text))}`;
    case 'votes': {
      const empowered = str(d.empowered);
      const empower = record(d.empowerVotes);
      const drawn = strs(d.drawnAmong);
      const exposed = tallyWords(record(d.exposeVotes));
      const votes = Object.hasOwn(empower, empowered) ? num(empower[empowered]) : 0;
      return `${empowered} is empowered with ${counted(votes, 'vote')}${drawn.length ? `, drawn among ${plainList(drawn)} after a tie` : ''}; exposed: ${exposed || 'no one'}.`;
    }
    case 'power': {
      const by = str(d.by);
      const verb = d.action === 'protect' ? 'protected' : 'eliminated';
      const target = str(d.target) === by ? 'themselves' : str(d.target);
      return `${by} ${verb} ${target}${d.auto === true ? ` (the House chose at random: ${by} did not act in time)` : ''}.`;
    }
    case 'eliminated': {
      const player = str(d.player);
      if (d.reason === 'inactivity') return `${player} is out for inactivity.`;
      if (d.reason === 'exposure') return `${player} is out: the most exposed player once the protected one was spared.`;
      return `${player} is out, eliminated by the empowered player.`;
    }
    case 'last_message':
      return `${str(d.player)}'s last message: ${quoted(str(d.text))}`;
    case 'channel_locked':
      return `The channel of ${plainList(e.to?.length ? [...e.to] : othersIn(e, ''))} is locked: ${str(d.because)} is out.`;
    case 'game_over':
      return `Game over: ${influenceEndingText(typeof d.winner === 'string' ? d.winner : null, num(d.rounds))}.`;
    case 'timed_out':
      return `${str(d.player)} did not act in time in ${str(d.phase)} (${counted(num(d.streak), 'idle round')} in a row).`;
    case 'auto_filled':
      return `The House chose for ${str(d.player)}: ${str(d.what)}.`;
    case 'refused': {
      const what = typeof d.command === 'string' ? `!${d.command}` : 'decision';
      return `${str(d.player)}'s ${what} was refused: ${quoted(plainReason(str(d.reason), 'not a decision the game can read'), 200)}`;
    }
    default:
      return null;
  }
}

/**
 * Influence in words. Every private event (DMs, ballots, registered last
 * messages, what an auto-fill chose, refusals, channels) is as secret as the
 * players' own moves while the game runs (RULES I-b, spec section 9: the DMs
 * are revealed after the game), so the observer reads them only once it is
 * over; the room never does.
 */
export const influenceNarration: GameNarration<InfluenceState> = {
  types: TYPES,
  observerMay: (_event, ctx) => ctx.over,
  narrate: (events) => events.map(sentence),
  ending: (state) => (state.phase === 'END' ? influenceEndingText(state.winner, state.rounds.length) : null),
  kinds: new Map([
    ['last-survivor', 'one operative left standing'],
    ['no-survivor', 'no operative survived'],
  ]),
};
