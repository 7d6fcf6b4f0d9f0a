/** What the room hears before a watched match's first round. */
export const countdownText = (ms: number): string => `Starting in ${Math.max(1, Math.round(ms / 1000))} s…`;

/** `!help`'s line on the pace of a match. */
export const paceHelpLine = 'Pace: a match opened here counts down in its room, then plays at a pace to follow (Trust a round every few seconds); add `--fast` to play it at full speed.';
