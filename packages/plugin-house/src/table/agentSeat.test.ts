import { describe, expect, test } from 'bun:test';
import type { IAgentRuntime, UUID } from '@elizaos/core';
import { houseMessage, type PrivateRoom } from './agentSeat.ts';

const player = (agentId: string) => ({ agentId }) as unknown as IAgentRuntime;
const ada = player('0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0001');
const room = (roomId: string): PrivateRoom => ({ roomId: roomId as UUID, worldId: '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0002' as UUID, houseEntity: '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0003' as UUID });
const inMatch = room('0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0004');
const ask = '[House] Trust, round 6 (act): your decision as one JSON object.';

describe("a House message in a player agent's private room", () => {
  test('the same turn asked again (a resumed phase) has the same id, so the memory store keeps it once; another turn, text, room or player has another', () => {
    const id = houseMessage(ada, inMatch, 'Ada:17', ask, { houseRequest: {} }).id;
    expect(houseMessage(ada, inMatch, 'Ada:17', ask, { houseRequest: { again: true } }).id).toBe(id);
    const others = [
      houseMessage(ada, inMatch, 'Ada:18', ask, {}).id,
      houseMessage(ada, inMatch, 'Ada-2:17', ask, {}).id,
      houseMessage(ada, inMatch, 'Ada:17', `${ask} Your last answer was refused: no JSON`, {}).id,
      houseMessage(ada, room('0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0005'), 'Ada:17', ask, {}).id,
      houseMessage(player('0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0006'), inMatch, 'Ada:17', ask, {}).id,
    ];
    expect(new Set([id, ...others]).size).toBe(6);
  });
});
