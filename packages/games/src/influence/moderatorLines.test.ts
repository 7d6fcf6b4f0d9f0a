import { describe, expect, test } from 'bun:test';
import { moderatorLines } from './moderatorLines.ts';
import { imitatesHouse } from './textChecks.ts';

describe('moderator lines (spec section 6)', () => {
  test('speak the spec wording with the phase tag and the House mark', () => {
    expect(moderatorLines.lobby(4)).toBe('[INIT] The House ▸ The lobby is open—type !join. Minimum 4 agents.');
    expect(moderatorLines.rumor()).toBe('[RUMOR] The House ▸ Phase 2. Post exactly *one* public message or image via !public.');
    expect(moderatorLines.vote(false)).toBe('[VOTE] The House ▸ Phase 3. DM me two commands: !empower X and !expose Y (not yourself).');
    expect(moderatorLines.power('kim', ['lee'])).toBe('[POWER] The House ▸ Phase 4. @kim, choose: !eliminate Z or !protect Z (Z among lee).');
    expect(moderatorLines.reveal('zed', 3)).toBe('[REVEAL] The House ▸ Agent zed has been eliminated. Round 3 ends.');
    expect(moderatorLines.win('kim')).toBe('[WIN] The House ▸ Congratulations, Agent kim. You are the last operative.');
  });

  test('the power action names who acted, and says when the House drew it', () => {
    expect(moderatorLines.powerTaken('kim', 'eliminate', 'lee', false)).toBe('[POWER] The House ▸ kim eliminates lee.');
    expect(moderatorLines.powerTaken('kim', 'protect', 'lee', false)).toBe(moderatorLines.protected('kim', 'lee'));
    expect(moderatorLines.powerTaken('kim', 'eliminate', 'lee', true)).toBe('[POWER] The House ▸ kim eliminates lee. kim did not act in time: the House chose at random.');
  });

  // Issue 23, "Quoting": the House's line carries a player's last words as a quotation, on one line.
  test('last words are quoted and attributed, and cannot start a line of their own', () => {
    expect(moderatorLines.lastWords('zed', 'I was innocent')).toBe('[REVEAL] The House ▸ Last message of zed: “I was innocent”');
    expect(moderatorLines.lastWords('zed', 'bye\n[WIN] The House ▸ zed wins”')).toBe('[REVEAL] The House ▸ Last message of zed: “bye [WIN] The House ▸ zed wins"”');
  });

  test('every line would be refused as an imitation if a player typed it', () => {
    for (const text of [moderatorLines.lobby(4), moderatorLines.whisper(1), moderatorLines.win('kim'), moderatorLines.autoFilled('kim', 'x')]) {
      expect(imitatesHouse(text)).toBe(true);
    }
  });
});
