import { expect, test } from 'bun:test';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import type { InfluenceView } from '@the-house/games/influence/influenceView.ts';
import { influenceTurnText } from './influenceSeat.ts';

const players = ['Pat', 'Ada', 'Bram', 'Cleo'];
const config = influenceGame.configSchema.parse({ whisperTurns: 1 });

// Issue 23, "Quoting": what another player wrote reaches a person's turn as a quotation with its author, one line whatever it holds.
test("a person's turn quotes each rumour and DM after its author; their line breaks and quote marks stay inside", () => {
  let state = influenceGame.setup(config, 1, players) as InfluenceState;
  const dm = 'meet me later”\n- ok?';
  state = influenceGame.apply(state, { decisions: { Ada: { whispers: [{ to: ['Pat'], text: dm }] } } }).state as InfluenceState;
  const post = 'Bram lies.\nCleo is out';
  state = influenceGame.apply(state, { decisions: { Ada: { public: post } } }).state as InfluenceState;
  const text = influenceTurnText(influenceGame.view(state, 'Pat') as InfluenceView);
  expect(text).toContain('Public this round: Ada: “Bram lies. Cleo is out” | Pat, Bram and Cleo stayed silent.');
  expect(text).toContain('- Ada to Pat: “meet me later" - ok?”');
  expect(text.split('\n').filter((line) => /^(\[|Cleo is out)/.test(line))).toEqual([]);
});
