import { formatZodError } from '../engine/errors.ts';
import type { GameDefinition, GameEvent, PhaseInput, PlayerId, RoundReport, Step } from '../engine/types.ts';
import { influenceConfigSchema, type InfluenceConfig } from './influenceConfig.ts';
import { imageCheckOf } from './imageCheck.ts';
import { influenceDecisionSchema, type InfluenceDecision } from './influenceDecision.ts';
import type { InfluenceEffect, InfluenceEvent, InfluencePhase, InfluenceState, TimedPhase } from './influenceTypes.ts';
import { influencePrompt } from './influencePrompt.ts';
import { influenceModelPrompt } from './influenceModelPrompt.ts';
import { influenceLegalMoveData } from './influenceLegalMoveData.ts';
import { basePhase, isWhisper, legalPowerActions, living, twoLeft, whisperTurn } from './influenceQueries.ts';
import { influenceView, type InfluenceView } from './influenceView.ts';
import { influenceStrategies } from './strategies/influenceStrategies.ts';
import { influenceMetrics } from './metrics/influenceMetrics.ts';
import { begin, initialState, nextWhisperTurn, reduce, seat } from './transition.ts';
import { ownValue } from '../engine/safeKey.ts';
import { draftOf } from './influenceDraft.ts';
import { influenceNarration } from './influenceNarration.ts';
import { influenceViewSchema } from './influenceViewSchema.ts';
import { influenceRulesText } from './influenceRulesText.ts';

/** Phases a headless or House match asks decisions in: every WHISPER turn, RUMOR, VOTE and POWER. */
function isPlayed(phase: InfluencePhase): boolean {
  return isWhisper(phase) || phase === 'RUMOR' || phase === 'VOTE' || phase === 'POWER';
}

const stripAt = (name: string): string => name.trim().replace(/^@/, '');

/**
 * The FSM events a decision stands for in the state's phase; fields of other
 * phases are ignored there, and so is `expose` with two left (there is none).
 * A live adapter feeds a model player's decision through this too.
 */
export function decisionEvents(s: InfluenceState, player: PlayerId, d: InfluenceDecision): InfluenceEvent[] {
  switch (basePhase(s.phase)) {
    case 'WHISPER':
      return (d.whispers ?? []).map((w) => ({ type: 'dm', player, to: w.to.map(stripAt), text: w.text }));
    case 'RUMOR':
      return d.public === undefined ? [] : [{ type: 'public', player, text: d.public }];
    case 'VOTE': {
      const out: InfluenceEvent[] = [];
      if (d.last !== undefined) out.push({ type: 'last', player, text: d.last });
      if (d.empower !== undefined) out.push({ type: 'empower', player, target: stripAt(d.empower) });
      if (d.expose !== undefined && !twoLeft(s)) out.push({ type: 'expose', player, target: stripAt(d.expose) });
      return out;
    }
    case 'POWER':
      return d.power ? [{ type: d.power.action, player, target: stripAt(d.power.target) }] : [];
    default:
      return [];
  }
}

/** Fields a phase needs from a player; a decision without them is auto-filled at timeout. */
function missingFields(s: InfluenceState, d: InfluenceDecision): string[] {
  if (s.phase === 'RUMOR' && d.public === undefined) return ['public'];
  if (s.phase === 'VOTE') return [...(d.empower === undefined ? ['empower'] : []), ...(d.expose === undefined && !twoLeft(s) ? ['expose'] : [])];
  if (s.phase === 'POWER' && !d.power) return ['power'];
  return [];
}

/** Who decides now: the empowered in POWER, every living player otherwise (in each WHISPER turn too: RULES I-a). */
function actors(s: InfluenceState): PlayerId[] {
  if (!isPlayed(s.phase)) return [];
  if (s.phase === 'POWER') return s.empowered ? [s.empowered] : [];
  return living(s);
}

function refusals(fx: InfluenceEffect[]): string[] {
  return fx.flatMap((e) => (e.kind === 'reply' && e.refused ? [e.text] : []));
}

/**
 * One phase of a headless match: every actor's decision becomes FSM commands
 * (in seating order), a refused command becomes a private `refused` event, then
 * the phase's timeout fires so whatever is still missing is auto-filled with a
 * seeded random legal choice. POWER also runs REVEAL, so the round closes. A
 * WHISPER turn instead opens the next turn when someone wrote and turns are
 * left (`nextWhisperTurn`). An input tagged `external.phase` (a replayed
 * scenario's) plays only in that phase: a WHISPER that closed early skips the
 * turns the scenario still holds. In RUMOR, `external.images` carries what the
 * House found fetching each `img:` URL: a refused image is a refused post, an
 * unchecked one is posted with the note why.
 */
function apply(state: InfluenceState, input: PhaseInput): Step<InfluenceState> {
  if (!isPlayed(state.phase)) return { state, events: [] };
  const tag = input.external?.phase;
  if (tag !== undefined && tag !== state.phase) return { state, events: [] };
  const s = draftOf(state);
  const { phase, round } = s;
  const events: GameEvent[] = [];
  let cursor = s.log.length;
  const flush = (): void => {
    for (const e of s.log.slice(cursor)) events.push({ type: e.type, ...(e.data ? { data: e.data } : {}), ...(e.to ? { to: e.to } : {}) });
    cursor = s.log.length;
  };
  const still = (): boolean => s.phase === phase && s.round === round;
  const opened = s.log.length;
  const power = input.external?.power;
  for (const player of actors(s)) {
    const raw = phase === 'POWER' && power !== undefined ? { power } : ownValue(input.decisions, player);
    if (raw === undefined || !still()) continue;
    const parsed = influenceDecisionSchema.safeParse(raw);
    if (!parsed.success) {
      events.push({ type: 'refused', data: { player, reason: `bad decision: ${formatZodError(parsed.error)}` }, to: [player] });
      continue;
    }
    for (const event of decisionEvents(s, player, parsed.data)) {
      if (!still()) break;
      const fx: InfluenceEffect[] = [];
      const image = event.type === 'public' ? imageCheckOf(input.external, player) : undefined;
      reduce(s, event.type === 'public' && image ? { ...event, image } : event, fx);
      flush();
      for (const reason of refusals(fx)) events.push({ type: 'refused', data: { player, command: event.type, reason }, to: [player] });
    }
  }
  if (still() && isWhisper(phase)) nextWhisperTurn(s, [], s.log.slice(opened).some((e) => e.type === 'dm'));
  else if (still()) reduce(s, { type: 'timeout', phase: phase as TimedPhase, round }, []);
  if (s.phase === 'REVEAL') reduce(s, { type: 'timeout', phase: 'REVEAL', round: s.round }, []);
  flush();
  return { state: s, events };
}

function validate(state: InfluenceState, player: PlayerId, raw: unknown) {
  const parsed = influenceDecisionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false as const, error: formatZodError(parsed.error) };
  if (!actors(state).includes(player)) return { ok: false as const, error: `${player} does not act during ${state.phase}` };
  const missing = missingFields(state, parsed.data);
  if (missing.length) return { ok: false as const, error: `${state.phase} needs ${missing.join(' and ')}` };
  const s = draftOf(state);
  const errors: string[] = [];
  for (const event of decisionEvents(s, player, parsed.data)) {
    const fx: InfluenceEffect[] = [];
    reduce(s, event, fx);
    errors.push(...refusals(fx));
    if (s.phase !== state.phase) break;
  }
  return errors.length ? { ok: false as const, error: errors.join(' ') } : { ok: true as const, decision: parsed.data };
}

function legalMoves(s: InfluenceState, player: PlayerId): string[] {
  if (!actors(s).includes(player)) return [];
  const others = living(s).filter((p) => p !== player);
  switch (basePhase(s.phase)) {
    case 'WHISPER': {
      const turn = whisperTurn(s.phase)!;
      const left = s.config.maxWhispers - (ownValue(s.dmsSent, player) ?? 0);
      return [
        `whispers: [{to: [up to ${s.config.maxDmRecipients} of ${others.join(', ')}], text}] (optional; turn ${turn} of ${s.config.whisperTurns}: answer the DMs you received or write new ones; ${left} more DMs this WHISPER)`,
      ];
    }
    case 'RUMOR':
      return [`public: one message of at most ${s.config.maxMessageLength} characters, or img:<http(s) URL to a png/jpeg>`];
    case 'VOTE':
      return [
        `empower: one of ${others.join(', ')}`,
        ...(twoLeft(s) ? [] : [`expose: one of ${others.join(', ')}`]),
        `last: your last message, posted if you are eliminated (optional)`,
      ];
    case 'POWER':
      return legalPowerActions(s).map((a) => `power: {action: ${a.action}, target: ${a.target}}`);
    default:
      return [];
  }
}

/**
 * A headless match skips the lobby: the given ids are seated as they are (no
 * chat name to parse), the first is the host and starts. The seat count is the
 * game's 4..12, checked by the runner; the config's lobby limits (minPlayers,
 * maxPlayers) only govern `!join`/`!start` in a live lobby. A seat count outside
 * 4..12 throws, since such a match could never start and the runner would wait
 * on it forever.
 */
function setup(config: InfluenceConfig, seed: number, players: PlayerId[]): InfluenceState {
  if (players.length < 4 || players.length > 12 || new Set(players).size !== players.length) {
    throw new RangeError(`influence needs 4 to 12 distinct players, got ${players.length}`);
  }
  const s = initialState(config, seed);
  for (const player of players) seat(s, player);
  begin(s, []);
  return s;
}

/**
 * The replay contract's round fields: each player's `alive` and `exposed` (the
 * flag at the round's end: protect clears it, an eliminated player keeps it),
 * and the round's `empowered`, plus who was eliminated and who protected.
 */
function report(s: InfluenceState): RoundReport {
  const last = s.rounds[s.rounds.length - 1];
  const players: RoundReport['players'] = {};
  for (const p of s.players) players[p] = { alive: Boolean(ownValue(s.alive, p)), exposed: Boolean(last?.exposed.includes(p)) };
  return {
    players,
    extra: {
      empowered: last?.empowered ?? null,
      eliminated: last?.eliminated.map((e) => e.player) ?? [],
      protected: last?.protected ?? null,
    },
  };
}

/**
 * One replay round `{decisions: {id: {whispers, public, empower, expose, last}},
 * turns?: [{id: {whispers}}, ...], images?: {id: {verdict, why?}}, power?}`
 * becomes the phase inputs (`images`: what the House found fetching each
 * `img:` URL, for RUMOR, RULES I-f): the
 * WHISPER turns (`decisions`' whispers for the first, then `turns` one by one;
 * a turn no one writes in closes WHISPER, and the inputs left for it are
 * skipped), RUMOR, VOTE and POWER. `power` is played by whoever the vote
 * empowered; without it, the empowered's own `power` field in `decisions` is
 * used, and without either the House auto-fills.
 */
function replayInputs(s: InfluenceState, round: Record<string, unknown>): PhaseInput[] {
  const decisions = (round.decisions ?? {}) as Record<PlayerId, unknown>;
  const turns = Array.isArray(round.turns) ? (round.turns as Array<Record<PlayerId, unknown>>) : [];
  const whispers: PhaseInput[] = [{ decisions, external: { phase: 'WHISPER' } }];
  for (let t = 2; t <= s.config.whisperTurns; t++) whispers.push({ decisions: turns[t - 2] ?? {}, external: { phase: `WHISPER ${t}` } });
  const power = round.power === undefined ? {} : { power: round.power };
  // RULES I-f: the House's image verdicts travel with RUMOR, as the House records them (`external.images`).
  const images = round.images === undefined ? {} : { images: round.images };
  return [...whispers, { decisions, external: { phase: 'RUMOR', ...images } }, { decisions, external: { phase: 'VOTE' } }, { decisions, external: { phase: 'POWER', ...power } }];
}

/** Influence (spec influence-and-elizaos.md, settled by RULES.md Influence 1-10) as a game of the generic runner. */
export const influenceGame: GameDefinition<InfluenceConfig, InfluenceState, InfluenceDecision, InfluenceView> = {
  id: 'influence',
  title: 'Influence',
  summary:
    'A social strategy game of 4 to 12 operatives; the last one alive wins. Each round: WHISPER (private DM channels with up to 4 others), ' +
    'RUMOR (exactly one public message or img:URL), VOTE (empower one player and expose one, never yourself; register a last message), ' +
    'POWER (the empowered eliminates or protects an exposed player; with no one exposed it eliminates anyone else), REVEAL (last message posted, DMs locked). ' +
    'Missing actions are auto-filled at random; three rounds in a row with an auto-filled action eliminate for inactivity.',
  rulesText: ({ config }) => influenceRulesText(config).join('\n'),
  minPlayers: 4,
  maxPlayers: 12,
  defaultPlayers: 8,
  configSchema: influenceConfigSchema,
  decisionSchema: influenceDecisionSchema,
  phases: [
    {
      name: 'WHISPER',
      collects: 'whispers: DMs to up to maxDmRecipients others, in whisperTurns turns (WHISPER, WHISPER 2, ...), each seeing the DMs of the turns before',
      endsWhen: 'after the last turn, or a turn in which no one wrote (live: its timer, or every living player has said !done)',
    },
    { name: 'RUMOR', collects: 'public: one message or img:<url> per living player', endsWhen: 'every living player has posted, or timer' },
    { name: 'VOTE', collects: 'empower and expose (not yourself), optional last', endsWhen: 'all ballots in, or timer' },
    { name: 'POWER', collects: 'power: eliminate or protect, from the empowered only', endsWhen: 'action taken, or timer; REVEAL follows' },
  ],
  setup,
  actors,
  legalMoves,
  legalMoveData: influenceLegalMoveData,
  validate,
  /** Nothing: the phase's timeout auto-fills a seeded random legal choice and counts it towards inactivity. */
  fallback: () => ({}),
  apply,
  view: influenceView,
  viewSchema: influenceViewSchema,
  outcome: (s) => ({ over: s.phase === 'END', winners: s.winner ? [s.winner] : [], kind: s.phase === 'END' ? (s.winner ? 'last-survivor' : 'no-survivor') : null }),
  /**
   * Rounds survived, so a scoreboard ranks by how long each lasted: a player
   * out in round r survived r - 1; everyone still in, the winner too, every
   * round played (never more: issue 25 showed a winner with 4 in a 3-round match).
   */
  scoreName: 'rounds survived',
  presentation: { scoreField: null, scoreDecimals: 0, roundDelayMs: 1500, lobbySeats: 8 },
  narration: influenceNarration,
  score: (s, p) => {
    const out = s.eliminations.find((e) => e.player === p);
    return out ? out.round - 1 : s.rounds.length;
  },
  alive: (s, p) => Boolean(ownValue(s.alive, p)),
  report,
  replayInputs,
  strategies: influenceStrategies,
  prompt: influencePrompt,
  modelPrompt: influenceModelPrompt,
  metrics: influenceMetrics,
};
