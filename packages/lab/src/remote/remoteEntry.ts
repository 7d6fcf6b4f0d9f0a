import type { Strategy } from '@the-house/games/engine/types.ts';

/** A line-up entry that names an agent elsewhere (`a2a:<url>`, `http:<url>`, `openai:<base url>#<model>`) rather than a baseline or a model. */
export const isRemoteEntry = (name: string): boolean => /^(a2a|http|openai):/i.test(name);

/** Whether an entry names an MCP seat (`mcp`, or `mcp:` with anything after it). */
export const isMcpEntry = (name: string): boolean => /^mcp(:|$)/i.test(name.trim());

/**
 * Why a run of many matches takes no MCP seat: its agent connects to one seat
 * the run serves, so it plays one match headless (`play`), or at a House table.
 */
export const mcpOnlyInPlay = (where: string): string =>
  `an MCP agent plays one match headless (bun run house play <game> --players copycat,mcp: the run serves its seat and prints the address) or at a House table (!enter NAME mcp); ${where} takes the agents the lab calls: a2a:<url>, http:<url>, openai:<base url>#<model>`;

/** The kind a remote entry names, for its seat's id (`a2a`, `a2a-2`, ...): a URL is no player id. */
export const remoteKindOf = (name: string): string => name.slice(0, name.indexOf(':')).toLowerCase();

/**
 * A remote entry where a line-up wants a strategy (a tournament's players):
 * its name is the entry, and it is never asked to decide here, since runs with
 * remote seats are played through the recorded runner, over the wire.
 */
export function remoteStandIn(entry: string): Strategy<unknown, unknown> {
  return {
    name: entry,
    description: `an agent elsewhere (${remoteKindOf(entry)})`,
    traits: { memoryDepth: Number.POSITIVE_INFINITY, stochastic: true, usesModel: true },
    decide: () => {
      throw new Error('a remote seat is asked over the wire, never in a worker');
    },
  };
}
