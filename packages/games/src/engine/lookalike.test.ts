import { describe, expect, test } from 'bun:test';
import { lookalike } from './lookalike.ts';

describe('lookalike: text folded as it looks', () => {
  test('Greek and Cyrillic capitals and small letters that look Latin fold to the Latin ones', () => {
    expect(lookalike('RΕVEAL')).toBe(lookalike('REVEAL')); // Greek Epsilon
    expect(lookalike('ΤΗΕ ΗΟUSΕ')).toBe(lookalike('THE HOUSE')); // Greek Tau, Eta, Epsilon, Omicron
    expect(lookalike('ТНЕ НОUЅЕ')).toBe(lookalike('THE HOUSE')); // Cyrillic Te, En, Ie, O, Dze
    expect(lookalike('tһе һоusе')).toBe(lookalike('the house')); // Cyrillic shha, ie, o
    expect(lookalike('vоtе')).toBe(lookalike('VOTE'));
  });

  test('full-width, mathematical, circled and small-capital letters fold to plain ones', () => {
    expect(lookalike('ＴＨＥ　ＨＯＵＳＥ')).toBe('the house');
    expect(lookalike('𝐓𝐡𝐞 𝐇𝐨𝐮𝐬𝐞')).toBe('the house');
    expect(lookalike('𝕿𝖍𝖊 𝕳𝖔𝖚𝖘𝖊')).toBe('the house');
    expect(lookalike('Ⓣⓗⓔ Ⓗⓞⓤⓢⓔ')).toBe('the house');
    expect(lookalike('ᴛʜᴇ ʜᴏᴜꜱᴇ')).toBe('the house');
  });

  test('accents and invisible characters go; case does not count', () => {
    expect(lookalike('Thé Hoüse')).toBe('the house');
    expect(lookalike('T\u200bh\u200de\u2060 H\u00adouse\ufe0f')).toBe('the house');
    expect(lookalike('tHe HoUsE')).toBe('the house');
    expect(lookalike('[WIN]')).toBe(lookalike('[win]'));
  });

  test('words that do not look alike stay apart', () => {
    expect(lookalike('the mouse')).not.toBe(lookalike('the house'));
    expect(lookalike('Привет')).not.toBe(lookalike('hello'));
    expect(lookalike('REVEALS')).not.toBe(lookalike('REVEAL'));
  });
});
