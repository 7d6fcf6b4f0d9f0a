import type { IAgentRuntime } from '@elizaos/core';
import { restGateway, type RoomGateway } from './roomGateway.ts';

let factory: ((runtime: IAgentRuntime) => RoomGateway) | null = null;

/**
 * The host that runs the server in this process hands the House an
 * in-process gateway (posts straight into the server's database and
 * socket.io), before the agents start: the House's own traffic then never
 * meets the server's HTTP rate limit. A House loaded by another host falls
 * back to the REST gateway.
 */
export function useRoomGateway(make: ((runtime: IAgentRuntime) => RoomGateway) | null): void {
  factory = make;
}

export function roomGatewayFor(runtime: IAgentRuntime): RoomGateway {
  return factory ? factory(runtime) : restGateway(runtime);
}
