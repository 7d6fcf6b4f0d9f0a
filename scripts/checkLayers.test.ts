import { describe, expect, test } from 'bun:test';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkLayers } from './checkLayers.ts';

const repo = join(import.meta.dir, '..');

/** A throwaway repo with the real rules and tsconfig, holding only `files`. */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const name of ['.dependency-cruiser.json', 'tsconfig.base.json']) cpSync(join(repo, name), join(dir, name));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function violations(files: Record<string, string>): string[] {
  const dir = fixture(files);
  try {
    return checkLayers(dir, join(dir, '.dependency-cruiser.json'), ['packages']).lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the layering check', () => {
  test('the repo itself: no cycle, every import goes down', () => {
    expect(checkLayers(repo).lines).toEqual([]);
  });

  test("fails when someone imports ElizaOS under packages/games", () => {
    const lines = violations({ 'packages/games/src/rules.ts': "import { Service } from '@elizaos/core';\nexport const s = Service;\n" });
    expect(lines.some((l) => l.startsWith('no-elizaos-below-plugins: packages/games/src/rules.ts -> @elizaos/core'))).toBe(true);
  });

  test('fails on a rule that reads files, and on an import that goes up a layer', () => {
    const lines = violations({
      'packages/games/src/rules.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      'packages/lab/src/sweep.ts': "import { house } from '../../plugin-house/src/house.ts';\nexport const h = house;\n",
      'packages/plugin-house/src/house.ts': 'export const house = 1;\n',
    });
    expect(lines).toContain('games-without-io: packages/games/src/rules.ts -> fs');
    expect(lines).toContain('lab-below-plugins: packages/lab/src/sweep.ts -> packages/plugin-house/src/house.ts');
  });

  test('the competitor plugin sits beside the player plugin: it never imports the House, and the House never imports it', () => {
    const lines = violations({
      'packages/plugin-competitor/src/answer.ts': "import { house } from '../../plugin-house/src/house.ts';\nexport const a = house;\n",
      'packages/plugin-house/src/house.ts': "import { seat } from '../../plugin-competitor/src/seat.ts';\nexport const house = seat;\n",
      'packages/plugin-competitor/src/seat.ts': 'export const seat = 1;\n',
    });
    expect(lines).toContain('competitor-beside-player: packages/plugin-competitor/src/answer.ts -> packages/plugin-house/src/house.ts');
    expect(lines).toContain('plugins-without-competitor: packages/plugin-house/src/house.ts -> packages/plugin-competitor/src/seat.ts');
  });

  test('fails on a cycle, however short', () => {
    const lines = violations({
      'packages/lab/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'packages/lab/src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(lines.filter((l) => l.startsWith('no-cycle:')).length).toBeGreaterThan(0);
  });
});
