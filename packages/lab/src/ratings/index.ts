export * from './ratingTable.ts';
export * from './rateMatch.ts';
export * from './placements.ts';
export * from './leaderboard.ts';
export * from './ratingsJson.ts';
export * from './ratingBoard.ts';
export * from './participantOf.ts';
