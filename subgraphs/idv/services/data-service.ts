// GET /sessions/{id}/data: decrypted results for an application key or an in-scope dashboard user.
// Every access, allowed or denied, is written to platform.audit_log BEFORE anything is returned;
// when that write fails the read fails closed (503, no data).
import { Principal } from '../../../platform/principal/principal';
import { readSession } from '../data/session-store';
import { IdvError, sessionNotFound } from '../errors';
import { actorOf, AuditEntry } from './audit';
import { IdvDeps } from './deps';
import { AssessmentResults } from './lifecycle-service';
import { isManagement } from './principals';
import { openSealed } from './session-service';

export interface SessionData {
  session_id: string;
  profile_id: string;
  status: string;
  review_status: string;
  results_available: boolean;
  assessed_at: string;
  document: AssessmentResults['document'] | null;
  ocr_fields: NonNullable<AssessmentResults['ocr_fields']>;
  questionnaire_answers: NonNullable<AssessmentResults['questionnaire_answers']>;
  mismatches: NonNullable<AssessmentResults['mismatches']>;
  checks: NonNullable<AssessmentResults['checks']>;
}

const ACTION = 'idv.session.data.read';

export async function readSessionData(deps: IdvDeps, principal: Principal, id: string, requestId?: string): Promise<SessionData> {
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const base = {
    ...scope,
    ...actorOf(principal),
    action: ACTION,
    resourceType: 'idv.session',
    resourceId: id,
    requestId,
  };
  const audit = async (entry: Pick<AuditEntry, 'outcome' | 'detail' | 'profileId'>) => {
    try {
      await deps.audit({ ...base, ...entry });
    } catch {
      throw new IdvError('service_unavailable', 'The audit log is unavailable; no data was returned');
    }
  };

  if (!isManagement(principal)) {
    await audit({ outcome: 'denied', detail: { reason: 'credential_not_accepted' } });
    throw new IdvError('unauthorized', 'The capture credential cannot read session data');
  }
  const row = await readSession(deps.db, scope, id);
  if (!row) {
    await audit({ outcome: 'denied', detail: { reason: 'not_found' } });
    throw sessionNotFound();
  }
  await audit({ outcome: 'allowed', profileId: row.profileId, detail: { review_status: row.reviewStatus } });

  const results = openSealed<AssessmentResults>(deps, row, 'results');
  return {
    session_id: row.id,
    profile_id: row.profileId,
    status: row.status,
    review_status: row.reviewStatus,
    results_available: results !== null,
    assessed_at: row.assessedAt?.toISOString() ?? '',
    document: results?.document ?? null,
    // Results stored before licence barcodes were read name no source: their fields are the MRZ's.
    ocr_fields: (results?.ocr_fields ?? []).map((f) => ({ ...f, source: f.source ?? 'mrz' })),
    questionnaire_answers: results?.questionnaire_answers ?? [],
    mismatches: results?.mismatches ?? [],
    checks: results?.checks ?? [],
  };
}
