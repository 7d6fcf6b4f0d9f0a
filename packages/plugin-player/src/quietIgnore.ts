import type { Content, HandlerCallback } from '@elizaos/core';

/**
 * core 1.7.2 hands an agent's decision to ignore a message to the platform's
 * callback as content with no text; plugin-discord then shows the bot as
 * typing in that channel for every message it ignores. Passing only content
 * that says or carries something keeps a quiet player quiet.
 */
export function quietIgnore(callback: HandlerCallback | undefined): HandlerCallback | undefined {
  if (!callback) return undefined;
  return async (content: Content) => {
    const silent = !content.text?.trim() && !content.attachments?.length && (content.actions ?? []).every((a) => a === 'IGNORE' || a === 'NONE');
    return silent ? [] : callback(content);
  };
}
