import { describe, expect, test } from 'bun:test';
import { Match } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { influenceGame } from '../influenceGame.ts';
import { transcript } from './transcript.ts';

function play(seed: number, players: string[]) {
  const match = Match.create(influenceGame, influenceGame.configSchema.parse({}), seed, players);
  runMatchSync(match, Object.fromEntries(players.map((p) => [p, influenceGame.strategies[p.split('-')[0]!]!])));
  return match.state;
}

describe('one of each brain, seed 1: the whole game as a transcript', () => {
  test('the alliance names a common target, the rumour-monger keeps one mark, the paranoid exposes who whispered about it', () => {
    expect(transcript(play(1, ['alliance', 'rumour', 'paranoid', 'random']))).toEqual([
      'R1 alliance → dm:alliance+paranoid+random: Let us stick together. Our target this round: rumour.',
      'R1 rumour → dm:random+rumour: paranoid is collecting votes behind your back.',
      'R1 random → dm:paranoid+random: What do you think of paranoid?',
      'R1 alliance posts: Ask yourselves why rumour never gets exposed.',
      'R1 rumour posts: paranoid is playing everyone. Look at the empower votes.',
      'R1 paranoid posts: Someone is whispering about me. random, that is you.',
      'R1 random posts: Nothing to say this round.',
      'R1 alliance empowers random',
      'R1 alliance exposes rumour',
      'R1 rumour empowers alliance',
      'R1 rumour exposes paranoid',
      'R1 paranoid empowers alliance',
      'R1 paranoid exposes random',
      'R1 random empowers alliance',
      'R1 random exposes alliance',
      'R1 tally: alliance empowered; exposed alliance, rumour, paranoid, random',
      'R1 alliance eliminates rumour',
      'R1 out: rumour (power)',
      'R2 alliance → dm:alliance+paranoid: Alliance? You, me and paranoid. We vote together: expose random.',
      'R2 paranoid → dm:paranoid+random: I know you have been talking about me, random.',
      'R2 random → dm:paranoid+random: What do you think of alliance?',
      'R2 alliance posts: Word is random has already promised the same deal to three of us.',
      'R2 paranoid posts: Trust no one. Especially not alliance.',
      'R2 random posts: May the best operative win.',
      'R2 alliance empowers paranoid',
      'R2 alliance exposes random',
      'R2 paranoid empowers alliance',
      'R2 paranoid exposes random',
      'R2 random empowers paranoid',
      'R2 random exposes alliance',
      'R2 tally: paranoid empowered; exposed alliance, random',
      'R2 paranoid eliminates random',
      'R2 out: random (power)',
      'R3 paranoid → dm:alliance+paranoid: I know you have been talking about me, alliance.',
      'R3 alliance posts: Nothing to say this round.',
      'R3 paranoid posts: Trust no one. Especially not alliance.',
      'R3 alliance empowers paranoid',
      'R3 paranoid empowers alliance',
      'R3 tally: paranoid empowered; exposed no one',
      'R3 paranoid eliminates alliance',
      'R3 out: alliance (power)',
      'winner: paranoid',
    ]);
  });
});

describe('pacts', () => {
  test('an alliance-former that receives a pact follows it: it empowers a partner and exposes the pact target', () => {
    const state = play(2, ['alliance', 'alliance-2', 'rumour', 'paranoid', 'random']);
    const pact = state.log.find((e) => e.type === 'dm' && String(e.data?.text).startsWith('Alliance?'))!;
    const members = pact.to!;
    const proposer = String(pact.data!.from);
    const partner = members.find((p) => p !== proposer && p.startsWith('alliance'));
    if (!partner) throw new Error(`seed 2 should seat both alliance-formers in one pact, got ${members.join(', ')}`);
    const target = String(pact.data!.text).match(/expose (\S+)\.$/)![1]!;
    const ballot = (voter: string) => Object.fromEntries(state.log.filter((e) => e.type === 'vote' && e.round === pact.round && e.data?.voter === voter).map((e) => [e.data!.kind, e.data!.target]));
    expect(ballot(proposer)).toMatchObject({ expose: target });
    expect(ballot(partner)).toMatchObject({ expose: target });
    expect(members).toContain(ballot(partner).empower);
  });
});
