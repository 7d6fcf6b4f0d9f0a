// @elizaos/plugin-bootstrap 1.7.2 ships JavaScript only; the host needs just its default plugin.
declare module '@elizaos/plugin-bootstrap' {
  import type { Plugin } from '@elizaos/core';
  const bootstrapPlugin: Plugin;
  export default bootstrapPlugin;
}
