// Local OCR: tesseract.js with the English model from @tesseract.js-data/eng, read from disk
// (langPath; without it tesseract.js fetches from a CDN and an offline failure kills the process).
// One worker per process, created lazily on the first assessment and reused.
import type { PSM, Worker } from 'tesseract.js';
import { OcrProvider, OcrResult } from './providers';

/** The worker and the page segmentation mode of every read (an enum of tesseract.js: a value of the loaded module). */
interface Ocr {
  worker: Worker;
  singleBlock: PSM;
}

let ocr: Promise<Ocr> | null = null;

async function createOcr(): Promise<Ocr> {
  const { createWorker, PSM } = (await import('tesseract.js')).default;
  const data = (await import('@tesseract.js-data/eng')).default;
  const worker = await createWorker('eng', 1, {
    langPath: data.langPath,
    gzip: data.gzip,
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  return { worker, singleBlock: PSM.SINGLE_BLOCK };
}

export class TesseractOcr implements OcrProvider {
  async recognize(image: Buffer, options: { charset?: string } = {}): Promise<OcrResult> {
    ocr ??= createOcr().catch((error) => {
      ocr = null;
      throw error;
    });
    const { worker, singleBlock } = await ocr;
    await worker.setParameters({ tessedit_char_whitelist: options.charset ?? '', tessedit_pageseg_mode: singleBlock });
    const { data } = await worker.recognize(image);
    return { text: String(data.text ?? ''), confidence: Number(data.confidence ?? 0) / 100 };
  }
}

/** Ends the OCR worker (process shutdown, tests). */
export async function closeTesseract(): Promise<void> {
  const current = ocr;
  ocr = null;
  if (current) await (await current).worker.terminate();
}
