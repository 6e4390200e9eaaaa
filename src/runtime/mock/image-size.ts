/**
 * The width and height of an uploaded image from its bytes, as the upload plugin reads them
 * (it stores both, and makes its smaller formats from them): PNG, GIF and JPEG; `undefined` for
 * another file.
 */

/** A big-endian unsigned 16-bit number at `at`. */
const u16 = (bytes: Uint8Array, at: number): number => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);

/** A big-endian unsigned 32-bit number at `at`. */
const u32 = (bytes: Uint8Array, at: number): number => u16(bytes, at) * 65536 + u16(bytes, at + 2);

/** The dimensions of a PNG, GIF or JPEG image, or `undefined`. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  // PNG: the signature, then the IHDR chunk's width and height.
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return { width: u32(bytes, 16), height: u32(bytes, 20) };
  // GIF: `GIF8`, then the logical screen's width and height, little-endian.
  if (bytes.length >= 10 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38)
    return {
      width: (bytes[6] ?? 0) | ((bytes[7] ?? 0) << 8),
      height: (bytes[8] ?? 0) | ((bytes[9] ?? 0) << 8),
    };
  // JPEG: the segments up to a start-of-frame marker, which holds the height and the width.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1] ?? 0;
      const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (frame) return { width: u16(bytes, at + 7), height: u16(bytes, at + 5) };
      at += 2 + u16(bytes, at + 2);
    }
  }
  return undefined;
}
