import { PNG } from 'pngjs';

export interface DecodedPng {
  width: number;
  height: number;
  /** The colour at a pixel as `#rrggbb`. */
  pixel(x: number, y: number): string;
}

/** A PNG decoded in full by pngjs (it throws on anything that is not a whole, valid PNG): for tests of the House's pictures. */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const png = PNG.sync.read(Buffer.from(bytes));
  return {
    width: png.width,
    height: png.height,
    pixel(x, y) {
      const i = (png.width * Math.round(y) + Math.round(x)) * 4;
      return `#${[png.data[i]!, png.data[i + 1]!, png.data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    },
  };
}
