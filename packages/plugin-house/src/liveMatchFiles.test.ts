import { expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isFolderId, LiveMatchFiles } from './liveMatchFiles.ts';
import { rowOf } from './storeRows.ts';

test("a running match's rows are written whole, read back as written, listed by match, private to the House's user, and removed with the match", async () => {
  const root = mkdtempSync(join(tmpdir(), 'house-live-'));
  try {
    const files = new LiveMatchFiles(join(root, 'live'));
    const head = rowOf({ id: 'trust-1-ab', observerKey: 'k' });
    files.write('trust-1-ab', 'head', head);
    files.write('trust-1-ab', 'log.0', rowOf([1, 2]));
    files.write('trust-1-ab', 'head', rowOf({ id: 'trust-1-ab', round: 2 }));
    expect(files.read('trust-1-ab', 'head')).toEqual(rowOf({ id: 'trust-1-ab', round: 2 }));
    expect(files.read('trust-1-ab', 'log.0')).toEqual(rowOf([1, 2]));
    expect(files.read('trust-1-ab', 'log.1')).toBeUndefined();
    expect(files.ids()).toEqual(['trust-1-ab']);
    await files.settled();
    expect(files.read('trust-1-ab', 'head')).toEqual(rowOf({ id: 'trust-1-ab', round: 2 }));
    expect(readdirSync(join(root, 'live', 'trust-1-ab')).sort()).toEqual(['head.json', 'log.0.json']);
    expect(statSync(join(root, 'live', 'trust-1-ab')).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'live', 'trust-1-ab', 'head.json')).mode & 0o777).toBe(0o600);
    files.remove('trust-1-ab');
    await files.settled();
    expect(existsSync(join(root, 'live', 'trust-1-ab'))).toBe(false);
    expect(files.ids()).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an id that is no folder name is never a path: nothing is written or read outside the folder', async () => {
  for (const id of ['..', '.', '../x', 'a/b', '', '__proto__', 'constructor', '.hidden']) expect([id, isFolderId(id)]).toEqual([id, false]);
  const root = mkdtempSync(join(tmpdir(), 'house-live-'));
  try {
    const files = new LiveMatchFiles(join(root, 'live'));
    files.write('../escape', 'head', rowOf(1));
    await files.settled();
    expect(existsSync(join(root, 'escape'))).toBe(false);
    expect(files.read('..', 'head')).toBeUndefined();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a folder that refuses its files (full, not a folder) costs only the copy: the previous row stays whole, no temp file is left, and the problem is told once per match', async () => {
  const root = mkdtempSync(join(tmpdir(), 'house-live-'));
  try {
    const told: string[] = [];
    const files = new LiveMatchFiles(join(root, 'live'), (id, why) => told.push(`${id}: ${why}`));
    files.write('m1', 'head', rowOf({ round: 1 }));
    await files.settled();
    for (const round of [2, 3]) {
      symlinkSync('/dev/full', join(root, 'live', 'm1', 'head.json.tmp'));
      files.write('m1', 'head', rowOf({ round }));
      await files.settled();
      expect(files.read('m1', 'head')).toEqual(rowOf({ round: 1 }));
      expect(readdirSync(join(root, 'live', 'm1'))).toEqual(['head.json']);
    }
    files.write('m1', 'head', rowOf({ round: 4 }));
    await files.settled();
    expect(files.read('m1', 'head')).toEqual(rowOf({ round: 4 }));
    expect(told).toEqual(['m1: the disk is full']);
    const nowhere = new LiveMatchFiles('/proc/sys/kernel/ostype/live', (id, why) => told.push(`${id}: ${why}`));
    nowhere.write('m2', 'head', rowOf(1));
    nowhere.write('m2', 'log.0', rowOf(1));
    await nowhere.settled();
    expect(told).toEqual(['m1: the disk is full', 'm2: its folder is not a folder that can hold it']);
    expect(nowhere.ids()).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a save never waits on the disk: the rows are written after it, in order, a row written again before its turn once as last; until then they are read from memory; a removal comes after the writes, and readers see the files gone at once", async () => {
  const root = mkdtempSync(join(tmpdir(), 'house-live-'));
  try {
    const files = new LiveMatchFiles(join(root, 'live'));
    files.write('m1', 'log.0', rowOf([1]));
    for (let round = 1; round <= 50; round++) files.write('m1', 'head', rowOf({ round }));
    expect(existsSync(join(root, 'live', 'm1'))).toBe(false);
    expect(files.read('m1', 'head')).toEqual(rowOf({ round: 50 }));
    expect([...files.names('m1')].sort()).toEqual(['head', 'log.0']);
    expect(files.ids()).toEqual(['m1']);
    await files.settled();
    const fresh = new LiveMatchFiles(join(root, 'live'));
    expect([fresh.read('m1', 'head'), fresh.read('m1', 'log.0')]).toEqual([rowOf({ round: 50 }), rowOf([1])]);
    expect(readdirSync(join(root, 'live', 'm1')).sort()).toEqual(['head.json', 'log.0.json']);
    files.write('m1', 'head', rowOf({ round: 51 }));
    files.remove('m1');
    // Gone for every reader at once, though still on disk until the lane gets to it.
    expect([files.read('m1', 'head'), [...files.names('m1')], files.ids(), existsSync(join(root, 'live', 'm1', 'head.json'))]).toEqual([undefined, [], [], true]);
    await files.settled();
    expect([existsSync(join(root, 'live', 'm1')), files.ids()]).toEqual([false, []]);
    // A match filed again after its files went starts from nothing.
    files.write('m1', 'head', rowOf({ round: 1 }));
    files.remove('m1');
    files.write('m1', 'log.0', rowOf([1]));
    expect([files.read('m1', 'head'), [...files.names('m1')], files.ids()]).toEqual([undefined, ['log.0'], ['m1']]);
    await files.settled();
    expect(readdirSync(join(root, 'live', 'm1'))).toEqual(['log.0.json']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
