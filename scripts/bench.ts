// `bun run bench`: runs every `*.bench.ts` of the packages and the app, each exporting
// `bench(options): Promise<Record<string, number>>`, logs figures to stderr as they come,
// and prints all of them as one JSON object on the last line of stdout.
// Words before the first `--option` pick benches by their file's path (case,
// `-` and `_` aside: `tables-model` picks houseTablesModel.bench.ts); the
// options go to each bench picked (`bun run bench tables-model --tables 1,4`).
import { Glob } from 'bun';
import { join, relative } from 'node:path';

const root = join(import.meta.dir, '..');
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const only = (firstOption < 0 ? args : args.slice(0, firstOption)).map((o) => o.toLowerCase().replace(/[-_]/g, ''));
const options = firstOption < 0 ? [] : args.slice(firstOption);
const files = [...new Glob('{packages,apps}/*/{src,bench}/**/*.bench.ts').scanSync({ cwd: root })]
  .sort()
  .filter((f) => only.length === 0 || only.some((o) => f.toLowerCase().replace(/[-_]/g, '').includes(o)));
const figures: Record<string, number> = {};
for (const file of files) {
  const mod = (await import(join(root, file))) as { bench?: (options: readonly string[]) => Promise<Record<string, number>> };
  if (!mod.bench) continue;
  process.stderr.write(`bench ${relative(root, join(root, file))}\n`);
  const result = await mod.bench(options);
  for (const [name, value] of Object.entries(result)) {
    figures[name] = Math.round(value * 1000) / 1000;
    process.stderr.write(`  ${name}: ${figures[name]}\n`);
  }
}
console.log(JSON.stringify(figures));
