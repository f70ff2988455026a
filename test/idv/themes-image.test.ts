// PNG/JPEG sniffing used by the logo endpoints (platform/blobs/image-info.ts): type from the magic
// bytes, dimensions from PNG IHDR or the first JPEG SOFn frame header.
import { sniffImage } from '../../platform/blobs';
import { makeJpeg, makePng, SVG_LOGO } from './themes-fixtures';

describe('sniffImage', () => {
  it('reads PNG dimensions from IHDR', () => {
    expect(sniffImage(makePng(300, 7))).toEqual({ contentType: 'image/png', width: 300, height: 7 });
  });

  it('reads JPEG dimensions from SOF0 after APP0/DQT segments', () => {
    expect(sniffImage(makeJpeg(640, 480))).toEqual({ contentType: 'image/jpeg', width: 640, height: 480 });
  });

  it('handles progressive frames (SOF2) and fill bytes, and skips DHT (C4)', () => {
    const jpeg = makeJpeg(33, 44);
    const sofAt = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const progressive = Buffer.from(jpeg);
    progressive[sofAt + 1] = 0xc2;
    expect(sniffImage(progressive)).toEqual({ contentType: 'image/jpeg', width: 33, height: 44 });
    const dht = Buffer.from([0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]);
    const withFill = Buffer.concat([jpeg.subarray(0, 2), dht, Buffer.from([0xff]), jpeg.subarray(2)]);
    expect(sniffImage(withFill)).toEqual({ contentType: 'image/jpeg', width: 33, height: 44 });
  });

  it.each([
    ['SVG', SVG_LOGO],
    ['empty', Buffer.alloc(0)],
    ['PNG signature only', makePng(2, 2).subarray(0, 8)],
    [
      'PNG of zero width',
      (() => {
        const png = makePng(2, 2);
        png.writeUInt32BE(0, 16);
        return png;
      })(),
    ],
    ['JPEG without a frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['JPEG scan before frame', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02])],
    ['JPEG truncated in a segment', makeJpeg(10, 10).subarray(0, 30)],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['WebP', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1')],
  ])('rejects %s', (_name, bytes) => {
    expect(sniffImage(bytes)).toBeUndefined();
  });
});
