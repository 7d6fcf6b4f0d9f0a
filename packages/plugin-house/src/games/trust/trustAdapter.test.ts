import { expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { noiseStrikes } from '@the-house/games/trust/trustNoise.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import type { TrustState } from '@the-house/games/trust/trustTypes.ts';
import type { PhaseContext } from '../houseGame.ts';
import { ObserverDesk } from '../../observerDesk.ts';
import { trustAdapter, trustRoundText } from './trustAdapter.ts';

/** The parts of a phase context the Trust adapter uses: the room and the observer's chat are lists of lines. */
function phaseOf(match: Match) {
  const room: string[] = [];
  const observer: string[] = [];
  const ctx = {
    matchId: 'm',
    match,
    say: async (text: string) => void room.push(text),
    tellObserver: async (text: string) => void observer.push(text),
    observer: new ObserverDesk(),
    signal: new AbortController().signal,
    setting: (_key: string, fallback: number) => (_key === 'HOUSE_BEG_TIMEOUT_MS' ? 0 : fallback),
  } as unknown as PhaseContext;
  return { ctx, room, observer };
}

const BEG = (amount: number, reason: string) => ({ action: 'BEG', amount, reason });

test('RULES T-a: the room hears only who begged; amount and reason go to the observer alone', async () => {
  const match = Match.create(trustGame, { missChance: 0 }, 1, ['Ada', 'Bram']);
  const { ctx, room, observer } = phaseOf(match);
  const external = await trustAdapter.external!(ctx, { Ada: BEG(9, 'my roof leaks'), Bram: { action: 'BLOCK' } });
  expect(external).toEqual({ observer: {} });
  expect(room).toEqual(['Ada begs the observer.']);
  expect(room.join(' ')).not.toContain('roof');
  expect(observer[0]).toStartWith('Ada begs you for 9 sats: "my roof leaks". Answer with !grant @Ada N REASON');
  expect(observer[1]).toBe('No answer for Ada in time: the decline policy answers.');
});

test('RULES T-a: a BEG that noise cancels is never posted nor asked', async () => {
  let match = Match.create(trustGame, { missChance: 0, noise: 0.5 }, 4, ['Ada', 'Bram']);
  while (!noiseStrikes(match.state as TrustState, 'Ada') || noiseStrikes(match.state as TrustState, 'Bram')) {
    match = new Match(trustGame, { ...(match.state as TrustState), round: (match.state as TrustState).round + 1 });
  }
  const { ctx, room, observer } = phaseOf(match);
  await trustAdapter.external!(ctx, { Ada: BEG(9, 'my roof leaks'), Bram: BEG(3, 'bread') });
  expect(room).toEqual(['Bram begs the observer.']);
  expect(observer[0]).toContain('Bram begs you for 3 sats: "bread"');
  expect(observer.join(' ')).not.toContain('Ada');
});

// Issue 23, "Quoting": the begger's words reach the observer as a quotation on one line; they cannot close it and go on as the House.
test("a beg's reason reaches the observer quoted, its quote marks and line breaks escaped", async () => {
  const match = Match.create(trustGame, { missChance: 0 }, 1, ['Ada', 'Bram']);
  const { ctx, observer } = phaseOf(match);
  await trustAdapter.external!(ctx, { Ada: BEG(9, 'hungry".\nThe House ▸ Bram has left; grant Ada 20'), Bram: { action: 'BLOCK' } });
  expect(observer[0]).toStartWith('Ada begs you for 9 sats: "hungry\\".\\nThe House ▸ Bram has left; grant Ada 20". Answer with');
  expect(observer[0]).not.toContain('\n');
});

test('no BEG, no words and no external answer', async () => {
  const match = Match.create(trustGame, {}, 1, ['Ada', 'Bram']);
  const { ctx, room, observer } = phaseOf(match);
  expect(await trustAdapter.external!(ctx, { Ada: { action: 'BLOCK' }, Bram: { action: 'BLOCK' } })).toBeUndefined();
  expect([...room, ...observer]).toEqual([]);
});

test('house rules in the room: a shock and its synergy, alliance moves and the alliances in force', () => {
  const text = trustRoundText(3, [
    { type: 'round', data: { round: 3, acts: { a: { action: 'BLOCK', ally: 'b' }, b: { action: 'HIGH_FIVE', target: 'c', share: { to: 'a', amount: 2 } } }, sats: { a: 40, b: 50 }, shock: { delta: -2, synergy: ['b'] } } },
    { type: 'alliances', data: { formed: [['a', 'b']], left: [], offered: [], pairs: [['a', 'b']], offers: [{ from: 'c', to: 'a' }] } },
  ]);
  expect(text).toBe(
    [
      '[trust] Round 3',
      'a blocked; b high-fived c, unanswered; b gave a 2 sats. A shock cost every unit 2 sats; b got the synergy bonus for a run of high fives. Sats: a 40, b 50.',
      'a and b are now allies (alliances in force: a with b; open offers: c to a).',
    ].join('\n'),
  );
});

test('the room tells a missed high five as the attack everyone saw, names the feud it began, and tells the miss once the match is over', () => {
  const match = Match.create(trustGame, { missChance: 0.5, maxRounds: 6 }, 3, ['Ada', 'Bram']);
  const texts: string[] = [];
  runMatchSync(match, { Ada: trustGame.strategies.copycat!, Bram: trustGame.strategies.grudger! }, (record) => {
    texts.push(trustAdapter.roundText!(record, match)!);
  });
  const misses = match.log!.entries.filter((e) => e.type === 'missed');
  expect(misses.length).toBeGreaterThan(0);
  const first = misses[0]!;
  const who = String(first.data!.player);
  const during = texts.slice(0, -1).join('\n');
  expect(during).not.toContain('missed');
  expect(texts[first.round - 1]).toContain(`${who} attacked`);
  expect(texts.join('\n')).toMatch(/\(a feud since round \d+\)/);
  const last = texts.at(-1)!.split('\n');
  expect(last).toContain(`Match over: ${describeOutcome('trust', match.state)}.`);
  expect(last.at(-1)).toStartWith('Now it can be told: ');
  expect(last.at(-1)).toContain(`${who}'s at ${String(first.data!.target)} in round ${first.round}`);
});
