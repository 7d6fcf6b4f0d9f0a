import { Options } from 'discord.js';

/**
 * Points every discord.js client made in this process at `api` (its REST
 * base; the gateway URL then comes from `GET /gateway/bot`), by wrapping the
 * defaults each client starts from, so plugin-discord runs unchanged.
 * Returns the undo.
 */
export function pointDiscordJsAt(api: string): () => void {
  const original = Options.createDefault;
  Options.createDefault = function createDefault() {
    const defaults = original.call(Options);
    return { ...defaults, rest: { ...defaults.rest, api } };
  };
  return () => {
    Options.createDefault = original;
  };
}
