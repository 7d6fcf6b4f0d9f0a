/** Left-aligned text columns, right-aligned numbers. */
export function formatTable(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const width = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  const line = (r: string[]) => r.map((c, i) => (numeric[i] ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join('  ').trimEnd();
  return [line(header), line(width.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n') + '\n';
}
