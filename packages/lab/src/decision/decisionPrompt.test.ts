import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { NotesBook } from '../seats/notesBook.ts';
import { decisionPrompt, decisionPromptSections, promptSections } from './decisionPrompt.ts';
import { decodeRequest } from './decisionRequest.ts';

/** Trust prompts of one player over a match, the last one a repair round. */
function trustPrompts() {
  const trust = games.trust!;
  const match = Match.create(trust, {}, 3, ['ann', 'bob']);
  const notes = new NotesBook('t-3');
  const out: Array<{ prompt: string; sections: ReturnType<typeof decisionPromptSections> }> = [];
  for (let round = 1; round <= 14; round++) {
    const request = decisionRequest(trust, match.state, 't-3', trust.view(match.state, 'ann'), { player: 'ann', round, phase: 'act' });
    const req = round === 14 ? { ...request, error: 'unknown action "JUGGLE"', previous: 'JUGGLE' } : request;
    const args = ['You are ann.', req, notes.of('ann'), { forModel: true, historyRounds: 12 }] as const;
    out.push({ prompt: decisionPrompt(...args), sections: decisionPromptSections(...args) });
    match.step({ decisions: { ann: { action: 'HIGH_FIVE' }, bob: { action: round % 3 ? 'HIGH_FIVE' : 'ATTACK' } } });
    notes.afterRound(match, ['ann', 'bob']);
  }
  return out;
}

describe('the compact decision prompt (format 2)', () => {
  const prompts = trustPrompts();

  test('persona, rules and move signatures come first, the same text on every call of the match', () => {
    const prefixes = new Set(prompts.map((p) => p.sections[0]!.text));
    expect(prefixes.size).toBe(1);
    expect(prompts.every((p, i) => i === 0 || p.prompt.startsWith(prompts[0]!.sections[0]!.text))).toBe(true);
    expect(prompts[0]!.sections[0]!.text).toStartWith('You are ann.\nTrust, run by The House.');
  });

  test('then the view, the legal moves, the memory, a repair and the marker; the text splits back into the same sections', () => {
    const last = prompts.at(-1)!;
    expect(last.sections.map((s) => s.section)).toEqual(['prefix', 'view', 'legal', 'memory', 'repair', 'marker']);
    for (const p of prompts) expect(promptSections(p.prompt)).toEqual(p.sections);
    expect(last.prompt).not.toContain('JSON Schema');
  });

  test("a model's marker names the request in words, without the view; a repair's carries the refusal", () => {
    expect(decodeRequest(prompts[0]!.prompt)).toEqual({ matchId: 't-3', game: 'trust', player: 'ann', round: 1, phase: 'act' } as never);
    expect(prompts[0]!.sections.at(-1)!.text).toBe('[[HOUSE_REQUEST]]trust t-3 ann 1 act[[/HOUSE_REQUEST]]');
    expect(decodeRequest(prompts.at(-1)!.prompt)).toEqual({ matchId: 't-3', game: 'trust', player: 'ann', round: 14, phase: 'act', error: 'unknown action "JUGGLE"', previous: 'JUGGLE' } as never);
    expect(prompts[0]!.prompt.length).toBeLessThan(2600);
  });
});
