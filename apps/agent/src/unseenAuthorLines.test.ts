import { expect, test } from 'bun:test';
import { dropUnseenAuthorLines, UNSEEN_AUTHOR } from './unseenAuthorLines.ts';

test("a message whose author another agent owns costs no line; every other warning is written as before", () => {
  const written: unknown[][] = [];
  const logger = { warn: (...args: unknown[]) => void written.push(args) };
  dropUnseenAuthorLines(logger);
  dropUnseenAuthorLines(logger);
  for (let agent = 0; agent < 14; agent++) logger.warn({ src: 'core:utils', entityId: 'person-1' }, UNSEEN_AUTHOR);
  logger.warn({ src: 'core:utils' }, 'Something else');
  logger.warn('No entity found for message in a sentence of its own');
  expect(written).toEqual([[{ src: 'core:utils' }, 'Something else'], ['No entity found for message in a sentence of its own']]);
});

test('a logger with no warn is left as it is', () => {
  const logger: { warn?: unknown } = {};
  dropUnseenAuthorLines(logger);
  expect(logger.warn).toBeUndefined();
});
