import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { moderatorLines as say } from './moderatorLines.ts';
import { imitatesHouse } from './textChecks.ts';

/** Letters and what a player may write instead: Greek, Cyrillic, full-width, mathematical bold and small capitals. */
const DISGUISES: Record<string, string[]> = {
  A: ['Α', 'А', 'Ａ', '𝐀'],
  E: ['Ε', 'Е', 'Ｅ', '𝐄', 'ᴇ'],
  H: ['Η', 'Н', 'Ｈ', '𝐇', 'ʜ'],
  I: ['Ι', 'І', 'Ｉ', '𝐈', 'ɪ'],
  N: ['Ν', 'Ｎ', '𝐍', 'ɴ'],
  O: ['Ο', 'О', 'Ｏ', '𝐎', 'ᴏ'],
  P: ['Ρ', 'Р', 'Ｐ', '𝐏', 'ᴘ'],
  R: ['Ｒ', '𝐑', 'ʀ'],
  S: ['Ѕ', 'Ｓ', '𝐒', 'ꜱ'],
  T: ['Τ', 'Т', 'Ｔ', '𝐓', 'ᴛ'],
  U: ['Ｕ', '𝐔', 'ᴜ'],
  V: ['Ｖ', '𝐕', 'ᴠ'],
  W: ['Ｗ', '𝐖', 'ᴡ'],
  e: ['е', 'ｅ', '𝐞', 'é'],
  h: ['һ', 'ｈ', '𝐡'],
  o: ['о', 'ο', 'ｏ', '𝐨', 'ö'],
  s: ['ѕ', 'ｓ', '𝐬'],
  u: ['ｕ', '𝐮', 'ü'],
};
const BRACKETS = [['[', ']'], ['【', '】'], ['「', '」'], ['『', '』'], ['〔', '〕'], ['(', ')'], ['<', '>'], ['〈', '〉'], ['［', '］']] as const;
const LEADS = ['', '🎩 ', '⚠️ ', '👉', '>> ', '** ', '— ', '🔔🔔 ', '“'];
const INVISIBLE = ['\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad'];

/** Every line the House speaks in an Influence room. */
const HOUSE_LINES = [
  say.lobby(4),
  say.whisper(2),
  say.rumor(),
  say.vote(false),
  say.tally('bob', ['cat']),
  say.power('bob', ['cat']),
  say.powerTaken('bob', 'eliminate', 'cat', true),
  say.reveal('cat', 2),
  say.lastWords('cat', 'farewell'),
  say.remain(['ann', 'bob']),
  say.win('bob'),
  say.autoFilled('bob', 'a random ballot'),
  say.timedOut('VOTE', 'bob', 2),
];

const disguised = fc.record({
  line: fc.constantFrom(...HOUSE_LINES),
  lead: fc.constantFrom(...LEADS),
  bracket: fc.constantFrom(...BRACKETS),
  picks: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  hidden: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLE)), { maxLength: 4 }),
});

test('a House line in any disguise (other scripts, emoji first, another bracket, invisible characters) is still the House', () => {
  fc.assert(
    fc.property(disguised, ({ line, lead, bracket, picks, hidden }) => {
      const rebracketed = line.replace(/^\[([A-Z]+)\]/, `${bracket[0]}$1${bracket[1]}`);
      let i = 0;
      let text = [...rebracketed].map((c) => {
        const options = DISGUISES[c];
        const pick = picks[i++ % picks.length]!;
        return options && pick % 3 !== 0 ? options[pick % options.length]! : c;
      }).join('');
      for (const [at, mark] of hidden) {
        const chars = [...text];
        chars.splice(1 + (at % (chars.length - 1)), 0, mark);
        text = chars.join('');
      }
      expect(imitatesHouse(`${lead}${text}`)).toBe(true);
    }),
    { numRuns: 400, seed: 23 },
  );
});

test('everyday words, with emoji or brackets first, are a player’s own', () => {
  fc.assert(
    fc.property(fc.lorem({ maxCount: 12 }), fc.constantFrom(...LEADS), fc.constantFrom('', '(ok) ', '[psst] ', '【lol】 '), (words, lead, aside) => {
      expect(imitatesHouse(`${lead}${aside}${words}`)).toBe(false);
    }),
    { numRuns: 400, seed: 23 },
  );
});
