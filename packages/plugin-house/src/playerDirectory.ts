import type { IAgentRuntime } from '@elizaos/core';

/**
 * The player characters of this host, as the House reaches them: handed to
 * the House (plugin-player's registry by default), so tables and the desk
 * read it from their host and a test may hand in its own.
 */
export interface PlayerDirectory {
  /** A player's runtime by character name, in any case. */
  find(name: string): IAgentRuntime | undefined;
  /** Every player's character name, sorted. */
  names(): string[];
  /** Whether an agent id is a player's (its commands are a player's, not a person's). */
  isAgent(agentId: string): boolean;
}
