import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PromptTexts } from './promptTexts.ts';

const entry = (round: number) => ({ hash: `h${round}`, caller: 'Ada', purpose: 'decision' as const, round, phase: 'play', system: 'You are Ada.', prompt: `round ${round}: your DMs` });

describe('PromptTexts', () => {
  test('while a match runs its texts stay in the private folder; once over they join its match file', () => {
    const root = mkdtempSync(join(tmpdir(), 'prompt-texts-'));
    const privateDir = join(root, 'data', 'prompts');
    const matchDir = join(root, 'matches');
    const texts = new PromptTexts(privateDir, 'm1');
    const sink = texts.sink(() => {
      throw new Error('no error expected');
    });
    sink(entry(1));
    sink(entry(2));
    expect(existsSync(join(matchDir, 'm1.prompts.jsonl'))).toBe(false);
    expect(readFileSync(join(privateDir, 'm1.prompts.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    texts.publish(matchDir);
    expect(existsSync(join(privateDir, 'm1.prompts.jsonl'))).toBe(false);
    expect(readFileSync(join(matchDir, 'm1.prompts.jsonl'), 'utf8')).toContain('round 2: your DMs');
  });

  test('a match that sent no prompt publishes nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'prompt-texts-'));
    new PromptTexts(join(root, 'prompts'), 'm2').publish(join(root, 'matches'));
    expect(existsSync(join(root, 'matches', 'm2.prompts.jsonl'))).toBe(false);
  });

  test('a folder that refuses the texts reaches the error callback, never the caller', () => {
    const root = mkdtempSync(join(tmpdir(), 'prompt-texts-'));
    const blocked = join(root, 'file');
    writeFileSync(blocked, 'not a folder');
    const errors: unknown[] = [];
    const sink = new PromptTexts(join(blocked, 'prompts'), 'm3').sink((error) => errors.push(error));
    expect(() => sink(entry(1))).not.toThrow();
    expect(errors).toHaveLength(1);
  });
});
