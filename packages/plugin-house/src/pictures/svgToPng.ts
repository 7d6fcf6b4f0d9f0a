import { Resvg } from '@resvg/resvg-js';

/**
 * An SVG drawn as PNG bytes by resvg (a Rust renderer; its binary for this
 * platform comes as a registry package). Text is drawn with the machine's
 * fonts; on a machine with none it is left out and the shapes remain, which
 * is why every picture's numbers also go in the message text beside it.
 */
export function svgToPng(svg: string): Uint8Array {
  const resvg = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' } });
  return resvg.render().asPng();
}
