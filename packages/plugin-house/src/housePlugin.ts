import type { Plugin } from '@elizaos/core';
import { commandActions } from './commandActions.ts';
import { HouseService } from './houseService.ts';
import { houseStateProvider } from './houseStateProvider.ts';
import { houseRoutes } from './routes.ts';
import { mcpSeatRoutes } from './entrants/mcpSeatRoutes.ts';
import { revealRoutes } from './reveal/revealRoutes.ts';

/**
 * The House: its service (matches, rooms, persistence), one action per chat
 * command, the state provider, the dashboard routes, the MCP seat routes and
 * the one-time links to secrets (served under /house).
 */
export const housePlugin: Plugin = {
  name: 'house',
  description: 'The House: runs games among player agents',
  services: [HouseService],
  actions: commandActions(),
  providers: [houseStateProvider],
  routes: [...houseRoutes, ...mcpSeatRoutes, ...revealRoutes],
};
