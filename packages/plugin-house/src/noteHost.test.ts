import { expect, test } from 'bun:test';
import { noteHost } from './noteHost.ts';
import { storedMatch } from './testing/storedMatch.ts';


test('without a lease a match knows nothing of hosts, as before', () => {
  const stored = storedMatch(7, { postedRound: 6, updatedAt: 10_000 });
  noteHost(stored, null, 20_000);
  expect(stored).toEqual(storedMatch(7, { postedRound: 6, updatedAt: 10_000 }));
});

test('a match opened or resumed by the host that holds it records no change; one taken over from another host does', () => {
  const stored = storedMatch(7, { postedRound: 6, updatedAt: 10_000 });
  noteHost(stored, 'box-a pid 1 (lease epoch 1)', 11_000);
  expect(stored.host).toBe('box-a pid 1 (lease epoch 1)');
  expect(stored.hostChanges).toBeUndefined();
  noteHost(stored, 'box-a pid 1 (lease epoch 1)', 12_000);
  expect(stored.hostChanges).toBeUndefined();

  noteHost(stored, 'box-b pid 2 (lease epoch 2)', 16_500);
  expect(stored.host).toBe('box-b pid 2 (lease epoch 2)');
  expect(stored.hostChanges).toEqual([{ type: 'host-changed', from: 'box-a pid 1 (lease epoch 1)', to: 'box-b pid 2 (lease epoch 2)', gapMs: 6500, round: 7, at: 16_500 }]);
  noteHost(stored, 'box-a pid 3 (lease epoch 3)', 30_000);
  expect(stored.hostChanges?.map((c) => [c.from, c.to, c.gapMs])).toEqual([
    ['box-a pid 1 (lease epoch 1)', 'box-b pid 2 (lease epoch 2)', 6500],
    ['box-b pid 2 (lease epoch 2)', 'box-a pid 3 (lease epoch 3)', 20_000],
  ]);
});
