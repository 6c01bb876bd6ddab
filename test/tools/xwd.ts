/**
 * Reads an X Window Dump (what `xwd -root` writes) into RGBA pixels, so the toolbar tool needs no
 * image converter: the header is big-endian 32-bit fields (X11 XWDFileHeader), then the colour
 * map, then the pixels of a 24/32-bit TrueColor screen as the server's byte order says.
 */
export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row after row. */
  data: Buffer;
}

export function readXwd(file: Buffer): Pixels {
  const field = (i: number) => file.readUInt32BE(i * 4);
  const [headerSize, , , , width, height, , byteOrder] = [0, 1, 2, 3, 4, 5, 6, 7].map<number>(field);
  const bitsPerPixel = field(11);
  const bytesPerLine = field(12);
  const [redMask, greenMask, blueMask] = [field(14), field(15), field(16)];
  const colours = field(19);
  if (bitsPerPixel !== 32)
    throw new Error(`xwd: ${bitsPerPixel} bits per pixel; only 32 is read (run Xvfb with depth 24)`);
  const start = headerSize! + colours * 12;
  const shift = (mask: number) => 31 - Math.clz32(mask & -mask);
  const data = Buffer.alloc(width! * height! * 4);
  for (let y = 0; y < height!; y++) {
    for (let x = 0; x < width!; x++) {
      const at = start + y * bytesPerLine + x * 4;
      const v = byteOrder === 0 ? file.readUInt32LE(at) : file.readUInt32BE(at);
      const o = (y * width! + x) * 4;
      data[o] = (v & redMask) >>> shift(redMask);
      data[o + 1] = (v & greenMask) >>> shift(greenMask);
      data[o + 2] = (v & blueMask) >>> shift(blueMask);
      data[o + 3] = 255;
    }
  }
  return { width: width!, height: height!, data };
}
