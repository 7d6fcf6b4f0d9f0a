import type { GoldmineView, RoundPublic } from './goldmineTypes.ts';
import { TALK_MAX } from './goldmineConfig.ts';
import { plotRanges } from './legalMoves.ts';

/** Seat letter used on the map: A, B, ... (20 players at most). */
export const seatLetter = (seat: number): string => String.fromCharCode(65 + seat);

/** The map as one line per row: `r3 AAB..C.DDE` (`.` unowned), plot id = row x size + column. */
export function encodeMap(owner: readonly number[], size: number): string {
  return grid(size, (p) => (owner[p]! < 0 ? '.' : seatLetter(owner[p]!)));
}

/** One character per plot, as map rows (`r3 ...`). */
function grid(size: number, cell: (plot: number) => string): string {
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    let line = '';
    for (let c = 0; c < size; c++) line += cell(r * size + c);
    rows.push(`r${r} ${line}`);
  }
  return rows.join('\n');
}

/**
 * Last round's public events per plot, one character each: X taken by a raid,
 * R taken but given back by the authority, b raid blocked by defense, t raid blocked by truce, d defended (not raided),
 * c contested claim, n uncontested claim, . nothing.
 */
export function encodeEvents(pub: RoundPublic, size: number): string {
  const code = new Array<string>(size * size).fill('.');
  for (const p of pub.defended) code[p] = 'd';
  for (const c of pub.claims) code[c.plot] = c.by.length > 1 ? 'c' : 'n';
  for (const r of pub.raids) code[r.plot] = r.winner >= 0 ? 'X' : r.returnedFrom !== undefined ? 'R' : r.truce ? 't' : 'b';
  return grid(size, (p) => code[p]!);
}

/** Per-plot counts as one character: . for 0, 1-9, + for 10 or more. */
function countGrid(counts: readonly number[], size: number): string {
  return grid(size, (p) => {
    const n = counts[p] ?? 0;
    return n === 0 ? '.' : n > 9 ? '+' : String(n);
  });
}

/** Per-plot alpha as map rows: `-` poor (0.5 alpha), `o` plain, `+` rich (1.5 alpha); null when some plot has another value. */
function alphaGrid(view: GoldmineView, alphas: readonly number[]): string | null {
  const codes: Record<number, string> = { [0.5 * view.alpha]: '-', [view.alpha]: 'o', [1.5 * view.alpha]: '+' };
  if (!alphas.every((a) => Object.hasOwn(codes, a))) return null;
  return grid(view.size, (p) => codes[alphas[p]!]!);
}

/** The `plotAlpha` treatment in words: a band grid, or the plots whose alpha differs from the default. */
function alphaLines(view: GoldmineView): string[] {
  const alphas = view.plotAlpha;
  if (!alphas) return [];
  const bands = alphaGrid(view, alphas);
  if (bands) return [`Plot yields differ: - yields ${0.5 * view.alpha}, o yields ${view.alpha}, + yields ${1.5 * view.alpha} gold per mined stamina:`, bands];
  const odd = alphas.flatMap((a, p) => (a === view.alpha ? [] : [`${p}=${a}`]));
  return [`Plot yields differ: every plot yields ${view.alpha} gold per mined stamina except ${odd.join(', ')}.`];
}

/** Last round in one line (the `full` history's rows): claims, raids, defenses and talk. */
function roundLine(pub: RoundPublic): string {
  const parts: string[] = [];
  if (pub.claims.length) parts.push(`claims ${pub.claims.map((c) => `${c.plot}:${c.by.map(seatLetter).join('')}${c.by.length > 1 ? `>${seatLetter(c.winner)}` : ''}`).join(' ')}`);
  if (pub.raids.length) {
    const outcome = (r: RoundPublic['raids'][number]): string => (r.winner >= 0 ? `>${seatLetter(r.winner)}` : r.returnedFrom !== undefined ? ' returned' : r.truce ? ' truce' : ' blocked');
    parts.push(`raids ${pub.raids.map((r) => `${r.plot}(${seatLetter(r.owner)}):${r.by.map(seatLetter).join('')}${outcome(r)}`).join(' ')}`);
  }
  if (pub.defended.length) parts.push(`defended ${plotRanges(pub.defended)}`);
  if (pub.talk?.length) parts.push(`talk ${pub.talk.map((t) => `${seatLetter(t.seat)} ${JSON.stringify(t.text)}`).join(' ')}`);
  return `R${pub.round}: ${parts.join('; ') || 'nothing'}`;
}

/** `k5`: the last five rounds summed up, with the plots raids took; `full`: every round played, one line each (RULES G-d). */
function historyLines(view: GoldmineView): string[] {
  const rounds = view.recent.length;
  if (rounds === 0) return [];
  if (view.history === 'full') {
    return [`Every round so far (claims plot:claimants>winner; raids plot(owner):raiders>taker, or blocked, truce, returned; defended plots):`, ...view.recent.map(roundLine)];
  }
  let raids = 0;
  let defended = 0;
  const captures = new Array<number>(view.size * view.size).fill(0);
  for (const pub of view.recent) {
    for (const r of pub.raids) {
      raids += r.by.length;
      if (r.winner >= 0) captures[r.plot]! += 1;
    }
    defended += pub.defended.length;
  }
  const taken = captures.reduce((a, b) => a + b, 0);
  const head = `Last ${rounds} rounds (${rounds} rounds): ${raids} raids, ${taken} plots taken by raids, ${defended} plot-defenses.`;
  return taken ? [head, 'Times each plot was taken by a raid (. none, + 10 or more):', countGrid(captures, view.size)] : [head];
}

/**
 * The model player's prompt: the ODD's information interface (rules with S
 * restated, parameters and the treatments in force, its id and gold, the map,
 * last round's public events and talk, the history the config allows, its own
 * last round and what was dropped from it) and the answer format. Pure: the
 * same view gives the same text.
 */
export function goldminePrompt(view: GoldmineView): string {
  const me = seatLetter(view.me);
  const mine: number[] = [];
  view.owner.forEach((o, p) => o === view.me && mine.push(p));
  const plots = view.size * view.size;
  const defense = view.defense === 'all' ? 'a defended plot blocks every raider' : 'each defense blocks one raider (lowest id first); other raiders proceed';
  const truce =
    view.truce > 1
      ? `Truce: a claimed plot cannot be raided for ${view.truce} rounds counting its claim round.`
      : `Truce: ${view.truce} round${view.truce === 1 ? ' (the claim round only)' : 's'}, so a plot claimed this round can be raided from next round on.`;
  const yieldText = view.plotAlpha ? 'its plot\'s yield (below)' : `${view.alpha}`;
  const lines = [
    `Gold mining, round ${view.round} of ${view.rounds}. You are player ${me} (${view.player}); players are ${seatLetter(0)}-${seatLetter(view.players.length - 1)}. Maximise your own gold.`,
    `Rules: ${view.size}x${view.size} map, plots 0..${plots - 1}, plot id = row*${view.size} + column. Your stamina S = ${view.stamina} this round: S is reset to ${view.stamina} at the start of every round and unused stamina is lost.`,
  ];
  if (view.staminaOf) lines.push(`Stamina differs between players: ${view.staminaOf.map((s, i) => `${seatLetter(i)} ${s}`).join(', ')}.`);
  lines.push(
    `Actions (cost): claim an unowned plot (1); raid a plot another player owns (1); defend a plot you own (1, paid even if nobody raids); mine k = 0..${view.cap} on a plot you own (k). Each mined stamina yields ${yieldText} gold per round to an owner who still holds the plot after raids.`,
    `Order: illegal and repeated actions are removed (judged on the map at the round's start), then whole actions are dropped from the END of your list until the total cost <= ${view.stamina}. Claims resolve first (ties: seeded random draw), then raids: ${defense}; an undefended plot goes to its raider (several: random draw). ${truce} A plot you gain this round cannot be mined until next round; a plot you lose this round yields you nothing.`,
  );
  if (view.authority) {
    const shield = view.authorityPlots.length ? ` Protected now: ${plotRanges(view.authorityPlots)}.` : ' No plot is protected yet.';
    lines.push(`Authority: a plot raided from a holder who has held it ${view.authority.tenure} or more rounds goes back to that holder at once, and every raider of that plot is fined ${view.authority.fine} gold.${shield}`);
  }
  lines.push(...alphaLines(view));
  lines.push(
    `Your gold: ${view.gold}. Your plots: ${mine.length ? plotRanges(mine) : 'none'}.${view.protectedPlots.length ? ` Under truce now: ${plotRanges(view.protectedPlots)}.` : ''}`,
    `Map (. unowned, letter = owner):`,
    encodeMap(view.owner, view.size),
  );
  const last = view.recent[view.recent.length - 1];
  if (last) {
    const claims = last.claims.length;
    const contested = last.claims.filter((c) => c.by.length > 1).length;
    const raidCount = last.raids.reduce((a, r) => a + r.by.length, 0);
    const taken = last.raids.filter((r) => r.winner >= 0).length;
    const returned = last.raids.filter((r) => r.returnedFrom !== undefined).length;
    lines.push(`Round ${last.round} events: ${claims} plots claimed (${contested} contested), ${raidCount} raids, ${taken} plots taken, ${last.defended.length} plots defended${returned ? `, ${returned} plots given back by the authority` : ''}.`);
    lines.push('Per plot (X taken by raid, b raid blocked by defense, t raid blocked by truce, R given back by the authority, d defended, c contested claim, n claim, . nothing):');
    lines.push(encodeEvents(last, view.size));
    const onMe = last.raids.filter((r) => r.owner === view.me);
    if (onMe.length) {
      const outcome = (r: (typeof onMe)[number]): string => (r.winner >= 0 ? `taken by ${seatLetter(r.winner)}` : r.returnedFrom !== undefined ? 'given back to you' : r.truce ? 'truce' : 'blocked');
      lines.push(`Raids on your plots: ${onMe.map((r) => `${r.plot} by ${r.by.map(seatLetter).join('')} ${outcome(r)}`).join('; ')}.`);
    }
    // Each miner's line as a quotation (JSON: its quote marks and line breaks escaped), after its seat letter.
    if (last.talk?.length) lines.push(`Talk last round: ${last.talk.map((t) => `${seatLetter(t.seat)}: ${JSON.stringify(t.text)}`).join(' ')}`);
  }
  if (view.history === 'none') lines.push('History: none is shown in this match; you see the map only.');
  else if (view.history !== 'last') lines.push(...historyLines(view));
  if (view.own) {
    const acts = view.own.kept.map((a) => (a.type === 'mine' ? `mine ${a.plot} k${a.k}` : `${a.type} ${a.plot}`)).join(', ');
    lines.push(`Your last round: ${acts || 'no actions'}${view.own.dropped ? ` (${view.own.dropped} dropped)` : ''}; gained ${view.own.gained} gold.`);
  }
  for (const notice of view.notices) lines.push(`Notice: ${notice}`);
  const talk = view.talk ? `,"talk":"one public line for everyone, at most ${TALK_MAX} characters (optional)"` : '';
  lines.push(
    `Answer with JSON only, your actions in priority order: {"actions":[{"type":"defend","plot":12},{"type":"mine","plot":12,"k":${view.cap}},{"type":"claim","plot":40},{"type":"raid","plot":7}]${talk}}` +
      ' (or by category: {"defend":[12],"mine":[{"plot":12,"k":3}],"claim":[40],"raid":[7]}, read in that order).',
  );
  if (view.talk) lines.push('Talk: your line is posted publicly and shown to every player next round; it binds no one.');
  return lines.join('\n');
}
