import { HOUSE_NAME } from './moderatorLines.ts';

const PHASE_TAG = /^\s*\[\s*(INIT|WHISPER|RUMOR|VOTE|POWER|REVEAL|WIN|AUDIT|HOUSE|SYSTEM|MODERATOR)\s*\]/i;
const HOUSE_PREFIX = new RegExp(`^\\s*[*_~\`>"'(]*\\s*${HOUSE_NAME.replace(/ /g, '\\s+')}\\b`, 'i');

/**
 * True when player text could pass for the moderator: it opens with a phase tag
 * such as `[WHISPER]` or with "The House", or carries the House's ▸ signature.
 * Such text is never a command or a system message; the House refuses it so no
 * player can speak with the moderator's voice.
 */
export function imitatesHouse(text: string): boolean {
  return PHASE_TAG.test(text) || HOUSE_PREFIX.test(text) || /the\s+house\s*▸/i.test(text);
}

/** Why a player's text is refused, or null when it may be posted. */
export function textProblem(text: string, maxLength: number): string | null {
  if (!text.trim()) return 'the message is empty';
  if (text.length > maxLength) return `the message has ${text.length} characters; the limit is ${maxLength}`;
  if (imitatesHouse(text)) return 'the message imitates The House (a phase tag or "The House" at the start); write as yourself';
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
