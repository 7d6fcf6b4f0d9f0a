/**
 * Token arithmetic in integer cents (RULES Café 2): amounts never live as floats
 * in the state. Rates are read to six decimals so that `0.2` means exactly 20%
 * rather than 0.2000000000000000111.
 */
const RATE_SCALE = 1_000_000;

/**
 * The largest bank, in cents, that a config may lead to: every integer up to
 * here is exact in a double, and so is `cents x rate` at six decimals once
 * `percentOf` switches to BigInt.
 */
export const MAX_EXACT_CENTS = Number.MAX_SAFE_INTEGER;

/** Tokens (as a model writes them, e.g. 200 or 12.5) to whole cents, rounded to the nearest cent. */
export function toCents(tokens: number): number {
  return Math.round(tokens * 100);
}

/** Cents to tokens with two decimals, for reports and views. */
export function toTokens(cents: number): number {
  return cents / 100;
}

/** `cents x rate`, rounded to the nearest cent with halves up, in integer arithmetic. */
export function percentOf(cents: number, rate: number): number {
  const scaled = Math.round(rate * RATE_SCALE);
  const n = cents * scaled + RATE_SCALE / 2;
  // `%` and the division of an exact multiple are exact; a plain floor(n / scale) is not for large n.
  if (Number.isSafeInteger(n)) return (n - (n % RATE_SCALE)) / RATE_SCALE;
  // Past 2^53 the double product is no longer exact; banks this large stay exact in BigInt.
  const big = BigInt(cents) * BigInt(scaled) + BigInt(RATE_SCALE / 2);
  return Number(big / BigInt(RATE_SCALE));
}

/** "1,234.50": tokens for messages. */
export function formatTokens(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const frac = abs % 100;
  return `${sign}${whole}${frac ? `.${String(frac).padStart(2, '0')}` : ''}`;
}

/** "20%", "7.5%": a rate for messages, without float noise (0.07 x 100 is 7.000000000000001). */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 1e6) / 1e4}%`;
}
