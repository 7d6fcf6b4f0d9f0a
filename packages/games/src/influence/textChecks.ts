import { lookalike } from '../engine/lookalike.ts';
import { HOUSE_NAME } from './moderatorLines.ts';

/**
 * Words the House tags its lines with, as a player might put them in a
 * bracket: the spec's phase tags, the House's own names, and the tags of the
 * House's posts in other games' rooms.
 */
const HOUSE_TAGS = ['INIT', 'WHISPER', 'RUMOR', 'VOTE', 'POWER', 'REVEAL', 'WIN', 'AUDIT', 'HOUSE', HOUSE_NAME, 'SYSTEM', 'MODERATOR', 'ADMIN', 'trust', 'café', 'influence', 'goldmine', 'gold mining'];

/** Letters and digits only: how a tag's words compare (`[ the-house ]` is `[THE HOUSE]`). */
const core = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, '');
const TAGS: ReadonlySet<string> = new Set(HOUSE_TAGS.map((t) => core(lookalike(t))));
const NAME = core(lookalike(HOUSE_NAME));

/** "The House" spelled with anything but letters and digits between its letters ("T.H.E H-O-U-S-E"). */
const spaced = (letters: string): string => [...letters].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\p{L}\\p{N}]*');
const NAME_FIRST = new RegExp(`^${spaced(NAME)}(?![\\p{L}\\p{N}])`, 'u');
/** The House's signature anywhere: its name, then an arrow (`The House ▸`, and the arrows the folding turns it into or it may be taken for). */
const SIGNATURE = new RegExp(`${spaced(NAME)}[^\\p{L}\\p{N}]*[▶▸►▹▷➤➜➔→>»›]`, 'u');

/** Brackets of any kind, as folded text has them: opening and closing punctuation, quotes that open and close, and angle brackets. */
const OPENS = /[\p{Ps}\p{Pi}<❬❮❰]/u;
const CLOSES = /[\p{Pe}\p{Pf}>❭❯❱]/u;
/** What may stand before a line's first words without being them: spaces, emoji and other symbols, punctuation that is not a bracket. */
const DECORATION = /^(?:\s|(?![\p{Ps}\p{Pi}<❬❮❰])[\p{S}\p{P}]|\p{Extended_Pictographic})+/u;

/**
 * Whether one line of folded text opens as the House would: after any
 * decoration, a bracket whose words are a House tag or name (brackets that
 * are not are looked past, a few of them), or the House's name itself.
 */
function opensAsHouse(line: string): boolean {
  let rest = line;
  for (let group = 0; group < 4; group++) {
    rest = rest.replace(DECORATION, '');
    if (!OPENS.test(rest[0] ?? '')) return NAME_FIRST.test(rest);
    const chars = [...rest];
    let end = 1;
    while (end < chars.length && !CLOSES.test(chars[end]!)) end++;
    const words = core(chars.slice(1, end).join(''));
    if (TAGS.has(words) || words.includes(NAME)) return true;
    if (end >= chars.length) return false;
    rest = chars.slice(end + 1).join('');
  }
  return false;
}

/**
 * True when player text could pass for the moderator: a line of it opens
 * (after emoji, symbols or quote marks) with a House tag or name in a bracket
 * of any kind (`[REVEAL]`, `【REVEAL】`, `(The House)`, `<VOTE>`) or with
 * "The House" itself, or it carries the House's ▸ signature anywhere. It is
 * compared as it looks, not as it is spelled (`lookalike`: full-width,
 * mathematical, Greek, Cyrillic or small-capital letters, accents and
 * invisible characters). Such text is never a command or a system message;
 * the House refuses it so no player can speak with the moderator's voice.
 */
export function imitatesHouse(text: string): boolean {
  const folded = lookalike(text);
  return SIGNATURE.test(folded) || folded.split(/\r\n|[\n\r\u0085\u2028\u2029]/).some(opensAsHouse);
}

/** Why a player's text is refused, or null when it may be posted. */
export function textProblem(text: string, maxLength: number): string | null {
  if (!text.trim()) return 'the message is empty';
  if (text.length > maxLength) return `the message has ${text.length} characters; the limit is ${maxLength}`;
  if (imitatesHouse(text)) return 'the message imitates The House (a House tag in a bracket or "The House" opening a line, or its ▸ signature); write as yourself';
  return null;
}

/** `img:<url>` → the URL when it is http(s) and names a png or jpeg, else an error. */
export function parseImage(text: string): { ok: true; url: string } | { ok: false; error: string } | null {
  const match = /^\s*img:\s*(\S+)\s*$/i.exec(text);
  if (!match) return /^\s*img:/i.test(text) ? { ok: false, error: 'write img:<url> with one URL and nothing else' } : null;
  let url: URL;
  try {
    url = new URL(match[1]!);
  } catch {
    return { ok: false, error: `'${match[1]}' is not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'the image URL must start with http:// or https://' };
  if (!/\.(png|jpe?g)$/i.test(url.pathname)) return { ok: false, error: 'the image must be a .png, .jpg or .jpeg file' };
  return { ok: true, url: url.href };
}
