/** Distinct colours readable on the page's dark background, by seat. */
const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#edc948', '#76b7b2', '#ff9da7', '#9c755f', '#bab0ac', '#86bcb6', '#d37295'];

/** The colour of the player seated at `index` (seats beyond the palette reuse it). */
export function seatColor(index: number): string {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
}
