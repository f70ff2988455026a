// Unit tests of the AAMVA licence text parser (the text a PDF417 decoder returns).
import { parseAamva } from './aamva';

const us =
  '@\n\x1e\rANSI 636014090102DL00410278ZC03190024DLDAQD1234562\nDCSOBAMA\nDACBARACK\nDBB08041961\nDBA05312034\nDCGUSA\nDAYBRO\n\rZCZCAY\r';

describe('AAMVA parser', () => {
  it('reads the US fields with MMDDCCYY dates', () => {
    expect(parseAamva(us)).toMatchObject({
      version: 9,
      issuerId: '636014',
      lastName: 'OBAMA',
      firstName: 'BARACK',
      birthDate: '1961-08-04',
      expiryDate: '2034-05-31',
      documentNumber: 'D1234562',
      country: 'USA',
    });
  });
  it('reads Canadian dates as CCYYMMDD', () => {
    const ca = us.replace('DCGUSA', 'DCGCAN').replace('DBB08041961', 'DBB19610804').replace('DBA05312034', 'DBA20340531');
    expect(parseAamva(ca)).toMatchObject({ birthDate: '1961-08-04', expiryDate: '2034-05-31', country: 'CAN' });
  });
  it('keeps every element for /data', () => {
    expect(parseAamva(us)?.elements).toMatchObject({ DAY: 'BRO', DAQ: 'D1234562' });
  });
  it('gives null dates for impossible dates', () => {
    expect(parseAamva(us.replace('DBB08041961', 'DBB13451961'))?.birthDate).toBeNull();
  });
  it('rejects text that is not AAMVA', () => {
    expect(parseAamva('hello world')).toBeNull();
  });
});
