// Local OCR: tesseract.js with the English model from @tesseract.js-data/eng, read from disk
// (langPath; without it tesseract.js fetches from a CDN and an offline failure kills the process).
// One worker per process, created lazily on the first assessment and reused.
import { OcrProvider, OcrResult } from './providers';

/* eslint-disable @typescript-eslint/no-explicit-any */
let worker: Promise<any> | null = null;

async function createOcrWorker(): Promise<any> {
  const { createWorker } = require('tesseract.js');
  const data = require('@tesseract.js-data/eng');
  return createWorker('eng', 1, { langPath: data.langPath, gzip: data.gzip, cacheMethod: 'none', logger: () => undefined, errorHandler: () => undefined });
}

export class TesseractOcr implements OcrProvider {
  async recognize(image: Buffer, options: { charset?: string } = {}): Promise<OcrResult> {
    worker ??= createOcrWorker().catch((error) => {
      worker = null;
      throw error;
    });
    const ocr = await worker;
    await ocr.setParameters({ tessedit_char_whitelist: options.charset ?? '', tessedit_pageseg_mode: '6' });
    const { data } = await ocr.recognize(image);
    return { text: String(data.text ?? ''), confidence: Number(data.confidence ?? 0) / 100 };
  }
}

/** Ends the OCR worker (process shutdown, tests). */
export async function closeTesseract(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current).terminate();
}
