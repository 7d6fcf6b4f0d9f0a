export { housePlugin } from './housePlugin.ts';
export { HouseService, type CommandAuthor } from './houseService.ts';
export { houseStateProvider } from './houseStateProvider.ts';
export { restGateway, silentGateway, type RoomGateway, type GameRoom } from './roomGateway.ts';
export { useRoomGateway } from './gatewayRegistry.ts';
export { useHouseLog, type HouseLogLevel } from './houseLog.ts';
export { useRowWriter, useRowsGate, FencedOut, type RowWriter } from './rowWriter.ts';
export { useActiveHost } from './activeHost.ts';
export { holdResumes } from './resumeGate.ts';
/** For the host's fetch: a request is leaving the process (a table's pacer lets the next seat build its request). */
export { requestLeaving } from './table/requestLeaving.ts';
export { parseAdmins, ADMIN_FORMS } from './access.ts';
export * from './types.ts';
export * from './commands/parse.ts';
export { houseGames, houseCommandTable } from './games/houseGames.ts';
export type { HouseGame, GameCommandContext, PhaseContext } from './games/houseGame.ts';
