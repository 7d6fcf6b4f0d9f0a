/** An expected failure: printed as one line, exit code 2 (or the code given). */
export class CliError extends Error {
  constructor(message: string, readonly code = 2) {
    super(message);
  }
}
