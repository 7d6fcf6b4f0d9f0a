import { expect, test } from 'bun:test';
import type { MatchBundle } from '../models/matchBundle.ts';
import { provenanceLines } from './provenanceLines.ts';

const bundle = {
  format: 'house-match/1',
  id: 'trust-3-ab',
  game: 'trust',
  seed: 3,
  config: {},
  players: ['Ada', 'Bram'],
  options: {},
  status: 'finished',
  outcome: { over: true, kind: 'rounds', winners: ['Ada'] },
  head: 'f'.repeat(64),
  log: [],
  record: { seats: {}, calls: [], phases: [] },
} as unknown as MatchBundle;

test('show says where a match changed hosts, and nothing of hosts for a match that never moved', () => {
  expect(provenanceLines(bundle).some((l) => l.startsWith('host changed'))).toBe(false);
  const moved = {
    ...bundle,
    hostChanges: [
      { type: 'host-changed', from: 'box-a pid 11 (lease epoch 1)', to: 'box-b pid 12 (lease epoch 2)', gapMs: 6480, round: 6, at: 1 },
      { type: 'host-changed', from: 'box-b pid 12 (lease epoch 2)', to: 'box-a pid 13 (lease epoch 3)', gapMs: 20_000, round: null, at: 2 },
    ],
  } as MatchBundle;
  expect(provenanceLines(moved).filter((l) => l.startsWith('host changed'))).toEqual([
    'host changed at round 6: from box-a pid 11 (lease epoch 1) to box-b pid 12 (lease epoch 2) 6.5 s after its last save',
    'host changed: from box-b pid 12 (lease epoch 2) to box-a pid 13 (lease epoch 3) 20.0 s after its last save',
  ]);
});

test('a file whose host changes are not what the House writes shows only what reads as one', () => {
  const odd = { ...bundle, hostChanges: [null, 'x', { from: 7, to: 'b'.repeat(500), gapMs: 'soon', round: Infinity }] } as unknown as MatchBundle;
  expect(provenanceLines(odd).filter((l) => l.startsWith('host changed'))).toEqual([`host changed: from ? to ${'b'.repeat(120)}`]);
  expect(provenanceLines({ ...bundle, hostChanges: 'x' } as unknown as MatchBundle).some((l) => l.startsWith('host changed'))).toBe(false);
  const escapes = { ...bundle, hostChanges: [{ from: 'a\u001b[31m', to: 'b\nc', gapMs: 0, round: 1 }] } as unknown as MatchBundle;
  expect(provenanceLines(escapes).filter((l) => l.startsWith('host changed'))).toEqual(['host changed at round 1: from a?[31m to b?c 0.0 s after its last save']);
});
