/** Reads a list file as text: UTF-8 when valid, otherwise Windows-1252/Latin-1 (older OFAC and EU exports). */
import { readFileSync } from 'node:fs';

export function decodeListBytes(buf: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}

export function readListText(path: string): string {
  return decodeListBytes(readFileSync(path));
}
