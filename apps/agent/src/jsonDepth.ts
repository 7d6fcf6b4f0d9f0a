/**
 * How deep JSON text nests (`[` and `{` outside strings), counted without
 * parsing it: so a body nested a hundred thousand deep is refused before a
 * parser (or anything that walks what it returns) recurses through it.
 * Stops counting past `limit`, returning `limit + 1`.
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest && (deepest = depth) > limit) return limit + 1;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}
