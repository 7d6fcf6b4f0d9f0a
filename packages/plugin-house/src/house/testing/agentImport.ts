import { join } from 'node:path';

/** The host app's folder: it depends on the ElizaOS server and model plugins, this package does not. */
export const agentAppDir = join(import.meta.dir, '../../../../../apps/agent');

/**
 * Imports a package as the host app resolves it (e.g. `@elizaos/plugin-openai`),
 * so tests here can drive the real plugins without this package depending on them.
 */
export async function importFromAgent<T>(specifier: string): Promise<T> {
  return (await import(Bun.resolveSync(specifier, agentAppDir))) as T;
}
