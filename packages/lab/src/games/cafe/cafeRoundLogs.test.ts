import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import { cafeGame } from '@the-house/games/cafe/cafeGame.ts';
import { labGameOf } from '../labGames.ts';
import { cafeRoundLogs } from './cafeRoundLogs.ts';
import { writeRoundLogs } from './writeRoundLogs.ts';

function twoRounds() {
  const m = Match.create(cafeGame, { rounds: 2 }, 9, ['a', 'b']);
  m.step({ decisions: { a: { market: [{ type: 'donate', to: 'b', amount: 10 }, { type: 'rescue' }, { type: 'rescue' }], response: 'hello' }, b: { response: 'world' } }, external: { judge: { best: 'b', worst: 'a' } } });
  m.step({ decisions: { a: { response: 'x' }, b: { response: 'y' } } });
  return m;
}

describe('per-round JSON logs', () => {
  test('one public record per round: challenge, answers, verdict, market, bonuses, standings', () => {
    const files = cafeRoundLogs(twoRounds().log!.entries);
    expect(files.map((f) => f.file)).toEqual(['round_01.json', 'round_02.json']);
    const r1 = files[0]!.json;
    expect(r1.responses).toEqual({ a: 'hello', b: 'world' });
    expect(r1.verdict).toMatchObject({ best: 'b', worst: 'a', by: 'external' });
    expect(r1.market).toEqual([
      { type: 'donation', from: 'a', to: 'b', amount: 10 },
      { type: 'rescue', player: 'a', cost: 1000, from: 0, to: 2 },
    ]);
    expect(r1.standings).toEqual({ a: { tokens: 440, level: 1, alive: true }, b: { tokens: 1960, level: 1, alive: true } });
    expect(JSON.stringify(r1)).not.toContain('refused');
    expect(files[1]!.json.outcome).toEqual({ kind: 'cooperative', winners: ['a', 'b'] });
  });

  test('the game’s artifacts: report.html (the observer’s view, in words), analysis.md and output_elimination_v3/round_XX.json (nothing private)', async () => {
    const m = twoRounds();
    const files = labGameOf('cafe')!.artifacts!(m.state, m.log!.entries);
    expect(Object.keys(files)).toEqual(['report.html', 'analysis.md', 'output_elimination_v3/round_01.json', 'output_elimination_v3/round_02.json']);
    expect(JSON.parse(files['output_elimination_v3/round_01.json']!)).toEqual(cafeRoundLogs(m.log!.entries)[0]!.json);
    expect(files['report.html']).toContain('<title>Café match, seed 9</title>');
    for (const [name, text] of Object.entries(files)) if (name !== 'report.html') expect(text).not.toContain('refused');
    // The report is the observer's view: it tells the refused second rescue, and the answers, in words.
    expect(files['report.html']).toContain('a&#39;s rescue was refused');
    expect(files['report.html']).toContain('Answers: a: “hello”; b: “world”.');
    expect(files['report.html']).toContain('<b>Ending:</b> cooperative win: both survived.');
  });

  test('writeRoundLogs writes them as files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cafe-logs-'));
    try {
      const out = join(dir, 'output_elimination_v3');
      expect(writeRoundLogs(twoRounds().log!.entries, out)).toHaveLength(2);
      expect(readdirSync(out)).toEqual(['round_01.json', 'round_02.json']);
      expect(JSON.parse(readFileSync(join(out, 'round_02.json'), 'utf8')).round).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
