/**
 * Discord refuses a message over 2,000 characters, and plugin-discord splits
 * anything over 1,900 itself, asking the model to do it when the text has
 * lists or headings. The House splits first, at 1,900, so its posts reach
 * Discord whole, in order, and no model is asked to cut them.
 */
export const DISCORD_POST_LIMIT = 1900;

/** Pieces of at most `limit` characters, cut at line breaks, else at spaces, else anywhere. */
export function splitMessage(text: string, limit = DISCORD_POST_LIMIT): string[] {
  if (text.length <= limit) return text.length ? [text] : [];
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim().length) pieces.push(current.replace(/\s+$/, ''));
    current = '';
  };
  for (const line of text.split('\n')) {
    for (const part of cutLine(line, limit)) {
      const joined = current ? `${current}\n${part}` : part;
      if (joined.length <= limit) current = joined;
      else {
        flush();
        current = part;
      }
    }
  }
  flush();
  return pieces;
}

function cutLine(line: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > limit) {
    const space = rest.lastIndexOf(' ', limit);
    const at = space > limit / 2 ? space : limit;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^ /, '');
  }
  parts.push(rest);
  return parts;
}
