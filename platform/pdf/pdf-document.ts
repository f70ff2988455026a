// Small generic helpers over pdfkit for the PDF reports of every domain: a document with a
// Unicode font when the machine has one (names on watchlists come in many scripts), rendering to
// bytes, and "Page n of m" footers written once the page count is known.
import fs from 'node:fs';
import PDFDocument from 'pdfkit';

/** Debian's fonts-dejavu-core (installed by .ci/run); pdfkit's built-in Helvetica otherwise. */
const UNICODE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

export interface PdfFonts {
  regular: string;
  bold: string;
}

export function createPdf(info: { title: string; author?: string; subject?: string }): { doc: PDFKit.PDFDocument; fonts: PdfFonts } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: info.title, Author: info.author ?? 'Vigil', Subject: info.subject ?? info.title },
  });
  let fonts: PdfFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  if (fs.existsSync(UNICODE_FONTS.regular) && fs.existsSync(UNICODE_FONTS.bold)) {
    doc.registerFont('body', UNICODE_FONTS.regular);
    doc.registerFont('body-bold', UNICODE_FONTS.bold);
    fonts = { regular: 'body', bold: 'body-bold' };
  }
  doc.font(fonts.regular);
  return { doc, fonts };
}

/** Writes "Page n of m" at the foot of every page, then ends the document; resolves its bytes. */
export function finishPdf(doc: PDFKit.PDFDocument, fonts: PdfFonts): Promise<{ bytes: Buffer; pages: number }> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(fonts.regular)
      .fontSize(8)
      .fillColor('#666666')
      .text(`Page ${i + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - 30, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done.then((bytes) => ({ bytes, pages: range.count }));
}
