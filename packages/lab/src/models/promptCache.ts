import { countTokens } from './countTokens.ts';
import type { PromptShape } from './modelCall.ts';

/**
 * A provider's prompt-cache rules and list prices, as published (USD per
 * million tokens). `prefix` caching (OpenAI) is automatic: a prompt's longest
 * prefix shared with an earlier prompt is read from the cache once it reaches
 * `minTokens`, in whole `step`s, and writing costs nothing extra. `breakpoints`
 * caching (Anthropic) holds only the prefixes a request marks (up to four
 * breakpoints), each at least `minTokens` long: a later request reads the
 * longest marked prefix it shares (looking back up to `lookback` pieces
 * before each of its breakpoints), and pays `write` for what it marks anew.
 */
export interface CacheRules {
  name: string;
  provider: 'openai' | 'anthropic';
  kind: 'prefix' | 'breakpoints';
  /** The model whose list prices these are. */
  model: string;
  minTokens: number;
  step: number;
  lookback: number;
  price: { input: number; cachedInput: number; cacheWrite: number; output: number };
}

/**
 * The rules the bench bills with: OpenAI's three price classes, gpt-4o-mini
 * (cached input at half price), gpt-4.1-mini (a quarter) and gpt-5-mini (a
 * tenth), and Anthropic's Claude Sonnet 4.5 (reads a tenth, 5-minute writes
 * 1.25x, 1,024 tokens at least).
 */
export const CACHE_RULES: readonly CacheRules[] = [
  { name: 'openai_4o_mini', provider: 'openai', kind: 'prefix', model: 'gpt-4o-mini', minTokens: 1024, step: 128, lookback: 0, price: { input: 0.15, cachedInput: 0.075, cacheWrite: 0.15, output: 0.6 } },
  { name: 'openai_4_1_mini', provider: 'openai', kind: 'prefix', model: 'gpt-4.1-mini', minTokens: 1024, step: 128, lookback: 0, price: { input: 0.4, cachedInput: 0.1, cacheWrite: 0.4, output: 1.6 } },
  { name: 'openai_5_mini', provider: 'openai', kind: 'prefix', model: 'gpt-5-mini', minTokens: 1024, step: 128, lookback: 0, price: { input: 0.25, cachedInput: 0.025, cacheWrite: 0.25, output: 2 } },
  { name: 'anthropic_sonnet_4_5', provider: 'anthropic', kind: 'breakpoints', model: 'claude-sonnet-4-5', minTokens: 1024, step: 1, lookback: 20, price: { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 } },
];

/** One call as the cache sees it: who asked (a cache is shared by every call of a match, as with one API key), the text sent, its pieces, and the answer's tokens. */
export interface CacheCall {
  system: string;
  prompt: string;
  shape?: PromptShape;
  tokensOut: number;
}

/** What a match's calls cost under one provider's rules. */
export interface CacheBill {
  /** Prompt and answer tokens sent and received. */
  sent: number;
  tokensIn: number;
  tokensOut: number;
  /** Prompt tokens read from the cache, and (breakpoints) written to it. */
  read: number;
  written: number;
  /**
   * Billed-equivalent tokens: what the prompts cost at list prices, in
   * uncached prompt tokens (cached ones weigh `cachedInput / input`, written
   * ones `cacheWrite / input`), plus the answer's tokens counted once, as in
   * `sent`: the figure to set beside tokens sent.
   */
  billed: number;
  /** USD at the model's list prices. */
  cost: number;
}

/** The pieces of a call's text (its shape, or the text whole), the system prompt first when there is one. */
function piecesOf(call: CacheCall): string[] {
  const blocks = call.shape ? call.shape.blocks : [call.prompt];
  return call.system ? [call.system, '\n\n', ...blocks] : blocks;
}

/** How many of the latest prompts a prefix cache is matched against (a cache evicts the rest; a table's seats ask in turn, so a seat's previous prompt is among them). */
const RECENT = 64;

/** Characters two texts share from their start. */
function sharedPrefix(a: string, b: string): number {
  if (b.startsWith(a)) return a.length;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * A match's calls billed under `rules`, in the order they were sent, every
 * call of the match sharing one cache that never expires (a match's calls
 * are minutes apart at most, within both providers' five minutes).
 */
export function billCalls(calls: readonly CacheCall[], rules: CacheRules): CacheBill {
  const tokensOfPiece = new Map<string, number>();
  const tokens = (text: string) => {
    let n = tokensOfPiece.get(text);
    if (n === undefined) tokensOfPiece.set(text, (n = countTokens(text)));
    return n;
  };
  const bill: CacheBill = { sent: 0, tokensIn: 0, tokensOut: 0, read: 0, written: 0, billed: 0, cost: 0 };
  const earlier: string[] = [];
  /** Marked prefixes (breakpoints): each a key of piece ids. */
  const marked = new Set<string>();
  const ids = new Map<string, number>();
  for (const call of calls) {
    const pieces = piecesOf(call);
    const sizes = pieces.map(tokens);
    // The whole text's count, as the recorder keeps it; the pieces' counts say where a cached prefix ends (a piece boundary can cost a token more).
    const tokensIn = countTokens(pieces.join(''));
    let read = 0;
    let written = 0;
    if (rules.kind === 'prefix') {
      const text = pieces.join('');
      let shared = 0;
      for (let i = earlier.length - 1; i >= 0 && shared < text.length; i--) shared = Math.max(shared, sharedPrefix(earlier[i]!, text));
      earlier.push(text);
      if (earlier.length > RECENT) earlier.shift();
      // Whole pieces count by their own tokens; a piece cut part way is counted up to the cut.
      let t = 0;
      let at = 0;
      for (let i = 0; i < pieces.length && at < shared; i++) {
        const end = at + pieces[i]!.length;
        t += end <= shared ? sizes[i]! : countTokens(pieces[i]!.slice(0, shared - at));
        at = end;
      }
      read = t >= rules.minTokens ? Math.floor(t / rules.step) * rules.step : 0;
    } else {
      const offset = call.system ? 2 : 0;
      const key: number[] = [];
      const keys: string[] = [];
      for (const piece of pieces) {
        if (!ids.has(piece)) ids.set(piece, ids.size);
        key.push(ids.get(piece)!);
        keys.push(key.join(','));
      }
      const upTo = (i: number) => sizes.slice(0, i + 1).reduce((a, b) => a + b, 0);
      const points = (call.shape?.cacheAt ?? []).map((b) => b + offset).filter((b) => b < pieces.length);
      let hit = -1;
      for (const point of points) for (let j = point; j >= Math.max(0, point - rules.lookback); j--) if (marked.has(keys[j]!) && j > hit) hit = j;
      read = hit < 0 ? 0 : upTo(hit);
      for (const point of points) {
        if (upTo(point) < rules.minTokens) continue;
        if (!marked.has(keys[point]!)) marked.add(keys[point]!);
      }
      const last = points.filter((p) => upTo(p) >= rules.minTokens).at(-1);
      written = last === undefined || last <= hit ? 0 : upTo(last) - read;
    }
    const { input, cachedInput, cacheWrite, output } = rules.price;
    bill.tokensIn += tokensIn;
    bill.tokensOut += call.tokensOut;
    bill.read += read;
    bill.written += written;
    const uncached = Math.max(0, tokensIn - read - written);
    bill.billed += uncached + (read * cachedInput) / input + (written * cacheWrite) / input + call.tokensOut;
    bill.cost += (uncached * input + read * cachedInput + written * cacheWrite + call.tokensOut * output) / 1_000_000;
  }
  bill.sent = bill.tokensIn + bill.tokensOut;
  return bill;
}
