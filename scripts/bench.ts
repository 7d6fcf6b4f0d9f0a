// `bun run bench`: runs every `*.bench.ts` of the packages and the app, each exporting
// `bench(): Promise<Record<string, number>>`, logs figures to stderr as they come,
// and prints all of them as one JSON object on the last line of stdout.
import { Glob } from 'bun';
import { join, relative } from 'node:path';

const root = join(import.meta.dir, '..');
const only = process.argv.slice(2);
const files = [...new Glob('{packages,apps}/*/{src,bench}/**/*.bench.ts').scanSync({ cwd: root })].sort().filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
const figures: Record<string, number> = {};
for (const file of files) {
  const mod = (await import(join(root, file))) as { bench?: () => Promise<Record<string, number>> };
  if (!mod.bench) continue;
  process.stderr.write(`bench ${relative(root, join(root, file))}\n`);
  const result = await mod.bench();
  for (const [name, value] of Object.entries(result)) {
    figures[name] = Math.round(value * 1000) / 1000;
    process.stderr.write(`  ${name}: ${figures[name]}\n`);
  }
}
console.log(JSON.stringify(figures));
