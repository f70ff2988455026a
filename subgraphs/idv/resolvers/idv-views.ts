// The typed GraphQL views of the IDV core's objects. The services build the documented snake_case
// objects (projection.ts, data-service.ts, workflow-service.ts); these views rename their keys to
// the schema's camelCase and turn the REST conventions that GraphQL says differently into typed
// values: "" for "not yet" becomes null, {} for "no consent" becomes null, the flag_settings map
// becomes a list of {code, action}, and a questionnaire answer lands in the field of its type.
import { captureManifestColumn, stepManifestColumn } from '../data/json-columns';
import type { SessionRow, SessionSummaryRow, SessionViewRow } from '../data/session-store';
import { SessionData } from '../services/data-service';
import { ManagementSession, toCaptureStatus } from '../services/projection';
import { WorkflowView } from '../services/workflow-service';

type Json = Record<string, unknown>;

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** A snake_case key in camelCase, as `camel` renames it. */
type Camel<Key extends string> = Key extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : Key;

/** T with its keys renamed to camelCase at every depth (what camelKeys returns). */
export type CamelKeys<T> = T extends Date
  ? T
  : T extends readonly (infer Item)[]
    ? CamelKeys<Item>[]
    : T extends object
      ? { [Key in keyof T as Key extends string ? Camel<Key> : Key]: CamelKeys<T[Key]> }
      : T;

/** Keys renamed to camelCase at every depth (values kept). */
export function camelKeys<T>(value: T): CamelKeys<T> {
  // The walk below does at run time what CamelKeys<T> says of the type.
  return renameKeys(value) as CamelKeys<T>;
}

/** The schema's keys are few: each renamed once per process, not once per object per request. */
const camelCache = new Map<string, string>();
const camelOf = (key: string) => {
  let renamed = camelCache.get(key);
  if (renamed === undefined) {
    renamed = camel(key);
    // Bounded: stored JSON may carry keys of its own (free-form answers); those are renamed each time.
    if (camelCache.size < 2048) camelCache.set(key, renamed);
  }
  return renamed;
};

function renameKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  // A loop over the keys, without Object.entries' pair per key: every manifest of a page passes here.
  const renamed: Json = {};
  const fields = value as Json;
  const keys = Object.keys(fields);
  for (let i = 0; i < keys.length; i++) renamed[camelOf(keys[i])] = renameKeys(fields[keys[i]]);
  return renamed;
}

const emptyToNull = (value: string | null | undefined) => (value === '' || value === undefined ? null : value);

/** IdvFlagSetting: one entry of a flag_settings map. */
export interface FlagSettingView {
  code: string;
  action: string;
}

export const flagSettingList = (settings: unknown): FlagSettingView[] =>
  Object.entries((settings as Record<string, string> | null) ?? {}).map(([code, action]) => ({ code, action }));

/** A stored row (camelCase columns), whole or as a list reads it, rather than a create's projection. */
function isRow(
  session: SessionRow | SessionViewRow | SessionSummaryRow | ManagementSession,
): session is SessionViewRow | SessionSummaryRow {
  return session instanceof Object && 'tenantId' in session;
}

function isSummary(row: SessionViewRow | SessionSummaryRow): row is SessionSummaryRow {
  return 'summary' in row && row.summary === true;
}

/** The fields of VerificationSession a summary row answers (everything but the JSON parts):
 * a list whose operation selects only these reads the summary columns (session-store.ts). */
export const SESSION_SUMMARY_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'profileId',
  'profile',
  'status',
  'reviewStatus',
  'flagCategories',
  'assignee',
  'submittedAt',
  'reviewedAt',
  'createdAt',
  'updatedAt',
  'tenantId',
  'workspaceId',
  'creatorApplicationId',
  'profileUpdateEnabled',
  'privacyContactEmail',
  'legalHold',
  'retentionPolicyId',
  'deleteAfter',
  'fourEyesProposal',
]);

/**
 * VerificationSession as GraphQL reads it. The stored JSON parts without a codec (consent
 * evidence, review history, artifacts, workflow and theme references) are their stored objects in
 * camelCase, whose fields the schema's objects read as they are.
 */
export interface SessionView {
  id: string;
  tenantId: string;
  workspaceId: string;
  creatorApplicationId: string | null;
  profileId: string;
  status: string;
  reviewStatus: string;
  flagCategories: string[];
  profileUpdateEnabled: boolean;
  flagSettings: FlagSettingView[];
  privacyContactEmail: string | null;
  consentEvidence: unknown;
  reviewHistory: unknown;
  assignee: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  legalHold: boolean;
  artifacts: unknown[];
  captureManifest: CamelKeys<ReturnType<typeof captureManifestColumn.read>>;
  stepManifest: CamelKeys<ReturnType<typeof stepManifestColumn.read>>;
  workflowRef: unknown;
  themeRef: unknown;
  retentionPolicyId: string | null;
  createdAt: string;
  updatedAt: string;
  deleteAfter: string;
}

/** A view's JSON parts, each computed on its first read and kept for the next ones. graphql-js reads
 * a field once; graphql-jit (VIGIL_SUBGRAPH_EXECUTION=compiled) reads a field without a resolver as
 * a property path from the parent (`source.stepManifest.steps[i].config.mode`), so every field below
 * a part ran its getter again: a manifest renamed once per leaf, 21 % of the REST sessions page. */
type KeptParts = Partial<Record<keyof SessionView, unknown>>;

function kept<T>(parts: KeptParts, key: keyof SessionView, compute: () => T): T {
  if (key in parts) return parts[key] as T;
  const value = compute();
  parts[key] = value;
  return value;
}

/** A session (a stored row or the management projection of a create) as the typed object. The
 * stored JSON parts (manifests, history, consent, artifacts, references) are renamed when GraphQL
 * reads them, not before: a list that selects a few columns of 50 sessions (the console's lists)
 * does not copy every session's manifests (docs/performance.md "Read path"). */
export function sessionView(session: SessionRow | SessionViewRow | SessionSummaryRow | ManagementSession): SessionView {
  if (isRow(session)) return new StoredSessionView(session);
  const projection = session;
  const consent = projection.consent_evidence;
  const parts: KeptParts = {};
  return {
    id: projection.id,
    tenantId: projection.tenant_id,
    workspaceId: projection.workspace_id,
    creatorApplicationId: projection.creator_application_id ?? null,
    profileId: projection.profile_id,
    status: projection.status,
    reviewStatus: projection.review_status,
    flagCategories: projection.flag_categories,
    profileUpdateEnabled: projection.profile_update_enabled,
    get flagSettings() {
      return kept(parts, 'flagSettings', () => flagSettingList(projection.flag_settings));
    },
    privacyContactEmail: emptyToNull(projection.privacy_contact_email),
    get consentEvidence() {
      return kept(parts, 'consentEvidence', () => (consent && Object.keys(consent).length > 0 ? camelKeys(consent) : null));
    },
    get reviewHistory() {
      return kept(parts, 'reviewHistory', () => camelKeys(projection.review_history));
    },
    assignee: projection.assignee ?? null,
    submittedAt: emptyToNull(projection.submitted_at),
    reviewedAt: emptyToNull(projection.reviewed_at),
    legalHold: projection.legal_hold,
    get artifacts() {
      return kept(parts, 'artifacts', () => camelKeys(projection.artifacts));
    },
    get captureManifest() {
      return kept(parts, 'captureManifest', () => camelKeys(captureManifestColumn.read(projection.capture_manifest)));
    },
    get stepManifest() {
      return kept(parts, 'stepManifest', () => camelKeys(stepManifestColumn.read(projection.step_manifest)));
    },
    get workflowRef() {
      return kept(parts, 'workflowRef', () => (projection.workflow_ref ? camelKeys(projection.workflow_ref) : null));
    },
    get themeRef() {
      return kept(parts, 'themeRef', () => camelKeys(projection.theme_ref));
    },
    retentionPolicyId: projection.retention_policy_id ?? null,
    createdAt: projection.created_at,
    updatedAt: projection.updated_at,
    deleteAfter: projection.delete_after,
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Public artifact metadata only (storage references live in a separate column), as projection.ts
 * publishes it. */
const publicArtifacts = (artifacts: unknown) =>
  ((artifacts as Record<string, unknown>[] | null) ?? []).map((artifact) => ({
    artifactId: artifact.artifact_id,
    kind: artifact.kind,
    stepId: artifact.step_id,
    state: artifact.state,
    capturedAt: artifact.captured_at,
  }));

const DEFAULT_THEME_REF = { source: 'default', theme_id: null, revision: null };

/** A row's JSON part; a summary row has none, and reading one is a bug in SESSION_SUMMARY_FIELDS. */
function part<Key extends keyof SessionViewRow>(row: SessionViewRow | SessionSummaryRow, key: Key): SessionViewRow[Key] {
  if (isSummary(row)) throw new Error(`VerificationSession.${key} read from a summary row`);
  return row[key];
}

/** A stored row straight to the view: the values toManagementSession + the projection's view give,
 * without building the snake_case projection first (a list maps every row). A class, its JSON parts
 * getters of its prototype: an object literal with getters defines each getter (a closure and an
 * accessor pair) on every object, and a page builds one view per row (~2.5x the time per view in a
 * micro-bench). */
class StoredSessionView implements SessionView {
  readonly id: string;
  readonly tenantId: string;
  readonly workspaceId: string;
  readonly creatorApplicationId: string | null;
  readonly profileId: string;
  readonly status: string;
  readonly reviewStatus: string;
  readonly flagCategories: string[];
  readonly profileUpdateEnabled: boolean;
  readonly privacyContactEmail: string | null;
  readonly assignee: string | null;
  readonly submittedAt: string | null;
  readonly reviewedAt: string | null;
  readonly legalHold: boolean;
  readonly retentionPolicyId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deleteAfter: string;
  // Private fields: not properties GraphQL (or a deep equality) would see.
  readonly #row: SessionViewRow | SessionSummaryRow;
  readonly #parts: KeptParts = {};

  constructor(row: SessionViewRow | SessionSummaryRow) {
    this.#row = row;
    this.id = row.id;
    this.tenantId = row.tenantId;
    this.workspaceId = row.workspaceId;
    this.creatorApplicationId = row.creatorApplicationId || null;
    this.profileId = row.profileId;
    this.status = row.status;
    this.reviewStatus = row.reviewStatus;
    this.flagCategories = row.flagCategories;
    this.profileUpdateEnabled = row.profileUpdateEnabled;
    this.privacyContactEmail = emptyToNull(row.privacyContactEmail);
    this.assignee = row.assignee || null;
    this.submittedAt = iso(row.submittedAt);
    this.reviewedAt = iso(row.reviewedAt);
    this.legalHold = row.legalHold;
    this.retentionPolicyId = row.retentionPolicyId || null;
    this.createdAt = row.createdAt.toISOString();
    this.updatedAt = row.updatedAt.toISOString();
    this.deleteAfter = row.deleteAfter.toISOString();
  }

  get flagSettings() {
    return kept(this.#parts, 'flagSettings', () => flagSettingList(part(this.#row, 'flagSettings')));
  }

  get consentEvidence() {
    return kept(this.#parts, 'consentEvidence', () => {
      const consent = part(this.#row, 'consentEvidence') as Json | null;
      return consent && Object.keys(consent).length > 0 ? camelKeys(consent) : null;
    });
  }

  get reviewHistory() {
    return kept(this.#parts, 'reviewHistory', () => camelKeys(part(this.#row, 'reviewHistory')));
  }

  get artifacts() {
    return kept(this.#parts, 'artifacts', () => publicArtifacts(part(this.#row, 'artifacts')));
  }

  get captureManifest() {
    return kept(this.#parts, 'captureManifest', () => camelKeys(captureManifestColumn.read(part(this.#row, 'captureManifest'))));
  }

  get stepManifest() {
    return kept(this.#parts, 'stepManifest', () => camelKeys(stepManifestColumn.read(part(this.#row, 'stepManifest'))));
  }

  get workflowRef() {
    return kept(this.#parts, 'workflowRef', () => {
      const ref = part(this.#row, 'workflowRef');
      return ref ? camelKeys(ref) : null;
    });
  }

  get themeRef() {
    return kept(this.#parts, 'themeRef', () => camelKeys(part(this.#row, 'themeRef') ?? DEFAULT_THEME_REF));
  }
}

/** IdvWorkflow as GraphQL reads it. */
export type IdvWorkflowView = Omit<CamelKeys<WorkflowView>, 'flagSettings' | 'privacyContactEmail'> & {
  flagSettings: FlagSettingView[];
  privacyContactEmail: string | null;
};

export function workflowView(workflow: WorkflowView): IdvWorkflowView {
  const { flag_settings: flags, ...rest } = workflow;
  return { ...camelKeys(rest), flagSettings: flagSettingList(flags), privacyContactEmail: emptyToNull(workflow.privacy_contact_email) };
}

/** VerificationSessionStatus as GraphQL reads it. */
export type StatusView = CamelKeys<ReturnType<typeof toCaptureStatus>>;

export function statusView(row: SessionRow): StatusView {
  return camelKeys(toCaptureStatus(row));
}

/** IdvQuestionnaireAnswer: the answer in the field of its type. */
export type QuestionnaireAnswerView = CamelKeys<Omit<SessionData['questionnaire_answers'][number], 'answer'>> & AnswerFields;

interface AnswerFields {
  text: string | null;
  number: number | null;
  boolean: boolean | null;
  choices: unknown[] | null;
}

/** An answer value in the field of its type (text also carries date and single_choice answers). */
function answerFields(answer: unknown): AnswerFields {
  return {
    text: typeof answer === 'string' ? answer : null,
    number: typeof answer === 'number' ? answer : null,
    boolean: typeof answer === 'boolean' ? answer : null,
    choices: Array.isArray(answer) ? answer : null,
  };
}

/** VerificationSessionData as GraphQL reads it. */
export type DataView = Omit<CamelKeys<SessionData>, 'assessedAt' | 'questionnaireAnswers'> & {
  assessedAt: string | null;
  questionnaireAnswers: QuestionnaireAnswerView[];
};

export function dataView(data: SessionData): DataView {
  return {
    ...camelKeys({ ...data, questionnaire_answers: [] }),
    assessedAt: emptyToNull(data.assessed_at),
    questionnaireAnswers: data.questionnaire_answers.map(({ answer, ...rest }) => ({ ...camelKeys(rest), ...answerFields(answer) })),
  };
}

/** A page of sessions; `count` counts the list's matches over all pages, run only when a caller
 * selects totalCount (a count is a second query). */
export interface SessionConnectionView {
  nodes: SessionView[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  count: () => Promise<number>;
}
