export { housePlugin } from './housePlugin.ts';
export { HouseService, type CommandAuthor } from './houseService.ts';
export { houseStateProvider } from './houseStateProvider.ts';
export { restGateway, silentGateway, type RoomGateway, type GameRoom } from './roomGateway.ts';
export { useRoomGateway } from './gatewayRegistry.ts';
export * from './types.ts';
export * from './commands/parse.ts';
export { gameAdapters, houseCommandTable } from './gameAdapters.ts';
export type { HouseGameAdapter, GameCommandContext, PhaseContext } from './houseGameAdapter.ts';
