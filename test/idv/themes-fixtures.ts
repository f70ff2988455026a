// Real image bytes for the logo tests, built in a few lines: a PNG (signature, IHDR, zlib IDAT,
// IEND, each chunk with its CRC-32) and a baseline JPEG header (SOI, APP0/JFIF, DQT, SOF0, EOI).
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decodable RGB PNG of width × height (a colour gradient); `noise` pads the pixel data with
 * incompressible bytes to make big files. */
export function makePng(width: number, height: number, options: { noise?: boolean } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const noise = options.noise ? Math.floor(Math.random() * 256) : 0;
      row[1 + x * 3] = (x * 255) / Math.max(1, width - 1);
      row[2 + x * 3] = (y * 255) / Math.max(1, height - 1);
      row[3 + x * 3] = noise || 128;
    }
    rows.push(row);
  }
  const idat = zlib.deflateSync(Buffer.concat(rows), { level: options.noise ? 0 : 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header of width × height: the frame header (SOF0) comes after APP0 and DQT
 * segments, so finding the dimensions needs the marker walk. */
export function makeJpeg(width: number, height: number): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.alloc(4);
    head[0] = 0xff;
    head[1] = marker;
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const app0 = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const dqt = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.alloc(15);
  sof[0] = 8; // precision
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = 3; // components
  sof.set([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0], 6);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe0, app0), segment(0xdb, dqt), segment(0xc0, sof), Buffer.from([0xff, 0xd9])]);
}

export const SVG_LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
