/**
 * A bench that boots ElizaOS runs in a process of its own (PGLite keeps one
 * database per process): `bench()` spawns the bench file, whose main part
 * prints its figures as JSON on its last line (see `runAsMain`); `args` are
 * its command line.
 */
export async function benchInOwnProcess(path: string, name: string, args: readonly string[] = []): Promise<Record<string, number>> {
  const child = Bun.spawn([process.execPath, path, ...args], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, SENTRY_DSN: 'disabled' } });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  const last = out.trim().split('\n').at(-1) ?? '';
  // What it printed last on either stream says how far it got and why it stopped (a crash prints only on stderr).
  if (child.exitCode !== 0 || !last.startsWith('{')) throw new Error(`${name} failed (exit ${child.exitCode}${child.signalCode ? `, ${child.signalCode}` : ''}): ${out.slice(-500)} ${err.slice(-500)}`);
  return JSON.parse(last) as Record<string, number>;
}

/** The child's side: measure, print the figures, exit (the host's timers would keep it alive). */
export async function runAsMain(measure: () => Promise<Record<string, number>>): Promise<never> {
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  console.log(JSON.stringify(await measure()));
  process.exit(0);
}
