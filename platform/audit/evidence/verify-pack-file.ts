// `npm run cli -- audit verify-pack <file> [--public-key <key>]`: checks an evidence pack offline, no
// database. The file is the JSON pack or its PDF (the JSON is read from the PDF's attachment).
// Prints one line per check and a verdict; exit 0 when every check passes, 1 otherwise.
import type { KeyObject } from 'node:crypto';
import { publicKeyFrom } from '../signing';
import { PackVerification, verifyPack } from './pack-format';
import { isPdf, packTextFromPdf } from './pack-pdf';

export interface PackFileReport extends PackVerification {
  /** `json` or `pdf`: what the file was. */
  fileKind: 'json' | 'pdf';
  lines: string[];
}

export function verifyPackBytes(bytes: Buffer, publicKeyText?: string): PackFileReport {
  const fileKind = isPdf(bytes) ? 'pdf' : 'json';
  let key: KeyObject | undefined;
  const lines: string[] = [];
  const finish = (verification: PackVerification): PackFileReport => {
    for (const check of verification.checks) lines.push(`${check.ok ? 'OK  ' : 'FAIL'} ${check.check}: ${check.message}`);
    lines.push(
      verification.ok
        ? `audit verify-pack OK: ${verification.entriesAbout} entries about the pack's objects, ${verification.entriesChecked} entries checked`
        : `audit verify-pack FAILED: ${verification.checks.filter((c) => !c.ok).length} check(s) failed`,
    );
    return { ...verification, fileKind, lines };
  };
  if (publicKeyText) {
    try {
      key = publicKeyFrom(publicKeyText);
    } catch {
      return finish({
        ok: false,
        checks: [{ check: 'public_key', ok: false, message: 'the given public key cannot be read' }],
        entriesAbout: 0,
        entriesChecked: 0,
      });
    }
  }
  const text = fileKind === 'pdf' ? packTextFromPdf(bytes) : bytes.toString('utf8');
  if (text === undefined)
    return finish({
      ok: false,
      checks: [{ check: 'format', ok: false, message: 'the PDF carries no evidence pack attachment' }],
      entriesAbout: 0,
      entriesChecked: 0,
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return finish({
      ok: false,
      checks: [{ check: 'format', ok: false, message: 'the pack is not JSON' }],
      entriesAbout: 0,
      entriesChecked: 0,
    });
  }
  return finish(verifyPack(parsed, key));
}
