// @tesseract.js-data/eng ships no type declarations: what tesseract-ocr.ts reads of it (where the
// English trained data lies, and whether it is gzipped).
declare module '@tesseract.js-data/eng' {
  const data: { code: string; gzip: boolean; langPath: string };
  export = data;
}
