import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../cli/cliError.ts';
import { intArg, parseCliArgs } from '../cli/args.ts';
import { queueUrl, takeQueueFlags } from '../queue/queueUrl.ts';
import { commandLine, gitState, versions, type Provenance } from './provenance.ts';
import { seedList, type ReproducePreset } from './preset.ts';
import { reproducePresets } from './reproducePresets.ts';
import { svgToPng } from './svgToPng.ts';

const USAGE = `reproduce <preset> [--seeds N] [--out DIR] [--queue [URL]]   (presets: ${[...reproducePresets.keys()].join(', ')})`;

/** Most seeds a preset takes: enough for tight intervals, few enough that a typo does not run for a day. */
export const MAX_SEEDS = 200;

/**
 * `bun run house reproduce <preset>`: runs a named, fixed experiment and
 * writes results.csv, report.md with its PNG plots and manifest.json (the
 * preset, its whole config, seeds, commit, versions, the command line) into
 * --out (default out/reproduce/<preset>); prints the preset's summary.
 */
export async function reproduceCommand(argv: string[]): Promise<number> {
  const { rest, queue, wait } = takeQueueFlags(argv);
  if (!wait) throw new CliError('reproduce waits for its runs to write its report: --no-wait is not taken');
  const { values, positionals } = parseCliArgs(rest, { seeds: { type: 'string' }, out: { type: 'string' } }, USAGE);
  const name = positionals[0];
  if (!name) throw new CliError(`missing preset\nusage: ${USAGE}`);
  const preset = reproducePresets.get(name);
  if (!preset) throw new CliError(`unknown preset '${name}' (presets: ${[...reproducePresets.keys()].join(', ')})`);
  if (positionals.length > 1) throw new CliError(`reproduce takes one preset, got '${positionals.slice(1).join(' ')}' too`);
  if (queue !== null && preset.noQueue) throw new CliError(preset.noQueue);
  const seeds = intArg(values.seeds, 'seeds', preset.defaultSeeds, 1, MAX_SEEDS);
  const out = values.out ?? join('out', 'reproduce', preset.name);
  const summary = await runPreset(preset, preset.config(seeds), seeds, out, argv, queue === null ? null : queueUrl(queue));
  process.stdout.write(summary);
  return 0;
}

/** Plays a preset with this config and writes its outputs and manifest into `out`; returns its summary. */
export async function runPreset<C>(preset: ReproducePreset<C>, config: C, seeds: number, out: string, argv: readonly string[], queue: string | null = null): Promise<string> {
  const startedAt = new Date().toISOString();
  process.stderr.write(`${preset.name}: ${preset.answers}\n`);
  const output = await preset.run(config, { progress: (line) => process.stderr.write(`${line}\n`), queue });
  const provenance: Provenance = { preset: preset.name, config, seeds: seedList(seeds), commandLine: commandLine(argv), git: gitState(), versions: versions(), startedAt, finishedAt: new Date().toISOString() };
  const written = writeOutputs(out, output.csv, output.report, output.pictures, provenance);
  process.stderr.write(`wrote ${written.join(', ')}\n`);
  return output.summary;
}

function writeOutputs(dir: string, csv: string, report: string, pictures: ReadonlyMap<string, string>, provenance: Provenance): string[] {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new CliError(`cannot create out dir '${dir}': ${error instanceof Error ? error.message : String(error)}`);
  }
  const write = (file: string, data: string | Uint8Array) => {
    writeFileSync(join(dir, file), data);
    return join(dir, file);
  };
  return [
    write('results.csv', csv),
    write('report.md', report),
    ...[...pictures].map(([file, svg]) => write(file, svgToPng(svg))),
    write('manifest.json', `${JSON.stringify(provenance, null, 2)}\n`),
  ];
}
