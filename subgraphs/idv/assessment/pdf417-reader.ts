// Reads the PDF417 barcode on the back of a driving licence with zxing-wasm. The wasm binary is
// loaded from node_modules (never fetched: the platform runs offline), and the text is taken
// 'Plain' so the AAMVA control characters (record and segment separators) survive for the parser.
import { readFile } from 'node:fs/promises';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared: Promise<unknown> | null = null;

function prepare(): Promise<unknown> {
  prepared ??= readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    }),
  );
  return prepared;
}

/** The text of the first PDF417 in an encoded image (PNG/JPEG/WebP), or null when none is found. */
export async function readPdf417(image: Uint8Array): Promise<string | null> {
  await prepare();
  const found = await readBarcodes(image, { formats: ['PDF417'], textMode: 'Plain', tryHarder: true, maxNumberOfSymbols: 1 });
  const first = found.find((b) => b.isValid);
  return first ? first.text : null;
}
