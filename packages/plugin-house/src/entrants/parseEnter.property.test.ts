import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { parseEnter } from './parseEnter.ts';

const SEED = 4242;
const word = fc.oneof(fc.constantFrom('a2a', 'mcp', 'http', 'openai', '--version', 'https://x.example.org', 'bot', '1.0'), fc.string({ maxLength: 60 }));

/** `!enter` fuzzed: any words parse to an entrant or one line, without a throw. */
test('any !enter arguments parse to an entrant or one line', () => {
  fc.assert(
    fc.property(fc.array(word, { maxLength: 8 }), (words) => {
      const parsed = parseEnter(words);
      if (!parsed.ok) expect(parsed.error).not.toContain('\n');
    }),
    { seed: SEED, numRuns: 2_000 },
  );
});

/** Whatever else is wrong with an OpenAI-compatible entry, a refusal never repeats the key given in its place. */
test('a key in its place is never quoted back', () => {
  const key = 'sk-fuzz-secret-4242';
  fc.assert(
    fc.property(word, word, word, fc.array(word, { maxLength: 3 }), (name, url, model, extra) => {
      const parsed = parseEnter([name, 'openai', url, model, key, ...extra]);
      if (!parsed.ok) expect(parsed.error).not.toContain(key);
    }),
    { seed: SEED, numRuns: 2_000 },
  );
});
