import { expect, test } from 'bun:test';
import type { Content } from '@elizaos/core';
import { quietIgnore } from './quietIgnore.ts';

test('an ignore with nothing to say never reaches the platform; a reply does', async () => {
  const seen: Content[] = [];
  const callback = quietIgnore(async (content) => {
    seen.push(content);
    return [];
  })!;
  await callback({ thought: 'Agent decided not to respond to this message.', actions: ['IGNORE'] });
  await callback({ text: 'Ada here.', actions: ['REPLY'] });
  expect(seen.map((c) => c.text)).toEqual(['Ada here.']);
  expect(quietIgnore(undefined)).toBeUndefined();
});
