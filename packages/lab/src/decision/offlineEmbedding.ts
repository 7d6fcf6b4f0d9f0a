/** Vector size of the offline embedding (ElizaOS accepts 384). */
export const EMBEDDING_SIZE = 384;

/** A deterministic bag-of-characters vector: enough for memory search to run offline. */
export function offlineEmbedding(text: string): number[] {
  const v = new Array<number>(EMBEDDING_SIZE).fill(0);
  for (let i = 0; i < text.length; i++) v[(text.charCodeAt(i) * 31 + i) % EMBEDDING_SIZE]! += 1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
