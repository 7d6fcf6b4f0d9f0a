import unhomoglyph from 'unhomoglyph';

/**
 * Text folded so that what looks alike compares alike: for checking whether
 * a player's words pass for someone else's (the House's), never for showing.
 *
 * NFKC first (full-width and mathematical letters, compatibility forms), and
 * invisible characters out (zero-width, joiners, bidi marks, variation
 * selectors, soft hyphens). Then each character becomes what it looks like:
 * Latin small capitals their letter (ᴛʜᴇ is not among Unicode's
 * confusables), anything else its TR39 confusables skeleton (Unicode's
 * confusables.txt, through `unhomoglyph`: Greek Ε, Cyrillic Е, Cherokee Ꭼ
 * are E), taken of the capital when that gives plain ASCII (Greek small ε
 * maps to a Latin letter only as Ε), else of the character itself (Cyrillic
 * һ is h only in small), accents and other combining marks dropped. Last,
 * lower case. Both sides of a comparison go through it, so the skeleton's own
 * choices (`I` and `1` to `l`, `0` to `O`) cancel out.
 */
export function lookalike(text: string): string {
  let out = '';
  for (const c of text.normalize('NFKC').replace(INVISIBLE, '')) out += shapeOf(c);
  return out.toLowerCase();
}

/** Characters that show nothing (or only steer how others show). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/** Latin small capitals and the letters they pass for. */
const SMALL_CAPITALS: ReadonlyMap<string, string> = new Map([
  ['ᴀ', 'a'], ['ʙ', 'b'], ['ᴄ', 'c'], ['ᴅ', 'd'], ['ᴇ', 'e'], ['ꜰ', 'f'], ['ɢ', 'g'], ['ʜ', 'h'], ['ɪ', 'i'], ['ᴊ', 'j'], ['ᴋ', 'k'], ['ʟ', 'l'], ['ᴍ', 'm'],
  ['ɴ', 'n'], ['ᴏ', 'o'], ['ᴘ', 'p'], ['ꞯ', 'q'], ['ʀ', 'r'], ['ꜱ', 's'], ['ᴛ', 't'], ['ᴜ', 'u'], ['ᴠ', 'v'], ['ᴡ', 'w'], ['ʏ', 'y'], ['ᴢ', 'z'],
]);

const PLAIN = /^[\x00-\x7f]*$/;
const bare = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
const shapes = new Map<string, string>();
/** Characters remembered at most (a text of rare characters cannot grow the cache without end). */
const MAX_SHAPES = 4096;

/** What one character looks like (cached: a text repeats its letters). */
function shapeOf(c: string): string {
  const known = shapes.get(c);
  if (known !== undefined) return known;
  const small = SMALL_CAPITALS.get(c);
  const capital = bare(unhomoglyph(c.toUpperCase()));
  const itself = bare(unhomoglyph(c));
  const shape = small ?? (PLAIN.test(capital) ? capital : PLAIN.test(itself) ? itself : capital);
  if (shapes.size >= MAX_SHAPES) shapes.clear();
  shapes.set(c, shape);
  return shape;
}
