/**
 * The layout of model decision prompts, recorded with each match so that
 * `replay-match` can tell a changed prompt from one written by another
 * version. 1 (matches recorded before it was kept): persona, the game's
 * summary, the view in words or JSON, notes, legal moves and the decision's
 * JSON Schema. 2: persona, the rules and move signatures of the match (the
 * same text on every call), then the compact view ending with the legal
 * moves, the memory, a repair's refusal and the request marker. 3: the same
 * layout; what the rules say changed (issue 24): Gold mining's history follows
 * the match's `history` (none, last, k5, full, round by round, RULES G-f) and
 * names it, its authority fines every raider; Trust's synergy is paid in a
 * loss only and a missed high five hits an ally too (RULES T-d, T-e). 4
 * (issue 26): a call that stands alone shows only the signatures of the
 * moves legal now, and the marker names the request in words
 * (`game matchId player round phase`; a repair's keeps the JSON form). 5:
 * Influence's view says each fact once to a seat with a window (issue 26):
 * the first WHISPER turn shows how the last rounds closed, later turns and
 * RUMOR the threads that moved since the seat's last turn, VOTE and POWER
 * this round's posts and the DMs received; DMs in the order sent, a heading
 * per round and turn; a rule line per phase. Conversation mode (new with
 * format 5, `conversation.ts`): persona, rules with every signature and a
 * note on how turns read, then per turn the round line, the view's lines
 * that are new or changed, the legal moves when they changed, the marker,
 * and the answer after it. 6 (issue 23): what a player or the observer wrote
 * reaches a prompt as a quotation with whose words they are, on one line:
 * Trust's notice of a beg's answer quotes the observer's own words ("and
 * wrote: “...”"), so they cannot pass for the House's. 7 (issue 36): Café's
 * legal line gives a loan's rate as any rate the rules allow (`rate=0..1000000`,
 * RULES C-b) where it said `0..1`, and the move's note says a rate above 1 is
 * unusual. Also in 7 (issue 37): each game's rules lines come from one
 * function of the match's settings, the lines its room hears as it begins,
 * and state every rule setting: Trust's adds the units' starting sats and
 * what a beg the observer leaves unanswered gets; Café's, the tokens a bank
 * starts with; Influence's, the DMs a player may send in one WHISPER and the
 * rounds of auto-filled moves that eliminate (it said "a few").
 */
export const PROMPT_FORMAT = 7;

/** What a record without a format was written with. */
export const FIRST_PROMPT_FORMAT = 1;
