// Uploads: the REST adapter stores the bytes in the blob store under riskEvidenceKey(evidenceId)
// and registers them here; only then does the evidence exist (the adapter deletes the blob when
// this refuses). Optionally attached to a task.
import { Principal } from '../../../platform/principal/principal';
import { isOneOf } from '../../../platform/validation/one-of';
import { lockAssessment } from '../data/assessment-store';
import type { Scope } from '../../../platform/db/prisma';
import { appendEvents } from '../data/trajectory-store';
import { EvidenceRow, findEvidenceItem, findTask, updateTask, upsertEvidence } from '../data/work-store';
import { CLOSED_STATUSES } from '../domain/states';
import { RiskError } from '../errors';
import { RiskDeps } from './deps';

export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv'];

export interface AddUploadInput {
  evidenceId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  title?: string | null;
  taskId?: string | null;
}

export async function addUpload(
  deps: RiskDeps,
  principal: Principal,
  scope: Scope,
  assessmentId: string,
  input: AddUploadInput,
): Promise<EvidenceRow> {
  if (!UPLOAD_CONTENT_TYPES.includes(input.contentType))
    throw new RiskError(
      'evidence_type_unsupported',
      `Content-Type ${input.contentType} is not accepted (${UPLOAD_CONTENT_TYPES.join(', ')})`,
    );
  if (!/^evd_[0-9a-z]{24}$/.test(input.evidenceId))
    throw new RiskError('schema_validation_failed', 'evidence_id: not an id the adapter issued', { field: 'evidence_id' });
  return deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, assessmentId);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    if (isOneOf(CLOSED_STATUSES, assessment.status))
      throw new RiskError(
        'assessment_invalid_transition',
        `Evidence cannot be added to a ${assessment.status} assessment; reopen it first`,
      );
    const task = input.taskId ? await findTask(tx, scope, assessmentId, input.taskId) : null;
    if (input.taskId && !task) throw new RiskError('task_not_found', 'Task not found');
    const row = await upsertEvidence(tx, scope, {
      id: input.evidenceId,
      assessmentId,
      dedupeKey: `upload:${input.evidenceId}`,
      kind: 'upload',
      title: input.title?.trim() || input.fileName,
      data: {},
      fileName: input.fileName,
      contentType: input.contentType,
      size: input.size,
      sha256: input.sha256,
      createdBy: principal.actorId,
    });
    if (task) await updateTask(tx, task.id, { evidenceIds: [...new Set([...task.evidenceIds, row.id])] });
    await appendEvents(tx, assessmentId, assessment.latestRunId, [
      {
        stepKey: `upload:${row.id}`,
        type: 'evidence_uploaded',
        message: `Evidence uploaded: ${row.title}`,
        actor: principal.actorId,
        data: { evidence_id: row.id, task_id: task?.id ?? null, size: input.size },
      },
    ]);
    return row;
  });
}

export async function getEvidence(deps: RiskDeps, scope: Scope, assessmentId: string, evidenceId: string): Promise<EvidenceRow> {
  const row = await findEvidenceItem(deps.db, scope, assessmentId, evidenceId);
  if (!row) throw new RiskError('evidence_not_found', 'Evidence not found');
  return row;
}
