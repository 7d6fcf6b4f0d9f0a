// The engines without ElizaOS: the game contract, seeded Rng, hash-chained log,
// match runner, replay, and every game by id.
export * from './engine/index.ts';
export { games, gameIds } from './registry.ts';
