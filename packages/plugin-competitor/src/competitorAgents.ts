import type { Character, Plugin } from '@elizaos/core';
import { competitorPluginAt } from './competitorPlugin.ts';

/** The most agents one competitor server runs (each is a runtime of its own). */
export const MAX_COMPETITORS = 64;

/** One agent of a competitor server: its character, its plugins, and the path it answers under (after /competitor). */
export interface CompetitorAgent {
  character: Character;
  plugins: Plugin[];
  path: string;
}

/** Whether a character asks for a model: `settings.brain: 'model'`, as the House's player characters say it. */
function wantsModel(character: Character): boolean {
  return (character.settings as { brain?: unknown } | undefined)?.brain === 'model';
}

/**
 * The agents of one server, each with plugin-competitor under a path of its
 * own: a lone agent at `/competitor` (the address it always had), several at
 * `/competitor/<name>` (lower case, other characters as dashes). A character
 * whose brain is `model` gets `model` (the server's model plugin) when there
 * is one and its file names none; the others play their baselines. Two names
 * that make the same path are refused in one line.
 */
export function competitorAgents(characters: readonly Character[], model: Plugin | null): { ok: true; agents: CompetitorAgent[] } | { ok: false; error: string } {
  if (characters.length === 0) return { ok: false, error: 'no character to serve' };
  if (characters.length > MAX_COMPETITORS) return { ok: false, error: `at most ${MAX_COMPETITORS} characters a server, got ${characters.length}` };
  const paths = new Map<string, string>();
  const agents: CompetitorAgent[] = [];
  for (const character of characters) {
    const slug = character.name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
    if (characters.length > 1 && !slug) return { ok: false, error: `the character '${character.name.slice(0, 40)}' has no letter or digit in its name to make its path from` };
    const path = characters.length === 1 ? '' : `/${slug}`;
    const other = paths.get(path);
    if (other !== undefined) return { ok: false, error: `'${other.slice(0, 40)}' and '${character.name.slice(0, 40)}' would both answer at /competitor${path}: give them names that differ in letters or digits` };
    paths.set(path, character.name);
    const named = (character.plugins ?? []).some((p) => /plugin-(openai|anthropic|ollama)/.test(p));
    agents.push({ character, plugins: [competitorPluginAt(path), ...(model && wantsModel(character) && !named ? [model] : [])], path });
  }
  return { ok: true, agents };
}
