import { HOUSE_NAME } from './moderatorLines.ts';

const PHASE_TAG = /^\s*\[\s*(INIT|WHISPER|RUMOR|VOTE|POWER|REVEAL|WIN|AUDIT|HOUSE|SYSTEM|MODERATOR)\s*\]/im;
const HOUSE_PREFIX = new RegExp(`^\\s*[*_~\`>"'(]*\\s*${HOUSE_NAME.replace(/ /g, '\\s*')}\\b`, 'im');
const HOUSE_SIGNATURE = /the\s*house\s*▸/i;
// Zero-width characters and compatibility forms (full-width letters, ...) would let "The\u200bHouse" slip past.
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;

/**
 * True when player text could pass for the moderator: a line of it opens with a
 * phase tag such as `[WHISPER]` or with "The House", or it carries the House's
 * ▸ signature. Such text is never a command or a system message; the House
 * refuses it so no player can speak with the moderator's voice.
 */
export function imitatesHouse(text: string): boolean {
  const plain = text.normalize('NFKC').replace(INVISIBLE, '');
  return PHASE_TAG.test(plain) || HOUSE_PREFIX.test(plain) || HOUSE_SIGNATURE.test(plain);
}

/** Why a player's text is refused, or null when it may be posted. */
export function textProblem(text: string, maxLength: number): string | null {
  if (!text.trim()) return 'the message is empty';
  if (text.length > maxLength) return `the message has ${text.length} characters; the limit is ${maxLength}`;
  if (imitatesHouse(text)) return 'the message imitates The House (a phase tag or "The House" opening a line, or its ▸ signature); write as yourself';
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
