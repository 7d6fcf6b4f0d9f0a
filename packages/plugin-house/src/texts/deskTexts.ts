/** What the command desk answers: each refusal one line that says what is allowed, and what a command did. */

/** A command kind the desk has no route for. */
export function allowedText(commands: string): string {
  return `Allowed: ${commands}`;
}

export function damagedMatchText(id: string, damage: string | undefined): string {
  return `Match ${id} is damaged: ${damage ?? 'unreadable'}`;
}

export function severalOpenText(ids: readonly string[]): string {
  return `You have ${ids.length} matches open (${ids.join(', ')}); add \`--match ID\`, or type it at the match's table.`;
}

/** `!stop` or `!start` typed where no match of the author's is open: the matches it would have meant, and the command that reaches each. */
export function notHereText(verb: string, ids: readonly string[]): string {
  const each = ids.map((id) => `\`!${verb} --match ${id}\``).join(', ');
  return `No match of yours is open in this chat, and !${verb} acts only where it is typed. Your open ${ids.length === 1 ? `match is ${ids[0]}` : `matches are ${ids.join(', ')}`}: type ${each}, or type !${verb} in its chat.`;
}

export function severalSeatsText(ids: readonly string[]): string {
  return `You hold seats at ${ids.length} tables (${ids.join(', ')}); add \`--match ID\`.`;
}

/** `!name`'s answers. */
export function nameRefusedText(problem: string): string {
  return `Not changed: ${problem}.`;
}

export function nameChosenText(name: string): string {
  return `From your next seat on you sit down as ${name} (a seat you hold now keeps its name).`;
}

/** A player agent's command that only a match's opener or an admin may give. */
export function agentMayNotText(verb: string, id: string): string {
  return `Only the person who opened ${id}, or a House admin, may !${verb} it; a player agent may not.`;
}

/** `!status` with no match here or anywhere. */
export function noMatchYetText(games: readonly string[]): string {
  return `No match yet. Start one with \`!play GAME\`. Games: ${games.join(', ')}`;
}

/** `!status` with no match here: the open tables, each as `tableLine` says it. */
export function noMatchHereText(lines: readonly string[]): string {
  return `No match at this table. ${lines.length} table${lines.length > 1 ? 's are' : ' is'} open: ${lines.join('; ')}. Add \`--match ID\` to a command to act on one.`;
}

export const onlyPeopleOpenText = 'Only people open matches; players join with !join.';

export function roomTakenText(line: string): string {
  return `This room already has ${line}. Stop it with !stop, or open your match from another room.`;
}

export function tooManyOfYoursText(ids: readonly string[], perPerson: number): string {
  return `You have ${ids.length} matches open (${ids.join(', ')}); a person may have ${perPerson} (HOUSE_TABLES_PER_PERSON). Stop one, or wait for it to end.`;
}

export function allTablesBusyText(max: number, lines: readonly string[]): string {
  return `All ${max} tables are busy (HOUSE_MAX_TABLES): ${lines.join('; ')}. Wait for one to end, or ask its owner to !stop it.`;
}

export function agentNameText(name: string): string {
  return `${name} is the name of a player agent; a person needs another name to sit down.`;
}

export function alreadySeatedText(name: string): string {
  return `${name} is already seated.`;
}

export function tableFullText(maxPlayers: number): string {
  return `The table is full (${maxPlayers} players).`;
}

/** `!join` in a lobby that is its opener's: who may sit, and how to open one to anyone. */
export function lobbyClosedText(owner: string, id: string, game: string): string {
  return `Only ${owner}, who opened ${id}, or a House admin may sit in its lobby; ${owner} may open a lobby to anyone with \`!play ${game} --open\`.`;
}

export function joinedText(name: string, title: string, asPerson: boolean, players: readonly string[]): string {
  return `${name} joins ${title}${asPerson ? ' as a person: the House will ask you for each move here' : ''}: ${players.join(', ')}.`;
}

export function noSuchSeatText(player: string, id: string, players: readonly string[]): string {
  return `${player} has no seat in ${id}. Seated: ${players.join(', ')}.`;
}

export function kickedText(seat: string, id: string, players: readonly string[]): string {
  return `${seat} leaves the lobby of ${id}. Seated: ${players.join(', ') || 'nobody'}.`;
}

export function stoppedText(id: string, round: number): string {
  return `Match ${id} stopped at round ${round}.`;
}

/** RULES T-c: the opener sits in the match, so the game's policy answers its begs. */
export function nobodyAnswersText(id: string, owner: string, policy: string): string {
  return `Nobody answers the begs of ${id} (RULES T-c): ${owner}, who opened it, sits in it, so the game's ${policy} policy answers them.`;
}

export function noOpenBegText(player: string): string {
  return `No open beg from ${player}: nobody is begging right now.`;
}

export function seatedMayNotAnswerText(id: string): string {
  return `You sit in ${id}, so you cannot answer its begs (RULES T-c): with a person seated in it, the game's policy answers them.`;
}

/** A seat's command from someone without a seat: `!view` has a line of its own. */
export function noSeatText(verb: string): string {
  return verb === 'view' ? 'You hold no seat in a running match, so there is no view of yours to show.' : 'You hold no seat in a running match. Join a lobby with `!join`, or sit down with `!play GAME me,NAMES` (e.g. `!play trust me,Ada`).';
}

/** A refused move, with the moves the person may make now. */
export function movesNowText(reply: string, forms: readonly string[]): string {
  return `${reply}\nYour moves now: ${forms.map((f) => `\`${f}\``).join(' · ')}`;
}

export function viewJsonText(id: string, round: number, view: unknown): string {
  return `Your view of ${id}, round ${round}:\n\`\`\`json\n${JSON.stringify(view, null, 1)}\n\`\`\``;
}

export function viewLinesText(id: string, round: number, lines: string): string {
  return `What you know of ${id}, round ${round}:\n${lines}\n\`!view json\` shows all of it as JSON.`;
}

export const noPausedMatchText = 'No paused match to resume.';

export function verbNeedsRunningText(verb: string, commands: string): string {
  return `!${verb} needs a running match. Allowed now: ${commands}`;
}

export function notAVerbOfText(verb: string, game: string, commands: string): string {
  return `!${verb} is not a command of ${game}. Allowed: ${commands}`;
}
