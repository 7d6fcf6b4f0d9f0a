export { competitorPlugin } from './competitorPlugin.ts';
export { competitorMove, thinksWithModel } from './competitorMove.ts';
