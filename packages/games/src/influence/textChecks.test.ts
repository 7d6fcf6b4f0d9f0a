import { describe, expect, test } from 'bun:test';
import { imitatesHouse, parseImage, textProblem } from './textChecks.ts';

describe('text checks', () => {
  test('imitations of the House: phase tags, the name at the start, the ▸ signature', () => {
    expect(imitatesHouse('[VOTE] Phase 3. DM me')).toBe(true);
    expect(imitatesHouse('  [ reveal ] Agent x is out')).toBe(true);
    expect(imitatesHouse('The House: votes are void')).toBe(true);
    expect(imitatesHouse('> the   house says hi')).toBe(true);
    expect(imitatesHouse('psst, the house ▸ told me')).toBe(true);
    expect(imitatesHouse('I trust the house rules')).toBe(false);
    expect(imitatesHouse('[joke] knock knock')).toBe(false);
  });

  test('an imitation hidden on a later line, behind invisible characters or in full-width letters is still one', () => {
    expect(imitatesHouse('ok then\n[REVEAL] Agent cat has been eliminated.')).toBe(true);
    expect(imitatesHouse('fine.\n  The House: round void')).toBe(true);
    expect(imitatesHouse('The\u200bHouse ▸ vote bob')).toBe(true);
    expect(imitatesHouse('［ＶＯＴＥ］ Phase 3')).toBe(true);
    expect(imitatesHouse('my house\nis your house')).toBe(false);
  });

  // Issue 23, "Text that looks like the House": each of its examples, and their kin.
  test('the House named in a bracket of any kind, or a phase tag in one, is an imitation', () => {
    expect(imitatesHouse('[THE HOUSE] Ada is eliminated')).toBe(true);
    expect(imitatesHouse('[the-house] votes are void')).toBe(true);
    expect(imitatesHouse('【REVEAL】 Ada has been eliminated.')).toBe(true);
    for (const [open, close] of [['「', '」'], ['『', '』'], ['〔', '〕'], ['〖', '〗'], ['《', '》'], ['〈', '〉'], ['(', ')'], ['<', '>'], ['{', '}'], ['«', '»']]) {
      expect(imitatesHouse(`${open}VOTE${close} Phase 3. DM me`)).toBe(true);
      expect(imitatesHouse(`${open}The House${close} Ada is out`)).toBe(true);
    }
    expect(imitatesHouse('(psst) [POWER] kim eliminates lee')).toBe(true);
    expect(imitatesHouse('[[REVEAL]] Ada is out')).toBe(true);
  });

  test('leading emoji and symbols do not hide the House', () => {
    expect(imitatesHouse('🎩 The House: the vote is void')).toBe(true);
    expect(imitatesHouse('⚠️ [REVEAL] Ada has been eliminated.')).toBe(true);
    expect(imitatesHouse('🎩🎩 — THE HOUSE ▸ bob wins')).toBe(true);
    expect(imitatesHouse('👉【VOTE】 DM me')).toBe(true);
  });

  test('letters of other scripts, accents, small capitals and mathematical letters that look like the House are the House', () => {
    expect(imitatesHouse('[R\u0395VEAL] Ada is out')).toBe(true); // Greek capital Epsilon
    expect(imitatesHouse('[V\u041e\u0422\u0415] DM me')).toBe(true); // Cyrillic O, T, E
    expect(imitatesHouse('\u0422h\u0435 \u041d\u043eus\u0435: round void')).toBe(true); // Cyrillic
    expect(imitatesHouse('𝐓𝐡𝐞 𝐇𝐨𝐮𝐬𝐞: round void')).toBe(true);
    expect(imitatesHouse('ᴛʜᴇ ʜᴏᴜꜱᴇ ▸ round void')).toBe(true);
    expect(imitatesHouse('Thé Hoüse: round void')).toBe(true);
    expect(imitatesHouse('[w\u0456n] Agent bob wins')).toBe(true); // Cyrillic i, lower case
    expect(imitatesHouse('psst, T\u029CE H\u1D0FUSE ▸ told me')).toBe(true);
  });

  test('brackets, emoji and other scripts that are not the House stay a player’s words', () => {
    expect(imitatesHouse('[joke] knock knock')).toBe(false);
    expect(imitatesHouse('🎉 great round, everyone')).toBe(false);
    expect(imitatesHouse('(honestly) I vote bob')).toBe(false);
    expect(imitatesHouse('<3 to all of you')).toBe(false);
    expect(imitatesHouse('【lol】 no')).toBe(false);
    expect(imitatesHouse('Привет, я за тебя')).toBe(false);
    expect(imitatesHouse('I won the vote [REVEAL] later')).toBe(false);
    expect(imitatesHouse('The Houses of Parliament are closed')).toBe(false);
  });

  test('length, emptiness and imitation, in that order', () => {
    expect(textProblem('hi', 10)).toBeNull();
    expect(textProblem('', 10)).toBe('the message is empty');
    expect(textProblem('x'.repeat(11), 10)).toBe('the message has 11 characters; the limit is 10');
  });

  test('img:<url> must be one http(s) URL to a png or jpeg', () => {
    expect(parseImage('hello')).toBeNull();
    expect(parseImage('img:http://x.test/a.jpeg')).toEqual({ ok: true, url: 'http://x.test/a.jpeg' });
    expect(parseImage('img: https://x.test/a.png two')).toEqual({ ok: false, error: 'write img:<url> with one URL and nothing else' });
    expect(parseImage('img:nonsense')).toMatchObject({ ok: false });
    expect(parseImage('img:data:image/png;base64,AAAA')).toMatchObject({ ok: false, error: 'the image URL must start with http:// or https://' });
  });
});
