import { describe, expect, test } from 'bun:test';
import { influenceGame } from '../influenceGame.ts';
import { allianceFormer, allies } from './allianceFormer.ts';
import { ctxFor, freshGame, step } from './testViews.ts';

const six = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];

describe('alliance-former', () => {
  test('proposes a pact to two others naming a target, then votes with the pact', () => {
    let s = freshGame(six, 4);
    const whisper = allianceFormer.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'));
    expect(whisper.whispers).toHaveLength(1);
    const [w] = whisper.whispers!;
    expect(w!.to).toHaveLength(2);
    expect(w!.text).toMatch(/Alliance|Pact|stick together/);
    s = step(s, { ann: whisper });
    const friends = allies(influenceGame.view(s, 'ann'));
    expect(friends.sort()).toEqual([...w!.to].sort());
    const named = six.find((p) => !friends.includes(p) && p !== 'ann' && w!.text.includes(p))!;
    s = step(step(s, {}), {});
    const ballot = allianceFormer.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'));
    expect(friends).toContain(ballot.empower!);
    expect(ballot.expose).toBe(named);
    const partner = friends[0]!;
    const theirs = allianceFormer.decide(influenceGame.view(s, partner), ctxFor(s, partner));
    expect(theirs.expose).toBe(named);
    expect(influenceGame.validate(s, 'ann', ballot)).toMatchObject({ ok: true });
  });

  test('declares its traits', () => {
    expect(allianceFormer.traits).toEqual({ memoryDepth: Infinity, stochastic: true, usesModel: false });
  });
});

describe('what counts as a pact', () => {
  test('a template offer or pact words, but not a player merely named "alliance"', () => {
    let s = freshGame(['alliance', 'bob', 'cat', 'dan'], 4);
    s = step(s, { bob: { whispers: [{ to: ['cat'], text: 'Keep an eye on alliance.' }] }, dan: { whispers: [{ to: ['cat'], text: 'want to team up?' }] } });
    expect(allies(influenceGame.view(s, 'cat'))).toEqual(['dan']);
  });
});
