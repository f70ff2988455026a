// A verification session as evidence for an evidence pack (platform/audit/evidence): its status,
// review decisions, the assessment's checks with their reason codes and scores, the flag thresholds
// the decision was made with, and which document fields were read. No personal data: field names,
// never their values; review notes are left out (free text).
import type { Scope } from '../../../platform/db/prisma';
import type { DescribedObject, EvidenceSource } from '../../../platform/audit/evidence/build-pack';
import type { EvidenceDecision } from '../../../platform/audit/evidence/pack-format';
import { findSession, findSessionsByProfileIds, SessionRow } from '../data/session-store';
import { IdvDeps } from './deps';
import { AssessmentResults } from './lifecycle-service';
import { openSealed } from './session-service';

interface ReviewRecord {
  from?: string;
  status?: string;
  actor?: { kind?: string; id?: string } | string;
  at?: string;
}

function actorText(actor: ReviewRecord['actor']): string | null {
  if (!actor) return null;
  if (typeof actor === 'string') return actor;
  return [actor.kind, actor.id].filter(Boolean).join(' ') || null;
}

function describe(deps: Pick<IdvDeps, 'keyProvider'>, row: SessionRow): DescribedObject {
  const results = openSealed<AssessmentResults>(deps, row, 'results');
  const decisions: EvidenceDecision[] = ((row.reviewHistory as ReviewRecord[] | null) ?? []).map((entry) => ({
    kind: 'review',
    on: row.id,
    from: entry.from ?? null,
    to: entry.status ?? '',
    by: actorText(entry.actor),
    at: entry.at ?? null,
  }));
  if (row.canceledAt)
    decisions.push({ kind: 'cancel', on: row.id, from: null, to: 'canceled', by: row.canceledBy, at: row.canceledAt.toISOString() });
  return {
    listVersions: [],
    object: {
      kind: 'verification_session',
      id: row.id,
      auditType: 'idv.session',
      profileId: row.profileId,
      identity: {
        status: row.status,
        reviewStatus: row.reviewStatus,
        createdAt: row.createdAt.toISOString(),
        submittedAt: row.submittedAt?.toISOString() ?? null,
        assessedAt: row.assessedAt?.toISOString() ?? null,
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
        workflow: row.workflowRef ?? null,
      },
      decisions,
      evidence: {
        resultsAvailable: results !== null,
        reasonCodes: row.reasonCodes,
        flagCategories: row.flagCategories,
        // The thresholds the outcome was decided with (per flag: which outcome sends a session to review).
        flagSettings: row.flagSettings ?? {},
        checks: (results?.checks ?? []).map((check) => ({
          check: check.check,
          category: check.category,
          outcome: check.outcome,
          reasonCode: check.reason_code,
          score: check.score ?? null,
        })),
        document: results?.document
          ? {
              type: results.document.type,
              issuingCountry: results.document.issuing_country ?? null,
              confidence: results.document.confidence,
            }
          : null,
        documentFieldsRead: (results?.ocr_fields ?? []).map((field) => ({
          field: field.field,
          source: field.source ?? 'mrz',
          confidence: field.confidence,
        })),
        mismatchedFields: (results?.mismatches ?? []).map((mismatch) => mismatch.field),
        failureReason: row.failureReason,
      },
      partIds: [],
    },
  };
}

export function idvEvidenceSource(deps: Pick<IdvDeps, 'db' | 'keyProvider'>): EvidenceSource {
  return {
    async describe(scope: Scope, id: string) {
      const row = await findSession(deps.db, scope, id);
      return row ? describe(deps, row) : null;
    },
    async idsForProfile(scope: Scope, profileId: string) {
      return (await findSessionsByProfileIds(deps.db, scope, [profileId])).map((row) => row.id);
    },
  };
}
