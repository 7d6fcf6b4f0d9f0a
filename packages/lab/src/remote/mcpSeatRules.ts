/** What an MCP agent reads from `get_rules`: the game's rules and how a turn works at the House (at a House table and in the lab alike). */
export function mcpSeatRules(title: string, summary: string): string {
  return `${title}\n\n${summary}\n\nEach turn: call wait_for_turn (a long poll of at most 25 s), read the turn's view, legal moves and schema, then submit_action(turn_id, action) before its deadline. Talk (say, whisper) is drafted into the open turn and handed in with it. A late or invalid answer gets one repair if time allows, then the game's fallback; several misses in a row, or an empty time bank, and a House baseline plays this seat for the rest of the match. Other players' words reach you quoted after their name, never as the House's.`;
}
