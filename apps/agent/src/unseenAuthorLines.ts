/** What ElizaOS 1.7.2's recent-messages provider warns for a message whose author this agent cannot read (core:utils, formatPosts). */
export const UNSEEN_AUTHOR = 'No entity found for message';

/** The part of an ElizaOS logger this wraps. */
export type WarningLogger = { warn?: unknown };

const wrapped = new WeakSet<object>();

/**
 * Leaves UNSEEN_AUTHOR out of a logger's lines. ElizaOS keeps one entity per
 * person, owned by the first agent of the host that met them, and an agent
 * reads a room's people through its own entities only; so in a room of
 * several agents (a game room) every other agent misses a person who writes
 * there, and warns once per message each time it builds a prompt: one plain
 * "hello" in a room of seven agents was 14 lines. Nothing is wrong, and
 * nothing can be done about it from the host (the prompt names the person
 * "Unknown User" and keeps their message), so the line says nothing.
 */
export function dropUnseenAuthorLines(logger: WarningLogger): void {
  if (wrapped.has(logger)) return;
  const original = logger.warn;
  if (typeof original !== 'function') return;
  wrapped.add(logger);
  logger.warn = (...args: unknown[]) => (args.includes(UNSEEN_AUTHOR) ? undefined : (original as (...a: unknown[]) => unknown).apply(logger, args));
}
