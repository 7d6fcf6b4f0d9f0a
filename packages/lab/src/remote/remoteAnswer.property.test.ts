import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { MAX_ANSWER_CHARS, readAnswer } from './remoteAnswer.ts';
import { parseRemoteSpec } from './remoteSpec.ts';

/**
 * What remote agents send, fuzzed: any JSON value or text as an answer, with
 * or without the right turn id, is read without a throw into either a
 * bounded decision text or one line saying why not; a wrong turn id is never
 * taken. Any `--players` entry is a spec or one line.
 */
const SEED = 2727;
const TURN = '0123456789abcdef0123456789abcdef';

test('any answer reads as a bounded decision or one reason, and never for another turn', () => {
  fc.assert(
    fc.property(fc.oneof(fc.jsonValue({ maxDepth: 6 }), fc.string({ maxLength: 300 }), fc.record({ turn_id: fc.oneof(fc.constant(TURN), fc.string({ maxLength: 40 })), action: fc.jsonValue({ maxDepth: 4 }) })), (value) => {
      const read = readAnswer(value, TURN);
      if (read.ok) expect(read.text.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
      else expect(read.error).not.toContain('\n');
      const named = value && typeof value === 'object' && !Array.isArray(value) ? (value as { turn_id?: unknown }).turn_id : undefined;
      if (named !== undefined && named !== TURN) expect(read.ok).toBe(false);
    }),
    { seed: SEED, numRuns: 2_000 },
  );
});

test('any players entry that looks remote is a spec or one line', () => {
  fc.assert(
    fc.property(fc.constantFrom('a2a:', 'http:', 'openai:', 'mcp', 'mcp:', 'A2A:'), fc.string({ maxLength: 200 }), (kind, rest) => {
      const parsed = parseRemoteSpec(`${kind}${rest}`);
      if (parsed.ok) expect(['a2a', 'http', 'openai', 'mcp']).toContain(parsed.spec.kind);
      else expect(parsed.error).not.toContain('\n');
    }),
    { seed: SEED, numRuns: 2_000 },
  );
});
