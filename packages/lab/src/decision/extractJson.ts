/**
 * The first JSON object in a model's answer: the whole text, a fenced block, or
 * the first balanced `{...}` embedded in prose. `null` when there is none.
 */
export function extractJson(text: string): unknown {
  const candidates: string[] = [text.trim()];
  for (const m of text.matchAll(/```(?:json|JSON)?\s*([\s\S]*?)```/g)) candidates.push(m[1]!.trim());
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    const end = balancedEnd(text, i);
    if (end > i) candidates.push(text.slice(i, end + 1));
  }
  for (const c of candidates) {
    if (!c.startsWith('{')) continue;
    try {
      const value = JSON.parse(c);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      continue;
    }
  }
  return null;
}

/** Index of the brace closing the one at `start`, skipping strings; -1 if unbalanced. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}
