/**
 * The layout of model decision prompts, recorded with each match so that
 * `replay-match` can tell a changed prompt from one written by another
 * version. 1 (matches recorded before it was kept): persona, the game's
 * summary, the view in words or JSON, notes, legal moves and the decision's
 * JSON Schema. 2: persona, the rules and move signatures of the match (the
 * same text on every call), then the compact view ending with the legal
 * moves, the memory, a repair's refusal and the request marker.
 */
export const PROMPT_FORMAT = 2;

/** What a record without a format was written with. */
export const FIRST_PROMPT_FORMAT = 1;
