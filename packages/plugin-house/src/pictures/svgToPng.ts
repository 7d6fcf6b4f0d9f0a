import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

/** Where Debian (and most Linux) keeps the one family the pictures use; any other machine falls back to its system fonts. */
const DEJAVU = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];
let fontFiles: string[] | null = null;

/**
 * An SVG drawn as PNG bytes by resvg (a Rust renderer; its binary for this
 * platform comes as a registry package). Text is drawn with DejaVu Sans when
 * the machine has it (loaded from its files: scanning every system font costs
 * more than drawing the picture), else with whatever system fonts there are;
 * on a machine with none, text is left out and the shapes remain, which is why
 * every picture's numbers also go in the message text beside it.
 */
export function svgToPng(svg: string): Uint8Array {
  fontFiles ??= DEJAVU.filter((file) => existsSync(file));
  const font = fontFiles.length
    ? { loadSystemFonts: false, fontFiles, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' }
    : { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };
  return new Resvg(svg, { font }).render().asPng();
}
