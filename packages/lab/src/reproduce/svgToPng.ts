import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

/** Where Debian keeps the one family the charts name; elsewhere the system's fonts stand in. */
const DEJAVU = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];

/** An SVG drawn as PNG bytes by resvg; loading two font files is far quicker than scanning every system font. */
export function svgToPng(svg: string): Uint8Array {
  const fontFiles = DEJAVU.filter((file) => existsSync(file));
  const font = fontFiles.length ? { loadSystemFonts: false, fontFiles, defaultFontFamily: 'DejaVu Sans' } : { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' };
  return new Resvg(svg, { font }).render().asPng();
}
