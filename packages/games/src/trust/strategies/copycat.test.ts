import { describe, expect, test } from 'bun:test';
import { Match } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { trustConfigSchema } from '../trustConfig.ts';
import { trustGame } from '../trustGame.ts';
import { copycat } from './copycat.ts';
import { scripted, transcript } from './transcript.ts';

describe('copycat', () => {
  test('opens with a high five, then copies the last move aimed at it', () => {
    expect(transcript(copycat, 'HAAHHBA')).toMatchObject({ me: 'HHAAHHH', them: 'HAAHHBA' });
  });

  test('a missed high five of its own does not make it retaliate; an opponent miss does', () => {
    expect(transcript(copycat, 'HHHHHH', { missChance: 0.5 }).me).not.toContain('AA');
  });

  test('with three players it answers each opponent for what that one did to it', () => {
    const match = Match.create(trustGame, trustConfigSchema.parse({ missChance: 0, maxRounds: 2 }), 1, ['me', 'x', 'y'], { log: false });
    const seen: unknown[] = [];
    runMatchSync(match, {
      me: { ...copycat, decide: (v, c) => (seen.push(copycat.decide(v, c)), copycat.decide(v, c)) },
      x: { ...scripted('H'), decide: () => ({ action: 'HIGH_FIVE', target: 'me' }) },
      y: { ...scripted('A'), decide: () => ({ action: 'ATTACK', target: 'me' }) },
    });
    expect(seen).toEqual([
      { action: 'HIGH_FIVE', target: 'x' },
      { action: 'ATTACK', target: 'y' },
    ]);
  });

  test('replicates as soon as it is legal', () => {
    expect(transcript(copycat, 'HHHH', { startSats: 95 }).me).toBe('HHR');
  });
});
