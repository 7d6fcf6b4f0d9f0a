import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { emptyRecord } from '@the-house/lab/models/matchRecorder.ts';
import type { ModelCallRecord } from '@the-house/lab/models/modelCall.ts';
import { newClock } from '@the-house/lab/remote/seatClock.ts';
import { bundleOf } from './matchFile.ts';
import type { StoredMatch } from './types.ts';

describe('issue 37: a House match file carries its provenance beside the log', () => {
  test('every seat by kind (agent by its model, entrant without credentials, baseline by name, person by kind alone), config, seed; the log and head untouched', () => {
    const players = ['ann', 'bot', 'ent', 'pat'];
    const match = Match.create(trustGame, {}, 9, players);
    runMatchSync(match, Object.fromEntries(players.map((p) => [p, trustGame.strategies.copycat!])));
    const record = emptyRecord();
    record.seats.ann = { brain: 'model', strategy: 'grudger', persona: '', system: '' };
    record.calls.push({ seq: 1, caller: 'ann', model: 'gpt-x', provider: 'openai@https://api.example.com/v1' } as ModelCallRecord);
    const stored = {
      id: 'trust-9', game: 'trust', seed: 9, config: {}, status: 'finished', players, channelId: null, serverId: null, state: match.state, log: [...match.log!.entries], history: [], postedRound: 0, options: {} as StoredMatch['options'], record, paused: null, rooms: {}, createdAt: 0, updatedAt: 0,
      seats: {
        ann: { kind: 'agent' },
        bot: { kind: 'strategy', strategy: 'grudger' },
        ent: { kind: 'remote', remote: { entrant: 'eve', version: '2', kind: 'a2a', url: 'https://eve:s3cret@agent.example.com/a2a?token=t0k', owner: { id: 'o', name: 'O' }, clock: newClock({ moveMs: 1000, bankMs: 1000, maxMisses: 3 } as never), fallback: 'copycat' } },
        pat: { kind: 'person', person: { id: 'discord-user-1', room: null, origin: null } },
      },
    } as StoredMatch;
    const bundle = bundleOf(stored, match.outcome(), match.log!.head);
    expect(bundle.head).toBe(match.log!.head);
    expect(bundle.log).toEqual([...match.log!.entries]);
    const p = bundle.provenance!;
    expect(p.seeds).toEqual({ match: 9 });
    expect(p.config).toEqual({});
    expect(p.seats.ann).toEqual({ kind: 'agent', strategy: 'grudger', model: 'gpt-x', endpoint: 'openai@https://api.example.com/v1' });
    expect(p.seats.bot).toEqual({ kind: 'strategy', strategy: 'grudger', model: null, endpoint: null });
    expect(p.seats.ent!.model).toBe('eve@2');
    expect(p.seats.ent!.endpoint).toContain('agent.example.com/a2a');
    expect(JSON.stringify(p)).not.toMatch(/s3cret|t0k|discord-user-1/);
    expect(p.seats.pat).toEqual({ kind: 'person', strategy: null, model: null, endpoint: null });
    expect(p.versions['@elizaos/core']).toBe('1.7.2');
  });
});

describe('issue 40: a House match file carries its host changes beside the log', () => {
  const players = ['ann', 'bob'];
  const match = Match.create(trustGame, {}, 3, players);
  runMatchSync(match, { ann: trustGame.strategies.copycat!, bob: trustGame.strategies.grudger! });
  const stored = {
    id: 'trust-3', game: 'trust', seed: 3, config: {}, status: 'finished', players, channelId: null, serverId: null, state: match.state, log: [...match.log!.entries], history: [], postedRound: 0, options: {} as StoredMatch['options'], record: emptyRecord(), paused: null, rooms: {}, createdAt: 0, updatedAt: 0,
    seats: { ann: { kind: 'agent' }, bob: { kind: 'agent' } },
  } as StoredMatch;

  test('none when the match never changed hosts (the file as before); each change when it did, the log and head untouched', () => {
    expect('hostChanges' in bundleOf(stored, match.outcome(), match.log!.head)).toBe(false);
    expect('hostChanges' in bundleOf({ ...stored, host: 'box-a pid 1 (lease epoch 1)' }, match.outcome(), match.log!.head)).toBe(false);
    const change = { type: 'host-changed' as const, from: 'box-a pid 1 (lease epoch 1)', to: 'box-b pid 2 (lease epoch 2)', gapMs: 6500, round: 7, at: 16_500 };
    const bundle = bundleOf({ ...stored, host: change.to, hostChanges: [change] }, match.outcome(), match.log!.head);
    expect(bundle.hostChanges).toEqual([change]);
    expect(bundle.head).toBe(match.log!.head);
    expect(bundle.log).toEqual([...match.log!.entries]);
  });
});
