import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { living, twoLeft } from '@the-house/games/influence/influenceQueries.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { moderatorLines as line } from '@the-house/games/influence/moderatorLines.ts';
import { IMAGE_UNCHECKED } from './imageUnchecked.ts';
import { influenceRoundSummary } from './influenceRoundText.ts';

/**
 * One post the House makes for Influence: in the game room (as the House, or
 * carried for a player: `as`), or in the private room of `members` (a DM,
 * always carried for its sender). `key` names it for good, so a phase posted
 * again after a restart lands once.
 */
export type RoomPost = { room: 'game'; text: string; key: string; as?: PlayerId } | { room: 'dm'; members: PlayerId[]; text: string; as: PlayerId; key: string };

const house = (text: string, key: string): RoomPost => ({ room: 'game', text, key });

/** The key of a player's n-th DM (from 0) of a WHISPER turn: the same whether carried when sent (a person's `!dm`) or when the turn closes, so it lands once. */
export function dmKey(round: number, turn: number, from: PlayerId, n: number): string {
  return `dm:${round}:${turn}:${from}:${n}`;
}

/**
 * The spec's opening line of the phase the state waits in (section 6), posted
 * before its decisions are asked; POWER's names the empowered and the exposed.
 * A later WHISPER turn opens in silence (RULES I-d: the room hears only that
 * WHISPER opened and, with RUMOR's line, that it closed; a turn would tell
 * that someone wrote): each player reads its turn in its own prompt.
 */
export function openingPost(s: InfluenceState): RoomPost | null {
  const key = `open:${s.round}:${s.phase}`;
  switch (s.phase) {
    case 'WHISPER':
      return house(line.whisper(s.round), key);
    case 'RUMOR':
      return house(line.rumor(), key);
    case 'VOTE':
      return house(line.vote(twoLeft(s)), key);
    case 'POWER':
      return s.empowered ? house(line.power(s.empowered, twoLeft(s) ? [] : s.exposed), key) : null;
    default:
      return null;
  }
}

/**
 * The round a phase's events were played in. Only POWER's events run on into
 * the next round (REVEAL's timeout opens its WHISPER), and then the state after
 * is already one round further.
 */
export function playedRound(events: readonly GameEvent[], after: InfluenceState): number {
  return events.some((e) => e.type === 'phase' && e.data?.phase === 'WHISPER') ? after.round - 1 : after.round;
}

const str = (v: unknown): string => String(v ?? '');
const list = (v: unknown): PlayerId[] => (Array.isArray(v) ? v.map(str) : []);

/**
 * What one applied phase says in the rooms, in the order it happened: every
 * DM into the private room of its channel's members, every rumour into the
 * game room for its author (an image as its URL), and the moderator lines the
 * rules speak (tally, power action, reveal with last messages, no elimination,
 * who remains, the last round's summary, the win and the sealed chain
 * head). Phase openings are not
 * here: `openingPost` speaks them when each phase begins. Private events
 * (ballots, refusals, what an auto-fill chose) never reach a room; the room
 * hears only who did not act in time (RULES I-b).
 */
export function phasePosts(events: readonly GameEvent[], after: InfluenceState, round: number): RoomPost[] {
  const posts = new PhasePosts(after, round);
  for (const e of events) posts.read(e);
  posts.closeReveal(after.phase === 'END');
  return posts.out;
}

type EventData = Record<string, unknown>;

/** The posts of one phase as its events are read (`phasePosts`): each DM counted by turn and sender, and the REVEAL not yet closed. */
class PhasePosts {
  readonly out: RoomPost[] = [];
  private readonly sent = new Map<string, number>();
  private reveal: { round: number; eliminated: number } | null = null;

  constructor(
    private readonly after: InfluenceState,
    private readonly round: number,
  ) {}

  read(e: GameEvent): void {
    const d = e.data ?? {};
    const round = this.round;
    switch (e.type) {
      case 'dm':
        return this.dm(e, d);
      case 'timed_out':
        if (!e.to) this.out.push(house(line.timedOut(str(d.phase), str(d.player), Number(d.streak)), `timeout:${round}:${str(d.phase)}:${str(d.player)}`));
        return;
      case 'public':
        return this.rumour(d);
      case 'votes':
        this.out.push(house(line.tally(str(d.empowered), list(d.exposed)), `tally:${round}`));
        return;
      case 'power':
        this.out.push(house(line.powerTaken(str(d.by), d.action === 'protect' ? 'protect' : 'eliminate', str(d.target), d.auto === true), `power:${round}`));
        return;
      case 'phase':
        if (d.phase === 'REVEAL') this.reveal = { round: Number(d.round ?? round), eliminated: 0 };
        else if (d.phase === 'WHISPER') this.closeReveal(false);
        return;
      case 'eliminated':
        return this.eliminated(d);
      case 'last_message':
        this.out.push(house(line.lastWords(str(d.player), str(d.text)), `last:${round}:${str(d.player)}`));
        return;
      case 'game_over':
        return this.gameOver(d);
    }
  }

  /** REVEAL's closing lines: none out, and who remains unless the game is over. */
  closeReveal(over: boolean): void {
    if (!this.reveal) return;
    const r = this.reveal.round;
    if (this.reveal.eliminated === 0) this.out.push(house(line.noElimination(r), `none:${r}`));
    if (!over) this.out.push(house(line.remain(this.after.rounds.find((x) => x.round === r)?.alive ?? living(this.after)), `remain:${r}`));
    this.reveal = null;
  }

  private dm(e: GameEvent, d: EventData): void {
    const from = str(d.from);
    const turn = Number(d.turn ?? 1);
    const n = this.sent.get(`${turn}:${from}`) ?? 0;
    this.sent.set(`${turn}:${from}`, n + 1);
    const members = e.to ?? this.after.channels.find((c) => c.id === d.channel)?.members ?? [];
    this.out.push({ room: 'dm', members: [...members], text: str(d.text), as: from, key: dmKey(this.round, turn, from, n) });
  }

  private rumour(d: EventData): void {
    const from = str(d.from);
    const note = typeof d.imageNote !== 'string' ? '' : d.imageNote === IMAGE_UNCHECKED ? '\n(The House could not check this image.)' : `\n(The House could not check this image: ${d.imageNote}.)`;
    this.out.push({ room: 'game', text: typeof d.image === 'string' ? `${d.image}${note}` : str(d.text), key: `public:${this.round}:${from}`, as: from });
  }

  private eliminated(d: EventData): void {
    const player = str(d.player);
    if (this.reveal) this.reveal.eliminated += 1;
    this.out.push(house(d.reason === 'inactivity' ? line.inactive(player) : line.reveal(player, this.reveal?.round ?? this.round), `out:${this.round}:${player}`));
  }

  private gameOver(d: EventData): void {
    const { after } = this;
    this.closeReveal(true);
    const last = after.rounds.at(-1)?.round ?? this.round;
    const summary = influenceRoundSummary(last, after);
    // The last round's summary before the win line: the room reads the round, then who won (`influenceRoundText` leaves it to this post).
    if (summary) this.out.push(house(summary, `round:${last}`));
    const winner = d.winner === null || d.winner === undefined ? null : str(d.winner);
    this.out.push(house(winner ? line.win(winner) : line.noWinner(), 'win'));
    if (after.publishedHead) this.out.push(house(line.head(after.publishedHead, after.log.length), 'head'));
  }
}
