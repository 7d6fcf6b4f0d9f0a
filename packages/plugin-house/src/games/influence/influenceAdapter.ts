import { currentTimer, isWhisper } from '@the-house/games/influence/influenceQueries.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import type { HouseGame, PhaseContext } from '../houseGame.ts';
import { influenceRoundPictures } from './influenceRoundPictures.ts';
import { handleInfluenceCommand, influenceAfterEnd, influenceCommands } from './influenceCommand.ts';
import { openingPost, phasePosts, playedRound, type RoomPost } from './influencePosts.ts';
import { SECOND_IMAGE } from './imageVerdicts.ts';
import { InfluenceTable, influenceTable } from './influenceTable.ts';
import { houseLog } from '../../houseLog.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { ImageCheck } from '@the-house/games/influence/imageCheck.ts';
import { influenceDecisionSchema } from '@the-house/games/influence/influenceDecision.ts';
import { parseImage } from '@the-house/games/influence/textChecks.ts';
import { influenceRoundText } from './influenceRoundText.ts';
import { seatGuidance } from './influenceSeatGuidance.ts';
import type { InfluenceView } from '@the-house/games/influence/influenceView.ts';
import { influenceTurnText } from './influenceSeat.ts';
import { influenceBoard } from './influenceBoard.ts';
import { influencePanel } from './influencePanel.ts';

const stateOf = (ctx: PhaseContext): InfluenceState => ctx.match.state as InfluenceState;

function carry(ctx: PhaseContext, post: RoomPost): Promise<void> {
  return post.room === 'game' ? ctx.say(post.text, post.key, post.as) : ctx.whisper(post.members, post.text, post.as, post.key);
}

/**
 * Posts in order within each room, and the rooms side by side: a DM room is
 * made on its first post, so two posts to one new room must not race, while a
 * phase of twelve players whispering should not wait on each room in turn.
 */
export async function carryAll(ctx: PhaseContext, posts: readonly RoomPost[]): Promise<void> {
  const rooms = new Map<string, RoomPost[]>();
  for (const post of posts) {
    const room = post.room === 'game' ? 'game' : [...post.members].sort().join('|');
    rooms.set(room, [...(rooms.get(room) ?? []), post]);
  }
  await Promise.all(
    [...rooms.values()].map(async (queue) => {
      for (const post of queue) await carry(ctx, post);
    }),
  );
}

/**
 * Influence in the House. Each phase is one decision of every actor, asked
 * with the phase's timer from the match config as its deadline (agents answer
 * at once; a person gets the spec's minutes). WHISPER is a conversation
 * (RULES I-a) played in turns that share its timer: everyone is asked again in
 * each turn with the DMs of the turns before, a person's `!dm` reaches its
 * room at once, and a turn in which no one writes closes WHISPER. The House speaks the spec's
 * moderator lines in the game room, carries each rumour into it for its author
 * and each DM into a private room of its members (the House is in every one;
 * a player's prompt only ever holds its own channels, through its view), and
 * takes the spec's chat commands from people in seats (`influenceCommand.ts`).
 */
export const influenceAdapter: HouseGame = {
  game: 'influence',
  houseVerbs: ['done'],
  board: influenceBoard,
  // Its votes are drawn on each round's board; there is no score to chart.
  chart: () => null,
  panel: { render: influencePanel, onPage: true },
  commands: influenceCommands,
  afterEnd: influenceAfterEnd,
  handle: handleInfluenceCommand,
  deadlineMs: (state) => {
    const s = state as InfluenceState;
    const ms = currentTimer(s)?.ms;
    // WHISPER's turns share its timer, so the whole conversation keeps to it.
    return ms === undefined ? null : isWhisper(s.phase) ? Math.ceil(ms / s.config.whisperTurns) : ms;
  },
  openEnded: (state) => isWhisper((state as InfluenceState).phase),
  commandHint: (state, player) => `the game's commands (${seatGuidance(state as InfluenceState, player)})`,
  turnText: (_state, _player, view) => influenceTurnText(view as InfluenceView),
  tableState: () => new InfluenceTable(),
  // The opening line goes out while the players think; the phase's own posts wait for it, so the room reads in order. A
  // restart before the phase is saved runs beforePhase again and posts it with the same key, so nothing is lost by not
  // waiting for it before the asking.
  beforePhase(ctx) {
    const table = influenceTable(ctx);
    table.whisper = ctx.whisper;
    const post = openingPost(stateOf(ctx));
    if (post) table.opening = carry(ctx, post).catch((error) => ctx.house.logger.warn(`House: the opening line of ${ctx.matchId} failed: ${error instanceof Error ? error.message : String(error)}`));
    return Promise.resolve();
  },
  async afterPhase(ctx, events) {
    const table = influenceTable(ctx);
    await table.opening;
    table.opening = null;
    const after = stateOf(ctx);
    await carryAll(ctx, phasePosts(events, after, playedRound(events, after)));
  },
  // RUMOR's images, fetched by the House through its outbound policy (the rules only see the URL's form), one per player
  // per phase (another is not fetched: unchecked); the verdicts are recorded with the phase, so a replay agrees.
  async external(ctx, decisions) {
    const s = stateOf(ctx);
    if (s.phase !== 'RUMOR') return undefined;
    const log = (line: string) => houseLog(ctx.house, line, 'warn');
    const checks: Array<Promise<[PlayerId, ImageCheck]>> = [];
    for (const [player, raw] of Object.entries(decisions)) {
      const parsed = influenceDecisionSchema.safeParse(raw);
      const image = parsed.success && parsed.data.public !== undefined ? parseImage(parsed.data.public) : null;
      if (!image?.ok) continue;
      const verdict = influenceTable(ctx).images.verdict({ matchId: ctx.matchId, player, round: s.round, phase: s.phase }, image.url, log) ?? Promise.resolve(SECOND_IMAGE);
      checks.push(verdict.then((check) => [player, check]));
    }
    return checks.length ? { images: Object.fromEntries(await Promise.all(checks)) } : undefined;
  },
  roundText: (record, match) => influenceRoundText(record.round, match.state as InfluenceState),
  // The vote count of the round just revealed, with the round's summary (which gives the counts in words).
  roundPictures: (record, match) => influenceRoundPictures(record, match),
};
