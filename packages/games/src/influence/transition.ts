import { EventLog, GENESIS } from '../engine/eventLog.ts';
import { Rng } from '../engine/rng.ts';
import type { PlayerId } from '../engine/types.ts';
import { auditLog } from './audit.ts';
import type { InfluenceConfig } from './influenceConfig.ts';
import { allowedNow, statusText } from './guidance.ts';
import type { Channel, Elimination, InfluenceEffect, InfluenceEvent, InfluenceState, RoundSummary, TimedPhase } from './influenceTypes.ts';
import { basePhase, channelId, currentTimer, isWhisper, legalPowerActions, living, resolvePlayer, twoLeft, whisperTurn, type PowerChoice } from './influenceQueries.ts';
import { moderatorLines as say } from './moderatorLines.ts';
import { phrase } from './phrases.ts';
import type { ImageCheck } from './imageCheck.ts';
import { imitatesHouse, parseImage, textProblem } from './textChecks.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import { draftOf, replaceChannel } from './influenceDraft.ts';

type Fx = InfluenceEffect[];

export interface LobbyOptions {
  /** Who may `!start`: the person who opened the lobby, player or not. Without it, the first to `!join`. */
  host?: PlayerId;
}

/** A fresh lobby (phase INIT). Randomness is derived per draw from seed + round + kind + subject. */
export function initialState(config: InfluenceConfig, seed: number, options: LobbyOptions = {}): InfluenceState {
  return {
    game: 'influence',
    seed,
    config,
    players: [],
    round: 0,
    phase: 'INIT',
    rng: Rng.fromSeed(seed).state(),
    host: options.host ?? null,
    alive: nullRecord(),
    channels: [],
    posts: [],
    ballots: nullRecord(),
    lastWords: nullRecord(),
    acted: nullRecord(),
    empowered: null,
    empowerVotes: nullRecord(),
    exposeVotes: nullRecord(),
    exposed: [],
    autoFills: nullRecord(),
    idleThisRound: nullRecord(),
    dmsSent: nullRecord(),
    empowerTotals: nullRecord(),
    eliminations: [],
    rounds: [],
    winner: null,
    log: [],
    publishedHead: null,
  };
}

/** The lobby line the House posts when a lobby opens. */
export function lobbyEffects(state: InfluenceState): InfluenceEffect[] {
  return [{ kind: 'post', channel: 'public', text: say.lobby(state.config.minPlayers) }];
}

/**
 * The FSM INIT → WHISPER → RUMOR → VOTE → POWER → REVEAL → WHISPER ... → END as
 * a pure function. A refused event returns the very same state object and one
 * `reply` effect that says why and what is allowed now; timers are `schedule`
 * effects, and a `timeout` naming a phase or round that is over is ignored.
 */
export function transition(state: InfluenceState, event: InfluenceEvent): [InfluenceState, InfluenceEffect[]] {
  const draft = draftOf(state);
  const fx: Fx = [];
  return reduce(draft, event, fx) ? [draft, fx] : [state, fx];
}

/** Applies `event` to `s` in place (callers pass a draft); false, with `s` untouched, when nothing changed: refused, stale, or a question (`!status`, `!audit`). */
export function reduce(s: InfluenceState, event: InfluenceEvent, fx: Fx): boolean {
  switch (event.type) {
    case 'join':
      return join(s, fx, event.player);
    case 'start':
      return start(s, fx, event.player);
    case 'dm':
      return dm(s, fx, event.player, event.to, event.text);
    case 'chat':
      return chat(s, fx, event.player, event.channel, event.text);
    case 'public':
      return publicPost(s, fx, event.player, event.text, event.image);
    case 'empower':
    case 'expose':
      return vote(s, fx, event.player, event.type, event.target);
    case 'last':
      return last(s, fx, event.player, event.text);
    case 'eliminate':
    case 'protect':
      return power(s, fx, event.player, { action: event.type, target: event.target });
    case 'status':
      fx.push({ kind: 'reply', to: event.player, text: statusText(s, event.player), refused: false });
      return false;
    case 'audit':
      fx.push({ kind: 'reply', to: event.player, text: auditLog(s.log, s.publishedHead).text, refused: false });
      return false;
    case 'timeout':
      return timeout(s, fx, event.phase, event.round);
  }
}

function refuse(s: InfluenceState, fx: Fx, player: PlayerId, why: string): false {
  fx.push({ kind: 'reply', to: player, text: `Refused: ${why}. ${allowedNow(s, player)}`, refused: true });
  return false;
}

/** Chains one entry onto the state's own log (EventLog appends to the array it wraps, so the state stays plain JSON). */
function record(s: InfluenceState, type: string, data: Record<string, unknown>, to?: PlayerId[]): void {
  new EventLog(s.log).append(s.round, s.phase, to ? { type, data, to } : { type, data });
}

/** Opens a phase: logs it, posts its moderator line and schedules its timer. */
function enter(s: InfluenceState, fx: Fx, phase: TimedPhase, line: string): void {
  s.phase = phase;
  s.acted = nullRecord();
  record(s, 'phase', { phase, round: s.round });
  fx.push({ kind: 'post', channel: 'public', text: line });
  fx.push(currentTimer(s)!);
}

/** Why `player` cannot act in the game now, or null. */
function notPlaying(s: InfluenceState, player: PlayerId): string | null {
  if (s.phase === 'INIT') return 'the game has not started yet';
  if (s.phase === 'END') return 'the game is over';
  if (!s.players.includes(player)) return 'you are not a player in this game';
  if (!ownValue(s.alive, player)) return 'you have been eliminated';
  return null;
}

/** Why `target` cannot be named by `player`, or null. */
function badTarget(s: InfluenceState, player: PlayerId, target: PlayerId, verb: string): string | null {
  if (target === player) return `you cannot ${verb} yourself`;
  if (!s.players.includes(target)) return `there is no player '${target}' (players: ${living(s).join(', ')})`;
  if (!ownValue(s.alive, target)) return `${target} has been eliminated`;
  return null;
}

function join(s: InfluenceState, fx: Fx, player: PlayerId): boolean {
  if (s.phase !== 'INIT') return refuse(s, fx, player, '!join works only in the lobby, before the host starts');
  if (!player.trim() || /[\s@]/.test(player)) return refuse(s, fx, player, 'a player name must be one word without @');
  if (s.players.includes(player)) return refuse(s, fx, player, 'you have already joined');
  if (s.players.length >= s.config.maxPlayers) return refuse(s, fx, player, `the lobby is full (${s.config.maxPlayers} players)`);
  seat(s, player);
  fx.push({ kind: 'post', channel: 'public', text: say.joined(player, s.players.length, s.host!) });
  return true;
}

/** Adds a player to the lobby, unchecked: `!join` checks the lobby's rules first, a headless setup seats its given ids. */
export function seat(s: InfluenceState, player: PlayerId): void {
  s.players.push(player);
  s.alive[player] = true;
  s.autoFills[player] = 0;
  s.empowerTotals[player] = 0;
  s.host ??= player;
  record(s, 'join', { player });
}

function start(s: InfluenceState, fx: Fx, player: PlayerId): boolean {
  if (s.phase !== 'INIT') return refuse(s, fx, player, 'the game has already started');
  if (player !== s.host) return refuse(s, fx, player, `only the host (${s.host ?? 'the first to join'}) may !start`);
  if (s.players.length < s.config.minPlayers) {
    return refuse(s, fx, player, `at least ${s.config.minPlayers} players are needed; ${s.players.length} joined`);
  }
  begin(s, fx);
  return true;
}

/** Starts round 1 with whoever is seated, unchecked: `!start` checks host and head count first. */
export function begin(s: InfluenceState, fx: Fx): void {
  record(s, 'start', { players: [...s.players], host: s.host });
  startRound(s, fx, 1);
}

function startRound(s: InfluenceState, fx: Fx, round: number): void {
  s.round = round;
  s.idleThisRound = nullRecord();
  s.dmsSent = nullRecord();
  s.ballots = nullRecord();
  s.empowered = null;
  s.empowerVotes = nullRecord();
  s.exposeVotes = nullRecord();
  s.exposed = [];
  enter(s, fx, 'WHISPER', say.whisper(round));
}

function dm(s: InfluenceState, fx: Fx, player: PlayerId, rawTo: PlayerId[], text: string | undefined): boolean {
  const why = notPlaying(s, player);
  if (why) return refuse(s, fx, player, why);
  if (!isWhisper(s.phase)) return refuse(s, fx, player, `!dm works during WHISPER; it is ${s.phase} now`);
  const to = [...new Set(rawTo.map((name) => resolvePlayer(s, name)))];
  if (to.length === 0) return refuse(s, fx, player, 'name at least one player: !dm @a @b');
  for (const target of to) {
    const bad = badTarget(s, player, target, 'DM');
    if (bad) return refuse(s, fx, player, bad);
  }
  if (to.length > s.config.maxDmRecipients) {
    return refuse(s, fx, player, `a DM may name at most ${s.config.maxDmRecipients} others; you named ${to.length}`);
  }
  if (text !== undefined) {
    const problem = textProblem(text, s.config.maxMessageLength) ?? overCap(s, player);
    if (problem) return refuse(s, fx, player, problem);
  }
  const members = [player, ...to].sort();
  const id = channelId(members);
  let channel = s.channels.find((c) => c.id === id);
  if (!channel) {
    channel = { id, members, openedBy: player, round: s.round, messages: [], locked: false };
    s.channels.push(channel);
    record(s, 'channel_opened', { channel: id, members, by: player }, members);
    fx.push({ kind: 'openChannel', channel: id, members });
  }
  s.acted[player] = true;
  if (text === undefined) {
    fx.push({ kind: 'reply', to: player, text: `Channel ${id} is open: ${members.join(', ')}.`, refused: false });
    return true;
  }
  postDm(s, fx, channel, player, text);
  return true;
}

/** Why `player` may send no more DMs this WHISPER (the per-phase cap), or null. */
function overCap(s: InfluenceState, player: PlayerId): string | null {
  const cap = s.config.maxWhispers;
  return (ownValue(s.dmsSent, player) ?? 0) >= cap ? `you have sent ${cap} DMs this WHISPER, the most one player may` : null;
}

function postDm(s: InfluenceState, fx: Fx, channel: Channel, player: PlayerId, text: string): void {
  const turn = whisperTurn(s.phase) ?? 1;
  replaceChannel(s, channel, { ...channel, messages: [...channel.messages, { from: player, text, round: s.round, turn }] });
  s.dmsSent[player] = (ownValue(s.dmsSent, player) ?? 0) + 1;
  record(s, 'dm', { channel: channel.id, from: player, text, turn }, channel.members);
  fx.push({ kind: 'post', channel: channel.id, from: player, text });
}

/**
 * RULES I-a, a WHISPER played in turns (headless and the House): after a turn
 * in which someone sent a DM, the next turn opens (everyone may answer what it
 * received); after the last turn, or a turn in which no one wrote (nobody has
 * anything new to answer), RUMOR begins. RULES I-d: the public hears only that
 * WHISPER opened and closed, never how many turns ran (which would tell that
 * someone wrote): a new turn is a private `whisper_turn` event to the living
 * players and a private line to each. Returns whether a turn opened.
 */
export function nextWhisperTurn(s: InfluenceState, fx: Fx, spoke: boolean): boolean {
  const turn = whisperTurn(s.phase);
  if (turn === null) return false;
  if (!spoke || turn >= s.config.whisperTurns) {
    timeout(s, fx, 'WHISPER', s.round);
    return false;
  }
  s.phase = `WHISPER ${turn + 1}`;
  s.acted = nullRecord();
  const players = living(s);
  record(s, 'whisper_turn', { turn: turn + 1, of: s.config.whisperTurns, round: s.round }, players);
  for (const p of players) fx.push({ kind: 'reply', to: p, text: say.whisperTurn(s.round, turn + 1, s.config.whisperTurns), refused: false });
  return true;
}

function chat(s: InfluenceState, fx: Fx, player: PlayerId, id: string, text: string): boolean {
  if (id === 'public') {
    if (imitatesHouse(text)) return refuse(s, fx, player, 'your message imitates The House and was not accepted; write as yourself');
    return refuse(s, fx, player, 'the game room takes commands only: your one public message goes through !public during RUMOR, private talk through !dm');
  }
  const why = notPlaying(s, player);
  if (why) return refuse(s, fx, player, why);
  if (!isWhisper(s.phase)) return refuse(s, fx, player, `DMs are open during WHISPER; it is ${s.phase} now`);
  const channel = s.channels.find((c) => c.id === id && c.members.includes(player));
  if (!channel) return refuse(s, fx, player, `you have no channel '${id}'; open one with !dm @a @b`);
  if (channel.locked) return refuse(s, fx, player, `channel ${id} is locked: a member was eliminated`);
  const problem = textProblem(text, s.config.maxMessageLength) ?? overCap(s, player);
  if (problem) return refuse(s, fx, player, problem);
  s.acted[player] = true;
  postDm(s, fx, channel, player, text);
  return true;
}

function allActed(s: InfluenceState): boolean {
  return living(s).every((p) => ownValue(s.acted, p));
}

function publicPost(s: InfluenceState, fx: Fx, player: PlayerId, text: string, check?: ImageCheck): boolean {
  const why = notPlaying(s, player);
  if (why) return refuse(s, fx, player, why);
  if (s.phase !== 'RUMOR') return refuse(s, fx, player, `!public works during RUMOR; it is ${s.phase} now`);
  if (ownValue(s.acted, player)) return refuse(s, fx, player, 'you have already posted your one public message this round');
  const problem = textProblem(text, s.config.maxMessageLength);
  if (problem) return refuse(s, fx, player, problem);
  const image = parseImage(text);
  if (image && !image.ok) return refuse(s, fx, player, image.error);
  if (image && check?.verdict === 'refused') return refuse(s, fx, player, `the House fetched your image and cannot post it: ${check.why}`);
  const note = image && check?.verdict === 'unchecked' ? check.why : undefined;
  addPost(s, fx, player, text.trim(), image?.ok ? image.url : undefined, false, note);
  if (allActed(s)) enterVote(s, fx);
  return true;
}

function addPost(s: InfluenceState, fx: Fx, player: PlayerId, text: string, image: string | undefined, auto: boolean, imageNote?: string): void {
  const extra = { ...(image ? { image } : {}), ...(auto ? { auto } : {}), ...(imageNote ? { imageNote } : {}) };
  s.posts.push({ round: s.round, from: player, text, ...extra });
  record(s, 'public', { from: player, text, ...extra });
  fx.push({ kind: 'post', channel: 'public', from: player, text, ...(image ? { image } : {}) });
  s.acted[player] = true;
}

function enterVote(s: InfluenceState, fx: Fx): void {
  enter(s, fx, 'VOTE', say.vote(twoLeft(s)));
}

function ballotComplete(s: InfluenceState, player: PlayerId): boolean {
  const b = ownValue(s.ballots, player);
  return Boolean(b?.empower && (b.expose || twoLeft(s)));
}

function vote(s: InfluenceState, fx: Fx, player: PlayerId, kind: 'empower' | 'expose', typed: PlayerId): boolean {
  const target = resolvePlayer(s, typed);
  const why = notPlaying(s, player);
  if (why) return refuse(s, fx, player, why);
  if (s.phase !== 'VOTE') return refuse(s, fx, player, `!${kind} works during VOTE; it is ${s.phase} now`);
  if (kind === 'expose' && twoLeft(s)) return refuse(s, fx, player, 'with two operatives left there is no expose');
  if (ownValue(s.acted, player)) return refuse(s, fx, player, 'your ballot is already in');
  const bad = badTarget(s, player, target, kind);
  if (bad) return refuse(s, fx, player, bad);
  s.ballots[player] = { ...ownValue(s.ballots, player), [kind]: target };
  record(s, 'vote', { voter: player, kind, target }, [player]);
  fx.push({ kind: 'reply', to: player, text: `Noted: !${kind} ${target}.`, refused: false });
  if (ballotComplete(s, player)) {
    s.acted[player] = true;
    if (allActed(s)) tally(s, fx);
  }
  return true;
}

function last(s: InfluenceState, fx: Fx, player: PlayerId, text: string): boolean {
  const why = notPlaying(s, player);
  if (why) return refuse(s, fx, player, why);
  if (!isWhisper(s.phase) && s.phase !== 'RUMOR' && s.phase !== 'VOTE') {
    return refuse(s, fx, player, `!last is registered up to the vote; it is ${s.phase} now`);
  }
  const problem = textProblem(text, s.config.maxMessageLength);
  if (problem) return refuse(s, fx, player, problem);
  s.lastWords[player] = text.trim();
  record(s, 'last_registered', { player, text: text.trim() }, [player]);
  fx.push({ kind: 'reply', to: player, text: 'Your last message is registered.', refused: false });
  return true;
}

/** Seeded draw among `among` (already in seating order), derived from seed + round + kind. */
function draw(s: InfluenceState, kind: string, among: PlayerId[], subject = ''): PlayerId {
  return among.length === 1 ? among[0]! : Rng.derive(s.seed, s.round, kind, subject).pick(among);
}

function tally(s: InfluenceState, fx: Fx): void {
  const alive = living(s);
  const empower: Record<PlayerId, number> = nullRecord();
  const expose: Record<PlayerId, number> = nullRecord();
  for (const p of alive) {
    empower[p] = 0;
    expose[p] = 0;
  }
  for (const p of alive) {
    const b = ownValue(s.ballots, p);
    if (b?.empower && Object.hasOwn(empower, b.empower)) empower[b.empower]! += 1;
    if (b?.expose && Object.hasOwn(expose, b.expose) && !twoLeft(s)) expose[b.expose]! += 1;
  }
  const top = Math.max(...alive.map((p) => empower[p]!));
  const tied = top > 0 ? alive.filter((p) => empower[p] === top) : alive;
  const empowered = draw(s, 'empower-tie', tied);
  s.empowered = empowered;
  s.empowerVotes = empower;
  s.exposeVotes = expose;
  s.exposed = alive.filter((p) => expose[p]! > 0);
  for (const p of alive) s.empowerTotals[p] = (ownValue(s.empowerTotals, p) ?? 0) + empower[p]!;
  record(s, 'votes', { empowerVotes: empower, exposeVotes: expose, empowered, exposed: s.exposed, ...(tied.length > 1 ? { drawnAmong: tied } : {}) });
  fx.push({ kind: 'post', channel: 'public', text: say.tally(empowered, s.exposed) });
  enter(s, fx, 'POWER', say.power(empowered, twoLeft(s) ? [] : s.exposed));
}

function power(s: InfluenceState, fx: Fx, player: PlayerId, typed: PowerChoice): boolean {
  const choice: PowerChoice = { action: typed.action, target: resolvePlayer(s, typed.target) };
  const why = notPlaying(s, player);
  if (why) return refuse(s, fx, player, why);
  if (s.phase !== 'POWER') return refuse(s, fx, player, `!${choice.action} works during POWER; it is ${s.phase} now`);
  if (player !== s.empowered) return refuse(s, fx, player, `only the empowered player (${s.empowered}) may !eliminate or !protect`);
  const legal = legalPowerActions(s);
  if (!legal.some((a) => a.action === choice.action && a.target === choice.target)) {
    const bad = choice.target === player && choice.action === 'protect' ? null : badTarget(s, player, choice.target, choice.action);
    if (bad) return refuse(s, fx, player, bad);
    if (choice.action === 'protect' && !legal.some((a) => a.action === 'protect')) {
      return refuse(s, fx, player, twoLeft(s) ? 'with two left you must !eliminate the other' : 'no one is exposed, so you must !eliminate someone other than yourself');
    }
    return refuse(s, fx, player, `${choice.target} is not exposed`);
  }
  resolvePower(s, fx, choice, false);
  return true;
}

function resolvePower(s: InfluenceState, fx: Fx, choice: PowerChoice, auto: boolean): void {
  const by = s.empowered!;
  record(s, 'power', { by, action: choice.action, target: choice.target, ...(auto ? { auto } : {}) });
  const out: Elimination[] = [];
  let protectedPlayer: PlayerId | null = null;
  if (choice.action === 'eliminate') {
    out.push({ player: choice.target, round: s.round, reason: 'power' });
  } else {
    protectedPlayer = choice.target;
    fx.push({ kind: 'post', channel: 'public', text: say.protected(by, choice.target) });
    s.exposed = s.exposed.filter((p) => p !== choice.target);
    if (s.exposed.length) {
      const top = Math.max(...s.exposed.map((p) => ownValue(s.exposeVotes, p) ?? 0));
      const victim = draw(s, 'exposure-tie', s.exposed.filter((p) => (ownValue(s.exposeVotes, p) ?? 0) === top));
      out.push({ player: victim, round: s.round, reason: 'exposure' });
    }
  }
  reveal(s, fx, out, { action: choice.action, target: choice.target, auto }, protectedPlayer);
}

/**
 * REVEAL: the round's eliminations, then the inactivity streaks (RULES I-c):
 * a round in which a required action of the player (public post, ballot,
 * power action) was auto-filled has already added one; a round in which it
 * acted in every phase it was asked in resets it to 0. Every player whose
 * streak reached the inactivity limit is eliminated for inactivity, at the
 * round's end so the round's votes stay as cast; if that is every living
 * player, the game ends with no winner.
 */
function reveal(s: InfluenceState, fx: Fx, out: Elimination[], action: RoundSummary['action'], protectedPlayer: PlayerId | null): void {
  const exposedAtVote = living(s).filter((p) => (ownValue(s.exposeVotes, p) ?? 0) > 0);
  s.phase = 'REVEAL';
  s.acted = nullRecord();
  record(s, 'phase', { phase: 'REVEAL', round: s.round });
  for (const e of out) eliminate(s, fx, e);
  for (const p of living(s)) if (!ownValue(s.idleThisRound, p)) s.autoFills[p] = 0;
  const idle = living(s).filter((p) => (ownValue(s.autoFills, p) ?? 0) >= s.config.inactivityLimit);
  for (const p of idle) eliminate(s, fx, { player: p, round: s.round, reason: 'inactivity' });
  const eliminated = s.eliminations.filter((e) => e.round === s.round);
  if (eliminated.length === 0) fx.push({ kind: 'post', channel: 'public', text: say.noElimination(s.round) });
  s.rounds.push({
    round: s.round,
    empowered: s.empowered!,
    empowerVotes: s.empowerVotes,
    exposeVotes: s.exposeVotes,
    exposedAtVote,
    exposed: [...s.exposed],
    action,
    protected: protectedPlayer,
    eliminated,
    alive: living(s),
  });
  if (living(s).length <= 1) return endGame(s, fx);
  fx.push({ kind: 'post', channel: 'public', text: say.remain(living(s)) });
  fx.push(currentTimer(s)!);
}

/**
 * RULES Influence 8: the last message is posted, the player leaves the game
 * room, and every DM channel it was in is locked (readable by its members, the
 * eliminated included; open to no new message), so it has no live channel left.
 */
function eliminate(s: InfluenceState, fx: Fx, e: Elimination): void {
  const words = ownValue(s.lastWords, e.player);
  const out: Elimination = words === undefined ? e : { ...e, last: words };
  s.alive[e.player] = false;
  s.eliminations.push(out);
  record(s, 'eliminated', { player: e.player, reason: e.reason });
  fx.push({ kind: 'post', channel: 'public', text: e.reason === 'inactivity' ? say.inactive(e.player) : say.reveal(e.player, s.round) });
  if (words !== undefined) {
    record(s, 'last_message', { player: e.player, text: words });
    fx.push({ kind: 'post', channel: 'public', text: say.lastWords(e.player, words) });
  }
  for (const c of s.channels) {
    if (!c.members.includes(e.player) || c.locked) continue;
    replaceChannel(s, c, { ...c, locked: true });
    record(s, 'channel_locked', { channel: c.id, because: e.player }, c.members);
    fx.push({ kind: 'lockChannel', channel: c.id });
  }
  fx.push({ kind: 'leaveChannel', channel: 'public', player: e.player });
}

function endGame(s: InfluenceState, fx: Fx): void {
  const winner = living(s)[0] ?? null;
  s.phase = 'END';
  s.acted = nullRecord();
  s.winner = winner;
  record(s, 'game_over', { winner, rounds: s.round });
  fx.push({ kind: 'post', channel: 'public', text: winner ? say.win(winner) : say.noWinner() });
  const head = s.log.length ? s.log[s.log.length - 1]!.hash : GENESIS;
  s.publishedHead = head;
  fx.push({ kind: 'publishHead', head, entries: s.log.length });
  fx.push({ kind: 'post', channel: 'public', text: say.head(head, s.log.length) });
  fx.push({ kind: 'gameOver', winner });
}

/**
 * A required action was auto-filled. The round counts once towards the
 * player's inactivity streak (RULES I-c). What the House chose is as secret as
 * the player's own move would be (RULES I-b): `auto_filled` goes to the
 * player alone; the public `timed_out` says only who did not act, and the streak.
 */
function bump(s: InfluenceState, fx: Fx, player: PlayerId, what: string): void {
  if (!ownValue(s.idleThisRound, player)) {
    s.idleThisRound[player] = true;
    s.autoFills[player] = (ownValue(s.autoFills, player) ?? 0) + 1;
  }
  const streak = ownValue(s.autoFills, player)!;
  record(s, 'timed_out', { player, phase: s.phase, streak });
  record(s, 'auto_filled', { player, what, streak }, [player]);
  fx.push({ kind: 'reply', to: player, text: say.autoFilled(player, what), refused: false });
}

function timeout(s: InfluenceState, fx: Fx, phase: TimedPhase, round: number): boolean {
  if (phase !== basePhase(s.phase) || round !== s.round) return false;
  switch (phase) {
    case 'WHISPER':
      enter(s, fx, 'RUMOR', say.rumor());
      return true;
    case 'RUMOR':
      for (const p of living(s)) {
        if (ownValue(s.acted, p)) continue;
        const text = phrase(Rng.derive(s.seed, s.round, 'autofill-public', p), 'autoPublic', { me: p });
        addPost(s, fx, p, text, undefined, true);
        bump(s, fx, p, `the public message "${text}"`);
      }
      enterVote(s, fx);
      return true;
    case 'VOTE':
      for (const p of living(s)) {
        if (ownValue(s.acted, p)) continue;
        const rng = Rng.derive(s.seed, s.round, 'autofill-vote', p);
        const others = living(s).filter((o) => o !== p);
        const b = { ...ownValue(s.ballots, p) };
        b.empower ??= rng.pick(others);
        if (!twoLeft(s)) b.expose ??= rng.pick(others);
        s.ballots[p] = b;
        record(s, 'vote', { voter: p, ...b, auto: true }, [p]);
        bump(s, fx, p, `!empower ${b.empower}${b.expose && !twoLeft(s) ? ` and !expose ${b.expose}` : ''}`);
      }
      tally(s, fx);
      return true;
    case 'POWER': {
      const choice = Rng.derive(s.seed, s.round, 'autofill-power', s.empowered!).pick(legalPowerActions(s));
      bump(s, fx, s.empowered!, `!${choice.action} ${choice.target}`);
      resolvePower(s, fx, choice, true);
      return true;
    }
    case 'REVEAL':
      startRound(s, fx, s.round + 1);
      return true;
  }
}
