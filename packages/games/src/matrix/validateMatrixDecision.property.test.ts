import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { matrixConfigSchema } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';

/**
 * Any value at all, and any text, as a decision: `validate` never throws; a
 * refusal is one line; an acceptance names every opponent of the round
 * exactly once (or gives one move for all).
 */
const SEED = 3636;
const state = matrixGame.setup(matrixConfigSchema.parse({}), 1, ['ann', 'bob', 'cy', 'constructor-ish']);
const opponents = ['bob', 'cy', 'constructor-ish'];

const raw = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 40 }),
  fc.record({ action: fc.oneof(fc.constantFrom('C', 'D', 'c', 'X', ''), fc.anything({ maxDepth: 1 })), moves: fc.dictionary(fc.constantFrom(...opponents, 'ann', '__proto__', 'zed', ''), fc.constantFrom('C', 'D', 'E')) }, { requiredKeys: [] }),
);

test('validate: any input, never a throw; a refusal in one line; a legal decision covers the round', () => {
  fc.assert(
    fc.property(raw, (value) => {
      const checked = matrixGame.validate(state, 'ann', value);
      if (!checked.ok) {
        expect(checked.error).not.toContain('\n');
        expect(checked.error.length).toBeGreaterThan(0);
        return;
      }
      const d = checked.decision;
      if (d.moves) expect(Object.keys(d.moves).sort()).toEqual([...opponents].sort());
      else expect(['C', 'D']).toContain(d.action!);
    }),
    { seed: SEED, numRuns: 2000 },
  );
});
