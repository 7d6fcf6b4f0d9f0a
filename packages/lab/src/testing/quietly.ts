/** Runs a command whose progress bar and report lines would clutter the test output. */
export function quietly<T>(run: () => Promise<T>): Promise<T> {
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = (() => true) as typeof process.stdout.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  return run().finally(() => {
    process.stdout.write = out;
    process.stderr.write = err;
  });
}
