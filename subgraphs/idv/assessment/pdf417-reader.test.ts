// The PDF417 decoder against a real PDF417 rendered with bwip-js (offline), holding AAMVA text.
// A white background and quiet zone are needed: bwip-js draws on a transparent canvas otherwise.
import bwipjs from 'bwip-js/node';
import { parseAamva } from './aamva';
import { readPdf417 } from './pdf417-reader';

const AAMVA = '@\n\x1e\rANSI 636014090102DL00410278ZC03190024DLDAQD1234562\nDCSOBAMA\nDACBARACK\nDBB08041961\nDBA05312034\nDCGUSA\n\r';

describe('PDF417 reader', () => {
  it('decodes the AAMVA text of a rendered licence barcode', async () => {
    const png = await bwipjs.toBuffer({
      bcid: 'pdf417',
      text: AAMVA,
      scale: 3,
      paddingwidth: 20,
      paddingheight: 20,
      backgroundcolor: 'FFFFFF',
    });
    const text = await readPdf417(new Uint8Array(png));
    expect(text).toBe(AAMVA);
    expect(parseAamva(text!)).toMatchObject({ lastName: 'OBAMA', birthDate: '1961-08-04', documentNumber: 'D1234562' });
  }, 60_000);
  it('returns null for an image without a barcode', async () => {
    const png = await bwipjs.toBuffer({
      bcid: 'qrcode',
      text: 'not a licence',
      scale: 3,
      paddingwidth: 20,
      paddingheight: 20,
      backgroundcolor: 'FFFFFF',
    });
    expect(await readPdf417(new Uint8Array(png))).toBeNull();
  }, 60_000);
});
