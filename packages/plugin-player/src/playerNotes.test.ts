import { expect, test } from 'bun:test';
import type { HandlerOptions, IAgentRuntime, Memory } from '@elizaos/core';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import type { PlayerNotes } from '@the-house/lab/decision/opponentNotes.ts';
import { opponentNotesEvaluator, playerViewProvider, type NotesOptions, type RoundNotice } from './playerPlugin.ts';

/**
 * A player at 40 tables at once (issue 39's bench seats the same 8 players at
 * 32): the notes of every match it plays stay in memory. With 16 kept, each
 * decision at the 17th table on read its notes back from the cache table,
 * one query a decision; and a save the House still held (`keep`, written
 * with the phase's other rows) was not there yet, so the player read notes a
 * round old.
 */
test("a player at 40 tables keeps each match's notes in memory: none is read back, none is a round old", async () => {
  const reads: string[] = [];
  const runtime = {
    agentId: 'id-ann',
    character: { name: 'ann' },
    getCache: async (key: string) => void reads.push(key),
  } as unknown as IAgentRuntime;
  const held: PlayerNotes[] = [];
  const options: NotesOptions = { keep: (_key, notes) => held.push(notes as PlayerNotes) };
  const trust = games.trust!;
  const ids = Array.from({ length: 40 }, (_, i) => `trust-${i}`);
  for (const [i, matchId] of ids.entries()) {
    const match = Match.create(trust, {}, i + 1, ['ann', 'bob']);
    match.step({ decisions: { ann: { action: 'HIGH_FIVE' }, bob: { action: 'BLOCK' } } });
    const notice: RoundNotice = { matchId, game: 'trust', round: 1, view: trust.view(match.state, 'ann') };
    await opponentNotesEvaluator.handler(runtime, { content: { text: '', houseRound: notice } } as unknown as Memory, undefined, options as unknown as HandlerOptions);
  }
  expect(held).toHaveLength(40);
  reads.length = 0;
  for (const matchId of ids) {
    const request = { matchId, game: 'trust', player: 'ann', round: 2, phase: 'act', view: {}, legalMoves: [], schema: {} };
    const seen = await playerViewProvider.get(runtime, { content: { text: '', houseRequest: request } } as unknown as Memory, { values: {}, data: {}, text: '' });
    expect((seen.data as { notes: PlayerNotes | null }).notes?.round).toBe(1);
  }
  expect(reads).toEqual([]);
});
