import type { Rng } from '../engine/rng.ts';

/**
 * Short templates the offline brains and the House's auto-fill speak with, so a
 * headless game reads like a game. `{x}` is the player talked about, `{me}` the speaker.
 */
export const phrases = {
  alliance: [
    'Alliance? You, me and {with}. We vote together: expose {x}.',
    'Let us stick together. Our target this round: {x}.',
    'Pact: we protect each other and go after {x}.',
  ],
  allianceFollowUp: ['Still with you. {x} goes next.', 'Holding the line. Expose {x}.', 'Same plan as before: {x}.'],
  allianceAccept: ['Agreed, pact it is: {x} goes first.', 'Deal. We stick together and expose {x}.', 'Count me in. Pact against {x}.'],
  allianceReply: ['Noted. I will keep an eye on {x}.', 'Thanks for the word on {x}.', 'Interesting. {x}, you say?'],
  rumourReply: ['Exactly. {x} is the one to watch.', 'You see it too: {x} has to go.', 'Told you. {x} is playing all of us.'],
  rumourWhisper: ['Between us: {x} is running the table.', 'Do not trust {x}. I have seen the DMs.', '{x} is collecting votes behind your back.'],
  rumourPublic: [
    'Word is {x} has already promised the same deal to three of us.',
    'Ask yourselves why {x} never gets exposed.',
    '{x} is playing everyone. Look at the empower votes.',
    'I heard {x} is the real threat here.',
  ],
  paranoidWhisper: ['I know you have been talking about me, {x}.', 'Careful, {x}. I am watching.', '{x}, I hear my name in your DMs.'],
  paranoidPublic: ['Someone is whispering about me. {x}, that is you.', 'I see the plots. {x} is behind them.', 'Trust no one. Especially not {x}.'],
  idlePublic: ['Nothing to say this round.', 'Watching and waiting.', 'May the best operative win.', 'Interesting table today.'],
  randomWhisper: ['What do you think of {x}?', 'Want to work together?', 'I am voting with you if you vote with me.', 'Keep an eye on {x}.'],
  autoPublic: ['{me} stays silent this round.', '{me} has nothing to declare.', '{me} watches quietly.'],
} as const;

export type PhraseKind = keyof typeof phrases;

/** Seeded choice of a template, with `{name}` slots filled. */
export function phrase(rng: Rng, kind: PhraseKind, slots: Record<string, string> = {}): string {
  return rng.pick(phrases[kind]).replace(/\{(\w+)\}/g, (all, key: string) => slots[key] ?? all);
}

const templateRegexes = new Map<PhraseKind, RegExp[]>();

/** Whether `text` was produced by one of the `kind` templates (slots match any text). */
export function fromTemplate(kind: PhraseKind, text: string): boolean {
  let regexes = templateRegexes.get(kind);
  if (!regexes) {
    regexes = phrases[kind].map((t) => new RegExp(`^${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+')}$`));
    templateRegexes.set(kind, regexes);
  }
  return regexes.some((r) => r.test(text));
}
