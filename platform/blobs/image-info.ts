// Raster image sniffing without native dependencies: the type comes from the magic bytes (never
// from a declared Content-Type), the dimensions from the PNG IHDR chunk or the JPEG SOFn frame
// header. Anything else (SVG, GIF, WebP, truncated files) is not an image we accept.
export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image's type and dimensions, or undefined when the bytes are not a well-formed PNG or JPEG
 * header (dimensions of zero count as malformed). */
export function sniffImage(bytes: Buffer): ImageInfo | undefined {
  const info = bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? png(bytes) : isJpeg(bytes) ? jpeg(bytes) : undefined;
  return info && info.width > 0 && info.height > 0 ? info : undefined;
}

function png(bytes: Buffer): ImageInfo | undefined {
  // Signature, then the first chunk must be IHDR: length (13), type, width, height.
  if (bytes.length < 33) return undefined;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function isJpeg(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Walks the marker segments after SOI up to the first start-of-frame (SOF0..SOF15 except DHT
 * C4, JPG C8 and DAC CC), whose header holds precision, height and width. */
function jpeg(bytes: Buffer): ImageInfo | undefined {
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    // Fill bytes: any number of 0xFF before the marker code.
    while (offset < bytes.length && bytes[offset] === 0xff) offset++;
    if (offset >= bytes.length) return undefined;
    const marker = bytes[offset++];
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // standalone markers
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan before any frame header
    if (offset + 2 > bytes.length) return undefined;
    const length = bytes.readUInt16BE(offset);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 7 || offset + 7 > bytes.length) return undefined;
      return { contentType: 'image/jpeg', height: bytes.readUInt16BE(offset + 3), width: bytes.readUInt16BE(offset + 5) };
    }
    offset += length;
  }
  return undefined;
}
