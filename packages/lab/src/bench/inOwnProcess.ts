/**
 * A bench that boots ElizaOS runs in a process of its own (PGLite keeps one
 * database per process): `bench()` spawns the bench file, whose main part
 * prints its figures as JSON on its last line (see `runAsMain`); `args` are
 * its command line.
 */
export async function benchInOwnProcess(path: string, name: string, args: readonly string[] = []): Promise<Record<string, number>> {
  const child = Bun.spawn([process.execPath, path, ...args], { stdout: 'pipe', stderr: 'ignore', env: { ...process.env, SENTRY_DSN: 'disabled' } });
  const out = await new Response(child.stdout).text();
  await child.exited;
  const last = out.trim().split('\n').at(-1) ?? '';
  if (child.exitCode !== 0 || !last.startsWith('{')) throw new Error(`${name} failed (exit ${child.exitCode}): ${out.slice(-500)}`);
  return JSON.parse(last) as Record<string, number>;
}

/** The child's side: measure, print the figures, exit (the host's timers would keep it alive). */
export async function runAsMain(measure: () => Promise<Record<string, number>>): Promise<never> {
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  console.log(JSON.stringify(await measure()));
  process.exit(0);
}
