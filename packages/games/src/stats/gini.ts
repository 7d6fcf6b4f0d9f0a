/**
 * Gini coefficient of non-negative amounts, hand-computed (simple-statistics
 * has none): with the amounts sorted ascending as x1..xn,
 * G = 2·Σ i·xi / (n·Σ xi) − (n + 1) / n. 0 is perfect equality, (n − 1)/n
 * means one holds everything; an empty or all-zero list gives 0.
 */
export function gini(values: readonly number[]): number {
  const xs = [...values].sort((a, b) => a - b);
  const n = xs.length;
  let sum = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    sum += xs[i]!;
    weighted += (i + 1) * xs[i]!;
  }
  return n === 0 || sum === 0 ? 0 : (2 * weighted) / (n * sum) - (n + 1) / n;
}
