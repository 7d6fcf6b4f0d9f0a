export { competitorPlugin, competitorPluginAt } from './competitorPlugin.ts';
export { competitorAgents } from './competitorAgents.ts';
export { competitorMove, thinksWithModel } from './competitorMove.ts';
