import { describe, expect, test } from 'bun:test';
import type { NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { trustGame } from './trustGame.ts';
import { trustEndingText, trustMissRecap, trustNarration } from './trustNarration.ts';
import type { TrustState } from './trustTypes.ts';

const observer: NarrationContext = { audience: 'observer', players: ['Ada', 'Bram'], over: false };
const room: NarrationContext = { ...observer, audience: 'room' };

/** A two-player round: each act `ACTION` aimed at the other. */
function round(n: number, ada: string, bram: string, sats: [number, number] = [50, 50]): NarratedEvent {
  return { round: n, type: 'round', data: { round: n, acts: { Ada: { action: ada, target: 'Bram' }, Bram: { action: bram, target: 'Ada' } }, sats: { Ada: sats[0], Bram: sats[1] } } };
}
const missed = (n: number, player: string, target: string): NarratedEvent => ({ round: n, type: 'missed', data: { player, target }, to: [player] });

describe('trustNarration: one sentence per round, with names', () => {
  test('high fives, an attack on a blocker, a beg and idleness', () => {
    const acts = {
      Ada: { action: 'HIGH_FIVE', target: 'Bram' },
      Bram: { action: 'HIGH_FIVE', target: 'Ada' },
      Cleo: { action: 'ATTACK', target: 'Dev' },
      Dev: { action: 'BLOCK' },
      Edda: { action: 'BEG', granted: true },
      Finn: { action: 'DO_NOTHING' },
    };
    expect(trustNarration.narrate([{ type: 'round', data: { round: 4, acts, sats: { Ada: 53, Bram: 53, Cleo: 47, Dev: 51, Edda: 60, Finn: 0 } } }], room)).toEqual([
      'Ada and Bram high-fived each other; Cleo attacked Dev, and Dev blocked it; Edda begged the observer and was given sats; Finn did nothing. Sats: Ada 53, Bram 53, Cleo 47, Dev 51, Edda 60.',
    ]);
  });

  test('the observer hears the miss with its round; the room hears the attack everyone saw', () => {
    const events = [missed(13, 'Bram', 'Ada'), round(13, 'HIGH_FIVE', 'ATTACK', [46, 54])];
    expect(trustNarration.narrate(events, observer)).toEqual([null, "Ada high-fived Bram, unanswered; Bram's high five missed and landed as an attack on Ada. Sats: Ada 46, Bram 54."]);
    expect(trustNarration.narrate([events[1]!], room)).toEqual(['Ada high-fived Bram, unanswered; Bram attacked Ada. Sats: Ada 46, Bram 54.']);
  });

  test('a feud is named with the round it began, and for the observer the miss that began it, once', () => {
    const events = [missed(12, 'Bram', 'Ada'), round(12, 'HIGH_FIVE', 'ATTACK'), round(13, 'ATTACK', 'HIGH_FIVE'), round(14, 'ATTACK', 'ATTACK'), round(15, 'ATTACK', 'ATTACK'), round(16, 'HIGH_FIVE', 'HIGH_FIVE')];
    const sats = ' Sats: Ada 50, Bram 50.';
    expect(trustNarration.narrate(events, observer)).toEqual([
      null,
      `Ada high-fived Bram, unanswered; Bram's high five missed and landed as an attack on Ada.${sats}`,
      `Ada attacked Bram (a feud since round 12, which began with Bram's missed high five); Bram high-fived Ada, unanswered.${sats}`,
      `Ada and Bram attacked each other (a feud since round 12).${sats}`,
      `Ada and Bram attacked each other again (a feud since round 12).${sats}`,
      `Ada and Bram high-fived each other.${sats}`,
    ]);
    expect(trustNarration.narrate(events.slice(1), room)[1]).toBe(`Ada attacked Bram (a feud since round 12); Bram high-fived Ada, unanswered.${sats}`);
  });

  test('private events told with their round for the observer: noise, a refused move, a beg and its answer', () => {
    const events: NarratedEvent[] = [
      { type: 'noise', data: { player: 'Ada', intended: 'HIGH_FIVE' }, to: ['Ada'] },
      { type: 'fallback', data: { player: 'Bram', action: 'DO_NOTHING', reason: 'no decision arrived. You did nothing this round (DO_NOTHING). Allowed: BLOCK' }, to: ['Bram'] },
      { type: 'beg_answer', data: { player: 'Cleo', asked: 9, granted: 4, reason: 'be careful', by: 'observer' }, to: ['Cleo'] },
      { type: 'round', data: { round: 2, acts: { Ada: { action: 'DO_NOTHING' }, Bram: { action: 'DO_NOTHING' }, Cleo: { action: 'BEG', granted: true } }, sats: { Ada: 50, Bram: 50, Cleo: 53 } } },
    ];
    expect(trustNarration.narrate(events, observer)).toEqual([
      null,
      null,
      null,
      "Ada's high five was lost to noise, so Ada did nothing; Bram did nothing: the move was refused (no decision arrived); Cleo begged the observer for 9 sats and got 4; the observer wrote “be careful”. Sats: Ada 50, Bram 50, Cleo 53.",
    ]);
    expect(trustNarration.narrate(events.slice(0, 3), observer)).toEqual([
      "Ada's high five was lost to noise, so Ada did nothing.",
      'Bram\'s move was refused (no decision arrived), so Bram did nothing.',
      'Cleo begged the observer for 9 sats and got 4; the observer wrote “be careful”.',
    ]);
  });

  test('house rules: a shock, shares, alliances; eliminations, a new unit and the ending', () => {
    const events: NarratedEvent[] = [
      { type: 'round', data: { round: 7, acts: { Ada: { action: 'BLOCK', ally: 'Bram' }, Bram: { action: 'REPLICATE', share: { to: 'Ada', amount: 2 } } }, sats: { Ada: 40, 'Bram#2': 25, Bram: 51 }, shock: { delta: 1, synergy: ['Ada'] } } },
      { type: 'eliminated', data: { players: ['Cleo', 'Dev'] } },
      { type: 'spawned', data: { team: 'Bram', unit: 'Bram#2', sats: 25 } },
      { type: 'alliances', data: { formed: [['Bram', 'Ada']], left: [['Cleo', 'Dev']], offered: [{ from: 'Edda', to: 'Ada' }], pairs: [['Bram', 'Ada']], offers: [{ from: 'Edda', to: 'Ada' }] } },
      { type: 'match_over', data: { winners: ['Bram'], kind: 'limit' } },
    ];
    expect(trustNarration.narrate(events, room)).toEqual([
      'Ada blocked; Bram paid to replicate; Bram gave Ada 2 sats. A shock gave every unit 1 sat; Ada got the synergy bonus for a run of high fives. Sats: Ada 40, Bram#2 25, Bram 51.',
      'Cleo and Dev were eliminated: no sats left.',
      'Bram replicated: a new unit Bram#2 joins with 25 sats.',
      'Bram and Ada are now allies; Cleo left the alliance with Dev; Edda offered Ada an alliance (alliances in force: Bram with Ada; open offers: Edda to Ada).',
      'Match over: round limit reached: Bram richest with 76 sats.',
    ]);
  });
});

describe('trust endings in words', () => {
  test('each kind', () => {
    const sats = new Map([
      ['Ada', 66],
      ['Bram', 30],
    ]);
    expect(trustEndingText('limit', ['Ada'], sats)).toBe('round limit reached: Ada richest with 66 sats');
    expect(trustEndingText('replicate', ['Ada'], sats)).toBe('Ada replicated and wins');
    expect(trustEndingText('replicate', ['Ada', 'Bram'], sats)).toBe('Ada and Bram replicated in the same round and share the win');
    expect(trustEndingText('elimination', ['Bram'], new Map([['Bram', 80]]))).toBe('round limit reached: Bram is the last one standing, with 80 sats');
    expect(trustEndingText('draw', [], new Map())).toBe('all eliminated: a draw');
    expect(trustEndingText('draw', [], new Map([['Ada', 48], ['Bram', 48]]))).toBe('round limit reached: Ada and Bram tied with 48 sats: a draw');
  });

  test('from a finished state, with the misses the room may hear once it is over', () => {
    let state: TrustState = trustGame.setup(trustGame.configSchema.parse({ maxRounds: 2, missChance: 1 }), 1, ['Ada', 'Bram']);
    expect(trustNarration.ending(state)).toBeNull();
    state = trustGame.apply(state, { decisions: { Ada: { action: 'HIGH_FIVE' }, Bram: { action: 'BLOCK' } } }).state;
    state = trustGame.apply(state, { decisions: { Ada: { action: 'BLOCK' }, Bram: { action: 'BLOCK' } } }).state;
    expect(trustNarration.ending(state)).toBe('round limit reached: Bram richest with 50 sats');
    expect(trustMissRecap(state)).toBe("Now it can be told: one high five missed and landed as an attack: Ada's at Bram in round 1.");
  });
});
