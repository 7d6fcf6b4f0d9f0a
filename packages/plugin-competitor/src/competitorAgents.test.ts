import { describe, expect, test } from 'bun:test';
import type { Character, Plugin } from '@elizaos/core';
import { competitorAgents } from './competitorAgents.ts';

const model: Plugin = { name: 'model', description: 'a model' };
const character = (name: string, brain = 'model', plugins: string[] = []): Character => ({ name, bio: [], plugins, settings: { brain } });
const routePaths = (plugins: Plugin[]) => plugins.flatMap((p) => (p.routes ?? []).map((r) => `${r.type} ${r.path}`));

describe("a competitor server's agents", () => {
  test('a lone agent answers at /competitor, as it always did', () => {
    const made = competitorAgents([character('Visitor', 'offline')], model);
    if (!made.ok) throw new Error(made.error);
    expect(made.agents.map((a) => a.path)).toEqual(['']);
    expect(routePaths(made.agents[0]!.plugins)).toEqual(['GET /.well-known/agent-card.json', 'POST /a2a']);
  });

  test('several agents each answer under a path of their own, and each model brain gets the model', () => {
    const made = competitorAgents([character('Mod1'), character('Mod 2'), character('Ada', 'offline')], model);
    if (!made.ok) throw new Error(made.error);
    expect(made.agents.map((a) => a.path)).toEqual(['/mod1', '/mod-2', '/ada']);
    expect(routePaths(made.agents[1]!.plugins)).toEqual(['GET /mod-2/.well-known/agent-card.json', 'POST /mod-2/a2a']);
    expect(made.agents.map((a) => a.plugins.includes(model))).toEqual([true, true, false]);
  });

  test('a character that names its own model plugin keeps it alone; without a model plugin a model brain plays its baseline', () => {
    const own = competitorAgents([character('Mod1', 'model', ['@elizaos/plugin-openai'])], model);
    expect(own.ok && own.agents[0]!.plugins.includes(model)).toBe(false);
    const none = competitorAgents([character('Mod1')], null);
    expect(none.ok && none.agents[0]!.plugins.length).toBe(1);
  });

  test('names that make the same path, no name to make one from, none or too many are refused in one line', () => {
    expect(competitorAgents([character('Mod1'), character('mod1')], model)).toEqual({ ok: false, error: "'Mod1' and 'mod1' would both answer at /competitor/mod1: give them names that differ in letters or digits" });
    expect(competitorAgents([character('Mod1'), character('!!')], model)).toMatchObject({ ok: false, error: expect.stringContaining('no letter or digit') });
    expect(competitorAgents([], model)).toEqual({ ok: false, error: 'no character to serve' });
    expect(competitorAgents(Array.from({ length: 65 }, (_, i) => character(`M${i}`)), model)).toMatchObject({ ok: false, error: expect.stringContaining('at most 64') });
  });
});
