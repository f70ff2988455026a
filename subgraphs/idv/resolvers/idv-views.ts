// The typed GraphQL views of the IDV core's objects. The services build the documented snake_case
// objects (projection.ts, data-service.ts, workflow-service.ts); these views rename their keys to
// the schema's camelCase and turn the REST conventions that GraphQL says differently into typed
// values: "" for "not yet" becomes null, {} for "no consent" becomes null, the flag_settings map
// becomes a list of {code, action}, and a questionnaire answer lands in the field of its type.
import { SessionRow } from '../data/session-store';
import { SessionData } from '../services/data-service';
import { toCaptureStatus, toManagementSession } from '../services/projection';
import { WorkflowView } from '../services/workflow-service';

type Json = Record<string, unknown>;

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Keys renamed to camelCase at every depth (values kept). */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value as Json).map(([key, item]) => [camel(key), camelKeys(item)]));
}

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export const flagSettingList = (settings: unknown) => Object.entries((settings as Record<string, string> | null) ?? {}).map(([code, action]) => ({ code, action }));

function isRow(session: SessionRow | Json): session is SessionRow {
  return session instanceof Object && 'tokenExpiresAt' in session;
}

const sessionViews = new WeakMap<object, Json>();

/** A session (a stored row or the management projection of a create) as the typed object. */
export function sessionView(session: SessionRow | Json): Json {
  const cached = sessionViews.get(session);
  if (cached) return cached;
  const projection = isRow(session) ? toManagementSession(session) : session;
  const { flag_settings: flags, consent_evidence: consent, ...rest } = projection;
  const view = {
    ...(camelKeys(rest) as Json),
    flagSettings: flagSettingList(flags),
    consentEvidence: consent && Object.keys(consent as Json).length > 0 ? camelKeys(consent) : null,
    privacyContactEmail: emptyToNull(projection.privacy_contact_email),
    submittedAt: emptyToNull(projection.submitted_at),
    reviewedAt: emptyToNull(projection.reviewed_at),
    creatorApplicationId: projection.creator_application_id ?? null,
    assignee: projection.assignee ?? null,
    workflowRef: projection.workflow_ref ? camelKeys(projection.workflow_ref) : null,
    retentionPolicyId: projection.retention_policy_id ?? null,
  };
  sessionViews.set(session, view);
  return view;
}

export function workflowView(workflow: WorkflowView): Json {
  const { flag_settings: flags, ...rest } = workflow;
  return { ...(camelKeys(rest) as Json), flagSettings: flagSettingList(flags), privacyContactEmail: emptyToNull(workflow.privacy_contact_email) };
}

export function statusView(row: SessionRow): Json {
  return camelKeys(toCaptureStatus(row)) as Json;
}

/** An answer value in the field of its type (text also carries date and single_choice answers). */
function answerFields(answer: unknown): Json {
  return {
    text: typeof answer === 'string' ? answer : null,
    number: typeof answer === 'number' ? answer : null,
    boolean: typeof answer === 'boolean' ? answer : null,
    choices: Array.isArray(answer) ? answer : null,
  };
}

export function dataView(data: SessionData): Json {
  return {
    ...(camelKeys({ ...data, questionnaire_answers: [] }) as Json),
    assessedAt: emptyToNull(data.assessed_at),
    questionnaireAnswers: data.questionnaire_answers.map(({ answer, ...rest }) => ({ ...(camelKeys(rest) as Json), ...answerFields(answer) })),
  };
}
