// The assessment report: a PDF (pdfkit) of the assessment as it stands (subjects, status, client
// risk ratings and the risks the review set aside, risks with sources, tasks, questions and the
// conclusion), written to the blob store.
// The REST adapter serves the bytes; GraphQL only returns the report id.
import PDFDocument from 'pdfkit';
import { blobStoreFromEnv, BlobStore } from '../../../platform/blobs';
import { riskReportKey } from '../../../platform/blobs/risk-keys';
import { newId } from '../../../platform/ids/new-id';
import { findQuestions, findRisks, findTasks } from '../data/work-store';
import type { Scope } from '../../../platform/db/prisma';
import { RiskDeps } from './deps';
import { getAssessment } from './assessment-service';
import { openSubjects } from './subjects';
import { clientRiskRatingsColumn } from '../data/json-columns';

export async function generateReport(deps: RiskDeps, scope: Scope, assessmentId: string, blobs: BlobStore = blobStoreFromEnv()) {
  const assessment = await getAssessment(deps, scope, assessmentId);
  const [tasks, risks, questions] = await Promise.all([
    findTasks(deps.db, scope, [assessmentId]),
    findRisks(deps.db, scope, [assessmentId]),
    findQuestions(deps.db, scope, [assessmentId]),
  ]);
  const subjects = openSubjects(deps.keys, assessment.id, assessment.subjects);
  const ratings = clientRiskRatingsColumn.read(assessment.clientRiskRatings) ?? [];
  const generatedAt = new Date();

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Risk assessment ${assessment.title}`, Producer: 'Vigil', CreationDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  doc.fontSize(18).text(`Risk assessment: ${assessment.title}`);
  doc
    .fontSize(9)
    .fillColor('#555')
    .text(
      `Assessment ${assessment.id} · workflow ${assessment.workflowId} · status ${assessment.status} · generated ${generatedAt.toISOString()}`,
    );
  doc.fillColor('black').moveDown();
  heading(doc, 'Subjects');
  for (const subject of subjects) {
    const where =
      subject.jurisdiction?.country ?? subject.registrations.map((r) => r.jurisdiction.country).join(', ') ?? subject.nationality ?? '';
    doc.text(
      `${subject.name} (${subject.type}${where ? `, ${where}` : ''})${subject.registrationId ? ` reg. ${subject.registrationId}` : ''}`,
    );
    for (const person of subject.persons) doc.text(`   named person: ${person.name}${person.role ? ` (${person.role})` : ''}`);
  }
  heading(doc, 'Client risk rating');
  if (!ratings.length) doc.text('Not computed yet.');
  for (const rating of ratings)
    doc.text(
      `${rating.subjectId ? `Subject ${rating.subjectId}` : 'Overall'}: ${rating.rating.toUpperCase()} (score ${rating.score}). ${rating.explanation}`,
    );
  // The overall rating names every risk the review set aside; the rating leaves them out of its score.
  const setAside = ratings.find((rating) => rating.subjectId === null)?.setAside ?? [];
  if (setAside.length) {
    heading(doc, `Risks set aside by review (${setAside.length})`);
    for (const risk of setAside)
      doc.text(
        `[${risk.severity}] ${risk.title}: ${risk.status.replace('_', ' ')}. ${risk.note ? `Reason: ${risk.note}` : 'No reason given.'}`,
      );
  }
  heading(doc, `Risks (${risks.length})`);
  for (const risk of risks) {
    doc.font('Helvetica-Bold').text(`[${risk.severity}] ${risk.title} (${risk.status})`);
    doc.font('Helvetica').text(risk.summary);
    for (const url of risk.sourceUrls) doc.fillColor('#1a4d8f').text(url, { link: url }).fillColor('black');
    doc.moveDown(0.3);
  }
  heading(doc, 'Tasks');
  for (const task of tasks) doc.text(`${task.title}: ${task.status}`);
  if (questions.length) {
    heading(doc, 'Questions');
    for (const question of questions) doc.text(`Q: ${question.prompt}\nA: ${question.answer ?? '(open)'}`).moveDown(0.3);
  }
  const conclusion = assessment.conclusion as { decision?: string; note?: string; concludedBy?: string; concludedAt?: string } | null;
  if (conclusion?.decision) {
    heading(doc, 'Conclusion');
    doc.text(
      `${conclusion.decision} by ${conclusion.concludedBy} at ${conclusion.concludedAt}${conclusion.note ? `: ${conclusion.note}` : ''}`,
    );
  }
  doc.end();
  await done;
  const bytes = Buffer.concat(chunks);
  const reportId = newId('rpt');
  await blobs.put(riskReportKey(reportId), bytes, { contentType: 'application/pdf' });
  return { reportId, size: bytes.length, generatedAt };
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).text(text).font('Helvetica').fontSize(10).moveDown(0.2);
}
