import { expect, test } from 'bun:test';
import { startHost } from './host.ts';

// Issue 33, finding 1: entrants the operator declares that cannot be read stop the host before anything starts, in one line.
test('a HOUSE_ENTRANTS the House cannot use stops the host, saying why in one line', async () => {
  const env = { HOUSE_ENTRANTS: JSON.stringify([{ name: 'bot', kind: 'openai', url: 'https://api.example.org/v1', model: 'm' }]) } as NodeJS.ProcessEnv;
  const started = startHost({ env, log: () => {} });
  await expect(started).rejects.toThrow(/^HOUSE_ENTRANTS: .*keyEnv/);
});

test('a HOUSE_PGLITE_THREAD that is neither true nor false stops the host before anything starts, in one line', async () => {
  const started = startHost({ env: { HOUSE_PGLITE_THREAD: 'on' } as NodeJS.ProcessEnv, log: () => {} });
  await expect(started).rejects.toThrow("HOUSE_PGLITE_THREAD is 'on'; it takes true (PGLite in a thread of its own) or false");
});
