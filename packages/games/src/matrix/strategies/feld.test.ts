import { expect, test } from 'bun:test';
import { feld } from './feld.ts';
import { transcript } from './transcript.ts';

test('feld: tit for tat at first, always D after a D', () => {
  expect(transcript(feld, 'CDDCD').me).toMatch(/^C[CD]DD[CD]$/);
  expect(transcript(feld, 'DDDD').me).toBe('CDDD');
});

test('feld: against steady cooperation it defects more and more (about half the time by move 200)', () => {
  const { me } = transcript(feld, 'C'.repeat(200));
  const defections = (from: number, to: number) => [...me.slice(from, to)].filter((m) => m === 'D').length;
  expect(defections(0, 20)).toBeLessThan(5);
  expect(defections(100, 200)).toBeGreaterThan(20);
});
