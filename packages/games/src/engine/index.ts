export * from './types.ts';
export * from './rng.ts';
export * from './eventLog.ts';
export * from './errors.ts';
export * from './config.ts';
export * from './match.ts';
export * from './runner.ts';
export * from './replay.ts';
