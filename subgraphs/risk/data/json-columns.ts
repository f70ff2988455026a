// The JSON columns of risk: one typed codec each, so services neither cast stored JSON nor the
// values they store (see platform/db/json-column).
import { isJsonArray, isJsonObject, jsonColumn, keyedJsonColumn, orNull } from '../../../platform/db/json-column';
import type { ClientRiskRating } from '../catalog/scorecards';
import type { StoredEvidenceData } from '../domain/evidence-details';
import type { StoredTrajectoryData } from '../domain/trajectory-data';

/** Why an assessment is done, as risk.assessments.context stores it (AssessmentContext). */
export interface StoredAssessmentContext {
  purpose: string | null;
  description: string | null;
}

/** risk.assessments.context (readers treat null as empty) */
export const assessmentContextColumn = jsonColumn<StoredAssessmentContext | null>('risk.assessments.context', orNull(isJsonObject));

/** risk.assessments.canvas_state: the reviewer's free-form canvas (a JSON object) */
export const canvasStateColumn = jsonColumn<Record<string, unknown>>('risk.assessments.canvas_state', isJsonObject);

/** risk.assessments.client_risk_ratings (readers treat null as none) */
export const clientRiskRatingsColumn = jsonColumn<ClientRiskRating[] | null>('risk.assessments.client_risk_ratings', orNull(isJsonArray));

/** risk.evidence.data: the shape its kind names */
export const evidenceDataColumn = keyedJsonColumn<StoredEvidenceData>('risk.evidence.data', isJsonObject);

/** risk.trajectory_events.data: the shape its event type names */
export const trajectoryDataColumn = keyedJsonColumn<StoredTrajectoryData>('risk.trajectory_events.data', isJsonObject);
