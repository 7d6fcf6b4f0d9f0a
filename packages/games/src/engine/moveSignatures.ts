/**
 * Move signatures: how a model prompt says what to answer, in a few lines
 * that a model reads as easily as a JSON Schema and a program can read back
 * (the test stub answers from them, the games' round-trip tests check them).
 *
 * A prompt's rules end with the signatures, the same text every call of a match:
 *
 *     Answer with JSON only: {"actions":[<move>,...]}
 *     Moves:
 *     claim {"type":"claim","plot":<plot>} 1 stamina
 *     mine {"type":"mine","plot":<plot>,"k":<k>} k stamina
 *     +talk {"talk":"<text>"} optional, on any answer
 *     Fill each <field> from Legal now (<name> is the move name); leave out unlisted fields.
 *
 * and the view ends with what is legal this time:
 *
 *     Legal now:
 *     claim plot=0..41|57
 *     mine plot=12|40..41 k=0..3
 *
 * A signature line may name several moves sharing a template, where
 * `<name>` is the move's own name (`claim|raid {"type":"<name>","plot":<plot>}`).
 * `<move>` stands for one move (a name's template, its fields filled in);
 * `[X,...]` is a list of X; `<text>` is free text; any other `<field>` takes
 * a value its entry binds: `a|b|c` one of these, `x..y` a number from x to y
 * (whole when both ends are), `field!=...` the values it may not take, and
 * `#field=x..y` how many items a list field holds. An entry naming several
 * moves (`defend|mine plot=3 k=0..3`) binds the fields of each (a move
 * ignores fields it does not have). A name starting with `+` is an extra: its
 * fields may be added to any move. Values never contain spaces, `|` or `=`.
 */

export interface MoveSignature {
  /** The move's name, as "Legal now" lists it (`a|b` for moves sharing the template); `+name` for an extra. */
  name: string;
  /** The move's JSON with `<field>` placeholders. */
  template: string;
  /** A few words after the template (a cost, a limit). */
  note?: string;
}

/** One entry of "Legal now": a move (or several, `a|b`, or an extra) and the values its fields may take (`field!` for the values excluded). */
export interface LegalEntry {
  name: string;
  bind: Array<[field: string, domain: string]>;
}

/** The moves an entry names. */
export function entryMoves(entry: LegalEntry): string[] {
  return entry.name.split('|');
}

export const ANSWER_LINE = 'Answer with JSON only: ';
export const MOVES_LINE = 'Moves:';
export const FILL_LINE = 'Fill each <field> from Legal now (<name> is the move name); leave out unlisted fields.';
export const LEGAL_LINE = 'Legal now:';

/** The signature lines: the answer's shape, each move's template, and how to fill them. */
export function signatureLines(answer: string, moves: readonly MoveSignature[]): string[] {
  return [`${ANSWER_LINE}${answer}`, MOVES_LINE, ...moves.map((m) => `${m.name} ${m.template}${m.note ? ` ${m.note}` : ''}`), FILL_LINE];
}

/** The "Legal now" lines (a line saying so when nothing is). */
export function legalLines(entries: readonly LegalEntry[]): string[] {
  if (entries.length === 0) return [LEGAL_LINE, 'nothing'];
  return [LEGAL_LINE, ...entries.map((e) => [e.name, ...e.bind.map(([field, domain]) => `${field}=${domain}`)].join(' '))];
}

/** `a|b|c`. */
export function oneOf(values: readonly (string | number)[]): string {
  return values.join('|');
}

/** `x..y`. */
export function span(min: number, max: number): string {
  return `${min}..${max}`;
}

/** Ascending whole numbers as runs: `0..3|7|9..10`. */
export function intSet(sorted: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}..${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return parts.join('|');
}

/** One alternative of a domain: a literal, or a number range. */
export type DomainPart = { value: string } | { min: number; max: number };

const RANGE = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)$/;

/** A domain's alternatives, in order. */
export function readDomain(domain: string): DomainPart[] {
  return domain.split('|').map((part) => {
    const m = RANGE.exec(part);
    return m ? { min: Number(m[1]), max: Number(m[2]) } : { value: part };
  });
}

/** A domain of whole numbers and runs, expanded (`0..3|7` gives 0, 1, 2, 3, 7). */
export function readIntSet(domain: string): number[] {
  const out: number[] = [];
  for (const part of readDomain(domain)) {
    if ('value' in part) out.push(Number(part.value));
    else for (let n = part.min; n <= part.max; n++) out.push(n);
  }
  return out;
}

/** The literal values of a domain (`p1|p2` gives p1, p2). */
export function readValues(domain: string): string[] {
  return readDomain(domain).map((part) => ('value' in part ? part.value : `${part.min}..${part.max}`));
}

/** The lines after the last line equal to `heading`, up to the first that `keep` refuses. */
function linesAfter(text: string, heading: string, keep: (line: string) => boolean): string[] | null {
  const lines = text.split('\n');
  const at = lines.lastIndexOf(heading);
  if (at < 0) return null;
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!keep(line)) break;
    out.push(line);
  }
  return out;
}

const NAME = '\\+?[A-Za-z_][\\w-]*';
const ENTRY = new RegExp(`^${NAME}(?:\\|${NAME})*(?: #?[A-Za-z_]\\w*!?=\\S+)*$`);

/** The last "Legal now" block of a text, or null when there is none. */
export function readLegal(text: string): LegalEntry[] | null {
  const lines = linesAfter(text, LEGAL_LINE, (line) => ENTRY.test(line));
  if (!lines) return null;
  return lines
    .filter((line) => line !== 'nothing')
    .map((line) => {
      const [name, ...binds] = line.split(' ');
      return { name: name!, bind: binds.map((b) => [b.slice(0, b.indexOf('=')), b.slice(b.indexOf('=') + 1)] as [string, string]) };
    });
}

/** The domain an entry binds to a field, or undefined. */
export function bound(entry: LegalEntry | undefined, field: string): string | undefined {
  return entry?.bind.find(([f]) => f === field)?.[1];
}

/** A set of whole numbers as one binding: the runs themselves, or the whole range less the runs left out, whichever is shorter. */
export function intDomain(field: string, sorted: readonly number[], min: number, max: number): Array<[string, string]> {
  const listed = intSet(sorted);
  const kept = new Set(sorted);
  const left: number[] = [];
  for (let n = min; n <= max; n++) if (!kept.has(n)) left.push(n);
  const rest = intSet(left);
  return left.length && rest.length + span(min, max).length < listed.length ? [[field, span(min, max)], [`${field}!`, rest]] : [[field, listed]];
}

/** The index just past the `}` closing the `{` at `start`; -1 when unbalanced. */
function closing(text: string, start: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The last signature block of a text: the answer's shape and each move's template by name; null when there is none. */
export function readSignatures(text: string): { answer: string; moves: Map<string, string> } | null {
  const answerLine = text
    .split('\n')
    .filter((l) => l.startsWith(ANSWER_LINE))
    .at(-1);
  const lines = linesAfter(text, MOVES_LINE, (line) => new RegExp(`^${NAME}(?:\\|${NAME})* \\{`).test(line));
  if (answerLine === undefined || !lines) return null;
  const moves = new Map<string, string>();
  for (const line of lines) {
    const space = line.indexOf(' ');
    const end = closing(line, space + 1);
    if (end < 0) continue;
    for (const name of line.slice(0, space).split('|')) moves.set(name, line.slice(space + 1, end).replaceAll('<name>', name));
  }
  return { answer: answerLine.slice(ANSWER_LINE.length), moves };
}

/**
 * The rules with only the signature lines of moves that `legal` names (an
 * entry naming any move of a line keeps the line; extras always stay), and
 * only the rule lines of those moves (a line before the signatures that
 * starts with a signature's move name and a colon, `VOTE: ...`, is that
 * move's rule): what a call that stands alone needs. Other text is kept as it
 * is; with no "Moves:" block, or nothing legal, the rules come back whole.
 */
export function legalSignatures(rules: string, legal: readonly LegalEntry[]): string {
  if (legal.length === 0) return rules;
  const lines = rules.split('\n');
  const at = lines.lastIndexOf(MOVES_LINE);
  if (at < 0) return rules;
  const named = new Set(legal.flatMap(entryMoves));
  const signature = new RegExp(`^(${NAME}(?:\\|${NAME})*) \\{`);
  const moves = new Set<string>();
  for (const line of lines.slice(at + 1)) for (const name of signature.exec(line)?.[1]!.split('|') ?? []) moves.add(name);
  const ruleOf = new RegExp(`^(${NAME}(?:\\|${NAME})*): `);
  const unused = (names: string[]) => names.every((name) => moves.has(name)) && !names.some((name) => named.has(name));
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    const rule = i < at ? ruleOf.exec(line) : null;
    const move = i > at ? signature.exec(line) : null;
    if (rule && unused(rule[1]!.split('|'))) continue;
    if (move && !move[1]!.startsWith('+') && unused(move[1]!.split('|'))) continue;
    out.push(line);
  }
  return out.join('\n');
}
