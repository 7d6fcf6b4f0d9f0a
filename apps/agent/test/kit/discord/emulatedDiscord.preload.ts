// Preloaded into a host process a test spawns (`bun --preload <this> apps/agent/src/index.ts`): its discord.js talks to the
// loopback emulator at TEST_DISCORD_API (the emulator's REST base, `DiscordEmulator.api`), as the test's own process does.
import { pointDiscordJsAt } from './pointDiscordJs.ts';

const api = process.env.TEST_DISCORD_API;
if (api) pointDiscordJsAt(api);
