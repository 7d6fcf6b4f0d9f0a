import { expect, test } from 'bun:test';
import { createUniqueUuid, type IAgentRuntime, type UUID } from '@elizaos/core';
import fc from 'fast-check';
import { uniqueUuid } from './uniqueUuid.ts';

const SEED = 3940;

test("the House's ids are ElizaOS's createUniqueUuid's, for any text and agent (the ids of memories already stored stay valid)", () => {
  fc.assert(
    fc.property(fc.uuid(), fc.string({ unit: 'grapheme', maxLength: 80 }), (agentId, base) => {
      const runtime = { agentId } as unknown as IAgentRuntime;
      expect(uniqueUuid(agentId as UUID, base)).toBe(createUniqueUuid(runtime, base));
    }),
    { numRuns: 2_000, seed: SEED },
  );
  const agentId = '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0001' as UUID;
  expect(uniqueUuid(agentId, agentId)).toBe(agentId);
  expect(uniqueUuid(agentId, 'house-message:room:Ada:17:[House] Trust, round 6 (act): your decision as one JSON object.')).toBe(createUniqueUuid({ agentId } as IAgentRuntime, 'house-message:room:Ada:17:[House] Trust, round 6 (act): your decision as one JSON object.'));
});
