import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { decisionPrompt } from '../decision/decisionPrompt.ts';
import { decisionRequest } from './decisionRequestFor.ts';
import { cachedShare, defaultPromptMode, promptParams, recordedFresh, seatPrompter } from './seatPrompts.ts';

describe('seat prompts', () => {
  const trust = games.trust!;
  const match = Match.create(trust, {}, 1, ['ann', 'bob']);
  const request = decisionRequest(trust, match.state, 'm', trust.view(match.state, 'ann'), { player: 'ann', round: 1, phase: 'act' });

  test('compact: the decision prompt, its prefix the piece a breakpoint follows; nothing of the answer kept, no turn recorded', () => {
    const prompter = seatPrompter('compact');
    const prompt = prompter.prompt('You are ann.', request, null, { historyRounds: 12 });
    expect(prompt.text).toBe(decisionPrompt('You are ann.', request, null, { forModel: true, historyRounds: 12 }));
    expect(prompt.shape.blocks.join('')).toBe(prompt.text);
    expect(prompt.shape.cacheAt).toEqual([0]);
    prompter.answered('ann', '{"action":"BLOCK"}');
    expect(prompter.prompt('You are ann.', request, null, { historyRounds: 12 }).text).toBe(prompt.text);
    expect(promptParams('compact', prompt)).toEqual({});
  });

  test('conversation: one per player, the turn recorded, and a record’s turn 0 read as a fresh start', () => {
    const prompter = seatPrompter('conversation');
    const first = prompter.prompt('You are ann.', request, null, { historyRounds: 12 });
    prompter.answered('ann', '{"action":"BLOCK"}');
    const bob = prompter.prompt('You are bob.', { ...request, player: 'bob' }, null, { historyRounds: 12 });
    const second = prompter.prompt('You are ann.', { ...request, round: 2 }, null, { historyRounds: 12 });
    expect([first.turn, bob.turn, second.turn]).toEqual([0, 0, 1]);
    expect(second.text).toStartWith(`${first.text}\n\nYou answered: {"action":"BLOCK"}`);
    expect(promptParams('conversation', second)).toEqual({ prompts: 'conversation', turn: 1 });
    expect([recordedFresh({ turn: 0 }), recordedFresh({ turn: 3 }), recordedFresh({})]).toEqual([true, false, undefined]);
  });

  test('the default mode: a conversation only where the bench found it bills less, with cached tokens at a tenth of the price', () => {
    expect(['gpt-5-mini', 'openai/gpt-5', 'gpt-4.1-mini', 'o4-mini', 'gpt-4o', 'claude-sonnet-4-5', 'llama3'].map((m) => cachedShare(m, false))).toEqual([0.1, 0.1, 0.25, 0.25, 0.5, null, null]);
    expect(cachedShare('claude-sonnet-4-5', true)).toBe(0.1);
    expect(defaultPromptMode('trust', 'gpt-5-mini')).toBe('conversation');
    expect(defaultPromptMode('goldmine', 'claude-sonnet-4-5', true)).toBe('conversation');
    expect(defaultPromptMode('goldmine', 'claude-sonnet-4-5')).toBe('compact');
    expect(defaultPromptMode('influence', 'gpt-5-mini')).toBe('compact');
    expect(defaultPromptMode('trust', 'gpt-4o-mini')).toBe('compact');
    expect(defaultPromptMode('trust', 'gpt-4.1-mini')).toBe('compact');
  });
});
