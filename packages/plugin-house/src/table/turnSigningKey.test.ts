import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TableCore } from './tableCore.ts';
import { turnSigningKey } from './turnSigningKey.ts';

const tableWith = (keyDir: string, warned: string[]) =>
  ({ id: 'trust-1', host: { settings: { keyDir, matchDir: null }, runtime: { logger: { warn: (line: string) => void warned.push(line) } } } }) as unknown as Pick<TableCore, 'id' | 'host'>;

test("a seat's turns are signed with the House's key; one it cannot read sends them unsigned and is said once, however many requests follow", () => {
  const dir = mkdtempSync(join(tmpdir(), 'turn-key-'));
  try {
    const warned: string[] = [];
    const key = turnSigningKey(tableWith(join(dir, 'data'), warned), 'Ada');
    expect(key()?.asymmetricKeyType).toBe('ed25519');
    expect(key()).toBe(key());
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const unreadable = turnSigningKey(tableWith(join(blocked, 'data'), warned), 'Bram');
    for (let i = 0; i < 5; i++) expect(unreadable()).toBeNull();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toStartWith('House: seat Bram of trust-1: its turns go unsigned: ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
