import { describe, expect, test } from 'bun:test';
import { bound, entryMoves, FILL_LINE, intDomain, intSet, legalLines, legalSignatures, readDomain, readIntSet, readLegal, readSignatures, readValues, signatureLines } from './moveSignatures.ts';

describe('move signatures', () => {
  const text = [
    'Some rules.',
    ...signatureLines('{"actions":[<move>,...]}', [
      { name: 'claim|raid', template: '{"type":"<name>","plot":<plot>}', note: '1 stamina' },
      { name: 'mine', template: '{"type":"mine","plot":<plot>,"k":<k>}' },
      { name: '+talk', template: '{"talk":"<text>"}' },
    ]),
    '',
    'Round 3.',
    '',
    ...legalLines([
      { name: 'claim', bind: [['plot', intSet([0, 1, 2, 3, 7, 9, 10])]] },
      { name: 'raid', bind: intDomain('plot', [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15], 0, 15) },
      { name: 'mine', bind: [['plot', '16'], ['k', '0..3']] },
      { name: '+talk', bind: [] },
    ]),
    '',
    '[[HOUSE_REQUEST]]{}[[/HOUSE_REQUEST]]',
  ].join('\n');

  test('the signatures read back: the answer, and a template per move name (a shared one with its <name> filled in)', () => {
    const read = readSignatures(text)!;
    expect(read.answer).toBe('{"actions":[<move>,...]}');
    expect(Object.fromEntries(read.moves)).toEqual({
      claim: '{"type":"claim","plot":<plot>}',
      raid: '{"type":"raid","plot":<plot>}',
      mine: '{"type":"mine","plot":<plot>,"k":<k>}',
      '+talk': '{"talk":"<text>"}',
    });
  });

  test('legal entries read back with their bindings; a whole-number set as runs or as a range less what it leaves out, whichever is shorter', () => {
    const entries = readLegal(text)!;
    expect(entries.map((e) => e.name)).toEqual(['claim', 'raid', 'mine', '+talk']);
    expect(bound(entries[0], 'plot')).toBe('0..3|7|9..10');
    expect(readIntSet(bound(entries[0], 'plot')!)).toEqual([0, 1, 2, 3, 7, 9, 10]);
    expect(entries[1]!.bind).toEqual([
      ['plot', '0..15'],
      ['plot!', '0|7'],
    ]);
    expect(intDomain('plot', [4, 5, 6, 8], 0, 15)).toEqual([['plot', '4..6|8']]);
    expect(readDomain('p1|0.5..2')).toEqual([{ value: 'p1' }, { min: 0.5, max: 2 }]);
    expect(readValues('ann|bob')).toEqual(['ann', 'bob']);
    expect(entryMoves({ name: 'BLOCK|DO_NOTHING', bind: [] })).toEqual(['BLOCK', 'DO_NOTHING']);
  });

  test('nothing legal reads as no entries; a text without the blocks reads as null', () => {
    expect(readLegal(legalLines([]).join('\n'))).toEqual([]);
    expect(readLegal('no moves here')).toBeNull();
    expect(readSignatures('no moves here')).toBeNull();
  });

  test('a call that stands alone keeps the signatures and rule lines of the moves legal now, and the extras', () => {
    const rules = text.slice(0, text.indexOf('\n\nRound 3.'));
    const mineOnly = legalSignatures(rules, [{ name: 'mine', bind: [['plot', '16']] }]);
    expect(mineOnly.split('\n')).toEqual(['Some rules.', 'Answer with JSON only: {"actions":[<move>,...]}', 'Moves:', 'mine {"type":"mine","plot":<plot>,"k":<k>}', '+talk {"talk":"<text>"}', FILL_LINE]);
    expect(Object.fromEntries(readSignatures(legalSignatures(rules, [{ name: 'raid', bind: [] }]))!.moves)).toEqual({ claim: '{"type":"claim","plot":<plot>}', raid: '{"type":"raid","plot":<plot>}', '+talk': '{"talk":"<text>"}' });
    expect(legalSignatures(rules, [])).toBe(rules);
    const ruled = ['A round is claim, then mine.', 'claim|raid: one plot each.', 'mine: up to 3.', 'Notes: not a move.', ...signatureLines('<move>', [{ name: 'claim|raid', template: '{"plot":<plot>}' }, { name: 'mine', template: '{"k":<k>}' }])].join('\n');
    expect(legalSignatures(ruled, [{ name: 'mine', bind: [] }]).split('\n').slice(0, 3)).toEqual(['A round is claim, then mine.', 'mine: up to 3.', 'Notes: not a move.']);
    expect(legalSignatures('no moves here', [{ name: 'mine', bind: [] }])).toBe('no moves here');
  });
});
