/**
 * A post that did not all reach its place: `unsent` is the text still to
 * deliver (the pieces after the last one that went, so a fallback never
 * repeats what was read), `code` Discord's error code when Discord refused.
 */
export class UndeliveredPost extends Error {
  constructor(
    readonly unsent: string,
    readonly code: number | null,
    reason: string,
  ) {
    super(reason);
  }
}
