// Reads a PDF back as text with poppler's pdftotext (Debian poppler-utils; .ci/run installs it).
import { execFileSync } from 'node:child_process';

export function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}
