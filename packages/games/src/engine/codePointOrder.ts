/**
 * Compares two strings by Unicode code point, as RULES G-b orders player ids.
 * JavaScript's `<` compares UTF-16 code units, which puts characters past
 * U+FFFF (surrogate pairs) before U+E000..U+FFFF; this does not.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
