/** An expected failure: printed as one line, exit code 2 (or the code given). */
export class CliError extends Error {
  constructor(message: string, readonly code = 2) {
    super(message);
  }
}

/** `--help` (or `-h`) on a command: its usage goes to stdout, and the command exits 0. */
export class CliHelp extends CliError {
  constructor(usage: string) {
    super(`usage: ${usage}`, 0);
  }
}
