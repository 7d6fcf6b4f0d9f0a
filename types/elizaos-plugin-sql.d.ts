// @elizaos/plugin-sql 1.7.2 declares `types/index.d.ts`, which it does not ship.
declare module '@elizaos/plugin-sql' {
  import type { Plugin } from '@elizaos/core';
  export const plugin: Plugin;
  const sqlPlugin: Plugin;
  export default sqlPlugin;
}
