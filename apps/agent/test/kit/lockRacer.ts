// A process that races for data-directory locks on command (the lock test's contestant):
// `lock DIR` answers `held DIR` or `refused DIR`, `release` lets go of every lock it holds.
import { createInterface } from 'node:readline';
import { lockDataDir, type DataDirLock } from '../../src/dataDirLock.ts';

const held: DataDirLock[] = [];
for await (const line of createInterface({ input: process.stdin })) {
  const [verb, dir] = [line.slice(0, line.indexOf(' ') < 0 ? line.length : line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)];
  if (verb === 'lock') {
    try {
      held.push(lockDataDir(dir));
      process.stdout.write(`held ${dir}\n`);
    } catch {
      process.stdout.write(`refused ${dir}\n`);
    }
  } else if (verb === 'release') {
    for (const lock of held.splice(0)) lock.release();
    process.stdout.write('released\n');
  }
}
