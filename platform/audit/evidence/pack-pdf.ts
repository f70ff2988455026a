// The evidence pack for a person: a PDF listing the objects, their decisions and evidence, the audit
// entries with their hashes and the checkpoints, with the signed JSON pack embedded as a file
// attachment (`evidence-pack-<id>.json`), so `audit verify-pack` checks the PDF by checking the JSON
// it carries. The printed text is a rendering; the attachment is the evidence.
import zlib from 'node:zlib';
import { createPdf, finishPdf } from '../../pdf/pdf-document';
import { packFileText, SignedEvidencePack } from './pack-format';

const KIND_LABEL: Record<string, string> = {
  profile: 'Profile',
  verification_session: 'Verification session',
  screening_search: 'Screening search',
  risk_assessment: 'Risk assessment',
};

export function packAttachmentName(packId: string): string {
  return `evidence-pack-${packId}.json`;
}

const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export async function renderPackPdf(signed: SignedEvidencePack): Promise<Buffer> {
  const { pack } = signed;
  const { doc, fonts } = createPdf({
    title: `Evidence pack ${pack.packId}`,
    subject: `${KIND_LABEL[pack.subject.kind]} ${pack.subject.id}: decisions, evidence and audit chain proof`,
  });
  const heading = (text: string, size = 13) =>
    doc.moveDown(0.8).font(fonts.bold).fontSize(size).fillColor('#111111').text(text).moveDown(0.2).font(fonts.regular).fontSize(9);
  const line = (label: string, value: string) =>
    doc.font(fonts.bold).text(`${label}: `, { continued: true }).font(fonts.regular).text(value);
  const mono = (text: string) => doc.fontSize(7).fillColor('#333333').text(text).fontSize(9).fillColor('#111111');

  doc.font(fonts.bold).fontSize(18).text('Evidence pack');
  doc.font(fonts.regular).fontSize(9).fillColor('#555555').text(`${pack.packId} · created ${pack.createdAt}`).fillColor('#111111');
  heading('Subject');
  line('Kind', KIND_LABEL[pack.subject.kind]);
  line('Id', pack.subject.id);
  line('Workspace', `${pack.workspaceId} (tenant ${pack.tenantId})`);
  line('Created by', `${pack.createdBy.actorKind} ${pack.createdBy.actorId}`);
  if (pack.profileErased) doc.text('The profile was erased: this pack holds its pseudonymous ids, decisions and proofs only.');
  doc
    .moveDown(0.3)
    .text(
      `The signed JSON pack is attached to this PDF as ${packAttachmentName(pack.packId)}. ` +
        'Check it offline with `npm run cli -- audit verify-pack <this file> --public-key <key>`.',
    );

  for (const object of pack.objects) {
    heading(`${KIND_LABEL[object.kind]} ${object.id}`);
    if (object.profileId && object.kind !== 'profile') line('Profile', object.profileId);
    for (const [key, value] of Object.entries(object.identity)) line(key, show(value));
    doc.moveDown(0.3).font(fonts.bold).text('Decisions').font(fonts.regular);
    if (!object.decisions.length) doc.text('No decision recorded.');
    for (const decision of object.decisions)
      doc.text(
        `${decision.at ?? '—'}  ${decision.kind} on ${decision.on}: ${decision.from ?? '—'} → ${decision.to}${decision.by ? ` by ${decision.by}` : ''}`,
      );
    doc.moveDown(0.3).font(fonts.bold).text('Evidence').font(fonts.regular);
    for (const [key, value] of Object.entries(object.evidence)) {
      if (Array.isArray(value)) {
        line(key, value.length ? '' : 'none');
        for (const item of value.slice(0, 200)) doc.text(`  • ${show(item)}`);
        if (value.length > 200) doc.text(`  … and ${value.length - 200} more (see the attached JSON)`);
      } else line(key, show(value));
    }
  }

  heading('Lists and versions');
  if (!pack.listVersions.length) doc.text('No list version is part of this evidence.');
  for (const version of pack.listVersions)
    doc.text(`${version.source}: version ${version.seq ?? '?'} (${version.label ?? '—'}), id ${version.versionId}`);

  heading('Audit entries about these objects');
  const entries = pack.chain.segments.flatMap((segment) => segment.entries);
  const about = entries.filter((entry) => entry.about);
  if (!about.length) doc.text('The audit trail holds no entry about these objects.');
  for (const entry of about) {
    doc
      .font(fonts.bold)
      .text(`#${entry.seq}  ${entry.createdAt}  ${entry.action}  ${entry.outcome}`)
      .font(fonts.regular)
      .text(
        `${entry.resourceType} ${entry.resourceId} · ${entry.actorKind} ${entry.actorId}${entry.clientAddress ? ` from ${entry.clientAddress}` : ''}`,
      );
    mono(`detail ${entry.detail}`);
    mono(`hash ${entry.entryHash}`);
  }

  heading('Chain proof');
  doc.text(
    `${entries.length} entries (${about.length} about these objects, the rest linking them) recompute to their hashes and link one ` +
      `to the next up to ${pack.chain.checkpoints.length} signed checkpoint(s).`,
  );
  for (const checkpoint of pack.chain.checkpoints) {
    line(
      `Checkpoint ${checkpoint.id}`,
      `seq ${checkpoint.seq}, ${checkpoint.kind}, signed ${checkpoint.signedAt} with key ${checkpoint.keyId}`,
    );
    mono(`head ${checkpoint.headHash}`);
    mono(`signature ${checkpoint.signature}`);
  }
  heading('Signature');
  line('Public key (Ed25519, SPKI, base64)', pack.publicKey.spki);
  line('Key id', pack.publicKey.keyId);
  line('Fingerprint (SHA-256)', pack.publicKey.fingerprint);
  line('Detached signature', signed.signature.value);

  doc.file(Buffer.from(packFileText(signed), 'utf8'), {
    name: packAttachmentName(pack.packId),
    type: 'application/json',
    description: 'The signed evidence pack (canonical JSON)',
    creationDate: new Date(pack.createdAt),
    modifiedDate: new Date(pack.createdAt),
  });
  return (await finishPdf(doc, fonts)).bytes;
}

/**
 * The JSON text of the pack embedded in a PDF this module wrote (its one `EmbeddedFile` stream), or
 * undefined when there is none. Reads the stream's dictionary for its length and filter; written for
 * pdfkit's output, not for arbitrary PDFs.
 */
export function packTextFromPdf(bytes: Buffer): string | undefined {
  const text = bytes.toString('latin1');
  const at = text.indexOf('/Type /EmbeddedFile');
  if (at < 0) return undefined;
  const dictStart = text.lastIndexOf('obj', at);
  const streamAt = text.indexOf('stream', at);
  if (dictStart < 0 || streamAt < 0) return undefined;
  const dictionary = text.slice(dictStart, streamAt);
  const length = /\/Length (\d+)/.exec(dictionary);
  if (!length) return undefined;
  let start = streamAt + 'stream'.length;
  if (text[start] === '\r') start += 1;
  if (text[start] === '\n') start += 1;
  const raw = bytes.subarray(start, start + Number(length[1]));
  try {
    return (/\/Filter \/FlateDecode/.test(dictionary) ? zlib.inflateSync(raw) : raw).toString('utf8');
  } catch {
    return undefined;
  }
}

export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}
