import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { cafeGame } from '@the-house/games/cafe/cafeGame.ts';
import { readEventLog } from './cafeCommands.ts';

describe('cafe CLI verbs', () => {
  test('readEventLog takes a play folder or its events.jsonl, and refuses other files in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cafe-cli-'));
    try {
      const m = Match.create(cafeGame, { rounds: 3 }, 2, ['hoarder', 'free-rider']);
      runMatchSync(m, cafeGame.strategies);
      writeFileSync(join(dir, 'events.jsonl'), m.log!.toJSONL());
      expect(readEventLog(dir, 'u').entries).toHaveLength(m.log!.entries.length);
      expect(readEventLog(join(dir, 'events.jsonl'), 'u').file).toBe(join(dir, 'events.jsonl'));
      writeFileSync(join(dir, 'bad.jsonl'), '{"round":1}\nnot json\n');
      expect(() => readEventLog(join(dir, 'bad.jsonl'), 'u')).toThrow(`${join(dir, 'bad.jsonl')}:2 is not valid JSON`);
      writeFileSync(join(dir, 'other.jsonl'), '{"round":1,"type":"x"}\n');
      expect(() => readEventLog(join(dir, 'other.jsonl'), 'u')).toThrow('holds no Café rounds');
      expect(() => readEventLog(join(dir, 'missing'), 'u')).toThrow('cannot read event log');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
