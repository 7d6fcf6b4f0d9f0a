export { playerPlugin, PlayerService, DECIDE_ACTION, NOTES_EVALUATOR } from './playerPlugin.ts';
export { offlineBrainPlugin } from './offlineBrainPlugin.ts';
export { characterBrain, type CharacterBrain } from './characterBrain.ts';
export { findPlayer, playerNames } from './playerRegistry.ts';
