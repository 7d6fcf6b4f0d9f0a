/** A player's id inside a game (a character's or a person's seat name). */
export type PlayerId = string;
