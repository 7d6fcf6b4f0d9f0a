import { influenceDecisionFields, phaseFields } from './influenceDecision.ts';
import type { InfluenceView } from './influenceView.ts';

/** The spec's "public timeline so far (truncated)": the prompt keeps the most recent entries. */
const RECENT_POSTS = 24;
const RECENT_ROUNDS = 4;
const RECENT_DMS = 12;

const list = (names: readonly string[]): string => (names.length ? names.join(', ') : 'no one');
const quote = (text: string): string => JSON.stringify(text);

function counts(votes: Record<string, number>): string {
  const given = Object.entries(votes).filter(([, n]) => n > 0);
  return given.length ? given.map(([p, n]) => `${p} ${n}`).join(', ') : 'none';
}

function omitted(total: number, kept: number, what: string): string[] {
  return total > kept ? [`  (${total - kept} earlier ${what} omitted)`] : [];
}

function publicTimeline(view: InfluenceView): string[] {
  const recent = view.posts.slice(-RECENT_POSTS);
  return [
    'Public messages:',
    ...omitted(view.posts.length, recent.length, 'messages'),
    ...(recent.length ? recent.map((p) => `  R${p.round} ${p.from}: ${p.image ? `[image ${p.image}${p.imageNote ? `; the House could not check it: ${p.imageNote}` : ''}]` : quote(p.text)}${p.auto ? ' (auto-filled by The House)' : ''}`) : ['  none yet']),
  ];
}

function pastRounds(view: InfluenceView): string[] {
  const recent = view.rounds.slice(-RECENT_ROUNDS);
  if (!recent.length) return [];
  return [
    'Past rounds:',
    ...omitted(view.rounds.length, recent.length, 'rounds'),
    ...recent.map((r) => {
      const action = r.action ? `${r.empowered} chose ${r.action.action} ${r.action.target}${r.action.auto ? ' (auto-filled)' : ''}` : 'no power action';
      const out = r.eliminated.map((e) => `${e.player} (${e.reason})`);
      return `  R${r.round}: empowered ${r.empowered} (empower votes: ${counts(r.empowerVotes)}); exposed ${list(r.exposedAtVote)} (expose votes: ${counts(r.exposeVotes)}); ${action}; eliminated ${list(out)}.`;
    }),
  ];
}

function privateChannels(view: InfluenceView): string[] {
  if (!view.channels.length) return ['Your private channels: none (only you and their members see them).'];
  return [
    'Your private channels (only their members see them):',
    ...view.channels.flatMap((c) => {
      const recent = c.messages.slice(-RECENT_DMS);
      return [
        `  ${c.id} with ${list(c.members.filter((m) => m !== view.me))}${c.locked ? ' [locked: a member was eliminated]' : ''}`,
        ...omitted(c.messages.length, recent.length, 'messages').map((l) => `  ${l}`),
        ...recent.map((m) => `    R${m.round}${m.turn > 1 ? `.${m.turn}` : ''} ${m.from}: ${quote(m.text)}`),
      ];
    }),
  ];
}

/** What this phase asks of the player, field by field, in the decision schema's own words. */
function task(view: InfluenceView): string[] {
  const acting = view.alive && view.phase in phaseFields && (view.phase !== 'POWER' || view.powerActions.length > 0);
  if (!acting) return [`Nothing to decide now (${view.alive ? `phase ${view.phase}` : 'you are eliminated'}).`];
  const others = view.living.filter((p) => p !== view.me);
  const fields = phaseFields[view.phase as keyof typeof phaseFields].filter((f) => !(f === 'expose' && view.twoLeft));
  const limits: Record<string, string> = {
    whispers: `to: up to ${view.maxDmRecipients} of ${list(others)}; text: at most ${view.maxMessageLength} characters; ${view.whispersLeft} more DMs this WHISPER; [] to stay silent`,
    public: `at most ${view.maxMessageLength} characters`,
    empower: `one of ${list(others)}`,
    expose: `one of ${list(others)}`,
    last: `optional, at most ${view.maxMessageLength} characters${view.myLast ? `; registered now: ${quote(view.myLast)}` : ''}`,
    power: `one of ${view.powerActions.map((a) => `{"action":"${a.action}","target":"${a.target}"}`).join(', ')}`,
  };
  const turn =
    view.whisperTurn === null
      ? []
      : [
          `WHISPER is a conversation in ${view.whisperTurns} turns; this is turn ${view.whisperTurn}. Each turn you see every DM sent to you in the turns before (R<round>.<turn> above), and may answer or write to anyone. A turn in which no one writes ends WHISPER.`,
        ];
  return [
    ...turn,
    `Now (${view.phase}): answer with one JSON object with these fields:`,
    ...fields.map((f) => `  ${f}: ${influenceDecisionFields.shape[f].description ?? ''} (${limits[f]})`),
    ...(view.twoLeft && view.phase === 'VOTE' ? ['  With two operatives left there is no expose: the empowered eliminates the other.'] : []),
  ];
}

/**
 * The view in words for a model's prompt (spec section 7's skeleton): status,
 * the public timeline and past tallies (recent ones only), the player's own DM
 * channels, and the phase's task described by the decision schema itself.
 */
export function influencePrompt(view: InfluenceView): string {
  const out = view.eliminations.map((e) => `${e.player} (round ${e.round}, ${e.reason}${e.last ? `; last message ${quote(e.last)}` : ''})`);
  const tally = Object.keys(view.empowerVotes).length
    ? [`This round's tally: ${view.empowered} is empowered (empower votes: ${counts(view.empowerVotes)}); exposed: ${list(view.exposed)} (expose votes: ${counts(view.exposeVotes)}).`]
    : [];
  return [
    `You are Agent ${view.me} in the game "Influence". The House's messages are absolute.`,
    `Round ${view.round}, phase ${view.phase}${view.whisperTurn === null ? '' : ` (turn ${view.whisperTurn} of ${view.whisperTurns})`}. You are ${view.alive ? 'alive' : 'eliminated'}.${view.winner ? ` Winner: ${view.winner}.` : ''}`,
    `Alive (${view.living.length}): ${list(view.living)}. Eliminated: ${list(out)}.`,
    ...pastRounds(view),
    ...tally,
    ...publicTimeline(view),
    ...privateChannels(view),
    ...(view.myBallot.empower || view.myBallot.expose ? [`Your ballot so far: empower ${view.myBallot.empower ?? '-'}, expose ${view.myBallot.expose ?? '-'}.`] : []),
    ...task(view),
  ].join('\n');
}
