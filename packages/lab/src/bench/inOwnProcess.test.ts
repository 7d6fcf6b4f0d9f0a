import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchInOwnProcess } from './inOwnProcess.ts';

const dir = mkdtempSync(join(tmpdir(), 'in-own-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

test('the figures on the last line of the child, which gets the command line asked for', async () => {
  const path = script('figures.ts', `console.log('progress'); console.log(JSON.stringify({ args: process.argv.length - 2, size: Number(process.argv[3]) }));`);
  expect(await benchInOwnProcess(path, 'figures', ['--size', '32'])).toEqual({ args: 2, size: 32 });
});

test('a child that crashes is reported with what it printed last on stdout and on stderr', async () => {
  const path = script('crash.ts', `console.log('progress: round 5'); console.error('out of connections'); process.exit(3);`);
  await expect(benchInOwnProcess(path, 'crash')).rejects.toThrow(/^crash failed \(exit 3\): progress: round 5\s+out of connections/);
});
