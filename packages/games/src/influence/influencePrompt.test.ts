import { describe, expect, test } from 'bun:test';
import { influenceDecisionFields } from './influenceDecision.ts';
import { influenceGame } from './influenceGame.ts';
import { influencePrompt } from './influencePrompt.ts';
import type { InfluenceState } from './influenceTypes.ts';

const config = influenceGame.configSchema.parse({});
const four = ['ann', 'bob', 'cat', 'dan'];

function phases(state: InfluenceState, inputs: Array<Record<string, unknown>>): InfluenceState {
  return inputs.reduce<InfluenceState>((s, decisions) => influenceGame.apply(s, { decisions }).state, state);
}

describe('influencePrompt', () => {
  test('WHISPER: the spec skeleton, the limits, and the schema describing the field', () => {
    const text = influencePrompt(influenceGame.view(influenceGame.setup(config, 1, four), 'ann'));
    expect(text).toStartWith('You are Agent ann in the game "Influence". The House\'s messages are absolute.\nRound 1, phase WHISPER (turn 1 of 3). You are alive.');
    expect(text).toContain('WHISPER is a conversation in 3 turns; this is turn 1.');
    expect(text).toContain('Your private channels: none');
    expect(text).toContain(`  whispers: ${influenceDecisionFields.shape.whispers.description} (to: up to 4 of bob, cat, dan; text: at most 500 characters; 12 more DMs this WHISPER; [] to stay silent)`);
  });

  test('VOTE: its own channels, the public timeline, and the three vote fields', () => {
    const s = phases(influenceGame.setup(config, 1, four), [{ ann: { whispers: [{ to: ['bob'], text: 'with me?' }] } }, {}, { bob: { public: 'img:https://x.test/me.png' } }]);
    const text = influencePrompt(influenceGame.view(s, 'bob'));
    expect(text).toContain('  dm:ann+bob with ann\n    R1 ann: "with me?"');
    expect(text).toContain('  R1 bob: [image https://x.test/me.png]');
    const filled = s.posts.find((p) => p.from === 'ann')!;
    expect(text).toContain(`  R1 ann: ${JSON.stringify(filled.text)} (auto-filled by The House)`);
    for (const field of ['empower', 'expose', 'last'] as const) expect(text).toContain(`  ${field}: ${influenceDecisionFields.shape[field].description}`);
    expect(influencePrompt(influenceGame.view(s, 'cat'))).not.toContain('with me?');
  });

  test('POWER: the empowered gets its legal actions, everyone else nothing to decide', () => {
    const s = phases(influenceGame.setup(config, 1, four), [{}, {}, {}]);
    const boss = s.empowered!;
    const text = influencePrompt(influenceGame.view(s, boss));
    expect(text).toContain(`This round's tally: ${boss} is empowered`);
    expect(text).toContain(`  power: ${influenceDecisionFields.shape.power.description} (one of {"action":`);
    const other = four.find((p) => p !== boss)!;
    expect(influencePrompt(influenceGame.view(s, other))).toEndWith('Nothing to decide now (phase POWER).');
  });

  test('with two left the vote has no expose; a long history is truncated', () => {
    let s = influenceGame.setup(config, 2, four);
    while (s.players.filter((p) => s.alive[p]).length > 2 || s.phase !== 'VOTE') s = influenceGame.apply(s, { decisions: {} }).state;
    const me = s.players.find((p) => s.alive[p])!;
    const text = influencePrompt(influenceGame.view(s, me));
    expect(text).not.toContain('  expose:');
    expect(text).toContain('With two operatives left there is no expose');
    const many = { ...s, posts: Array.from({ length: 30 }, (_, i) => ({ round: 1, from: 'ann', text: `post ${i}` })) };
    const long = influencePrompt(influenceGame.view(many, me));
    expect(long).toContain('(6 earlier messages omitted)');
    expect(long).not.toContain('"post 5"');
    expect(long).toContain('"post 29"');
  });
});
