// Automatic disposition: the workspace settings and the annotation of a search's matches.
// Rules (interface spec, "Disposition annotation" and the stated moves of match review_status):
// - annotations only with the workspace enabled AND its Direct API channel on, only on matches with
//   a true flag in checklist.screen, and never when the request sent
//   X-Service-Automatic-Disposition: skip (case-insensitive; other values ignored);
// - Full Auto: confidence >= threshold sets review_status and returns automatic_disposition;
// - Hint: review_status stays unresolved, disposition_hint returned;
// - below threshold (either mode): disposition_hint with prediction undetermined;
// - a failed analysis: disposition_hint with analysis_status failed and an error; the search goes on.
import { z } from 'zod';
import { Db, type DbTx, type Scope } from '../../../../platform/db/prisma';
import {
  approveLockedProposal,
  fingerprintOf,
  fourEyesRoute,
  pendingProposalOf,
  proposeDecision,
  ProposalRow,
} from '../../../../platform/four-eyes/four-eyes';
import { logger } from '../../../../platform/logging/logger';
import { appendAudit, auditActorOf } from '../../../../platform/audit/audit-trail';
import type { Principal } from '../../../../platform/principal/principal';
import {
  DispositionSettingsRow,
  findDispositionSettings,
  lockDispositionSettings,
  readDispositionSettingsRow,
  saveDispositionSettings,
} from '../data/disposition-store';
import type { RowReader } from '../../data/search-store';
import { ScreeningError } from '../../errors';
import { deterministicAnalyser, DispositionAnalyser, DispositionQuery } from './disposition-analyser';
import { modelAnalyser } from './disposition-model-analyser';

/** The model analyser when configured by environment, else the deterministic one. */
const configuredAnalyser: DispositionAnalyser = modelAnalyser() ?? deterministicAnalyser;
import type { DispositionAnnotation, StoredMatch } from '../../services/search-model';
import { FEEDS, type Feed } from '../../services/engine-adapter';

export const DISPOSITION_MODES = ['full_auto', 'hint'] as const;
export type DispositionMode = (typeof DISPOSITION_MODES)[number];
export const DEFAULT_DISPOSITION_SETTINGS: DispositionSettings = {
  enabled: false,
  directApi: true,
  mode: 'hint',
  threshold: 0.85,
  searchThreshold: null,
  searchFeeds: [],
  updatedBy: null,
  updatedAt: null,
};

export interface DispositionSettings {
  enabled: boolean;
  directApi: boolean;
  mode: DispositionMode;
  threshold: number;
  /** Screening defaults held with these settings (one object, one lock, one four-eyes kind): the
   * name-score threshold (null: the engine's) and the feed set (empty: every feed) of the
   * workspace's searches that send none. */
  searchThreshold: number | null;
  searchFeeds: Feed[];
  updatedBy: string | null;
  updatedAt: Date | null;
}

export interface UpdateDispositionSettingsInput {
  enabled?: boolean | null;
  directApi?: boolean | null;
  mode?: string | null;
  threshold?: number | null;
  /** The default search threshold; null resets it to the engine's. */
  searchThreshold?: number | null;
  /** The default feed set; empty or containing `all`: every feed. */
  searchFeeds?: readonly string[] | null;
}

function settingsOf(row: DispositionSettingsRow | undefined): DispositionSettings {
  return row
    ? { ...row, mode: row.mode as DispositionMode, searchFeeds: row.searchFeeds.filter((feed): feed is Feed => isFeed(feed)) }
    : DEFAULT_DISPOSITION_SETTINGS;
}

/** `rows`: the search path's pool reader, when the caller has one (same row, no Prisma). */
export async function readDispositionSettings(db: Db, scope: Scope, rows?: RowReader): Promise<DispositionSettings> {
  return settingsOf(rows ? await readDispositionSettingsRow(rows, scope) : await findDispositionSettings(db, scope));
}

export async function updateDispositionSettings(
  db: Db,
  scope: Scope,
  principal: Principal,
  input: UpdateDispositionSettingsInput,
): Promise<DispositionSettings> {
  const change: Partial<DispositionSettingsRow> = { updatedBy: principal.actorId };
  for (const key of ['enabled', 'directApi'] as const) {
    if (input[key] === null) throw new ScreeningError('schema_validation_failed', `${key}: must be true or false`, { field: key });
    if (input[key] !== undefined) change[key] = input[key];
  }
  if (input.mode !== undefined) {
    if (!DISPOSITION_MODES.includes(input.mode as DispositionMode))
      throw new ScreeningError('schema_validation_failed', `mode: must be one of ${DISPOSITION_MODES.join(', ')}`, { field: 'mode' });
    change.mode = input.mode as string;
  }
  if (input.threshold !== undefined) {
    if (typeof input.threshold !== 'number' || !(input.threshold >= 0 && input.threshold <= 1))
      throw new ScreeningError('schema_validation_failed', 'threshold: must be a number from 0 to 1', { field: 'threshold' });
    change.threshold = input.threshold;
  }
  if (input.searchThreshold !== undefined) {
    if (
      input.searchThreshold !== null &&
      !(typeof input.searchThreshold === 'number' && input.searchThreshold >= 0 && input.searchThreshold <= 1)
    )
      throw new ScreeningError('schema_validation_failed', 'searchThreshold: must be a number from 0 to 1', { field: 'searchThreshold' });
    change.searchThreshold = input.searchThreshold;
  }
  if (input.searchFeeds !== undefined) change.searchFeeds = normalizeFeedSet(input.searchFeeds ?? []);
  // Four eyes (docs/audit.md): with SCREENING_SETTINGS covered, a dashboard user's change becomes a
  // proposal and the settings stay as they are until a second person approves it.
  const route = await fourEyesRoute(db, principal, ['SCREENING_SETTINGS']);
  return db.$transaction(async (tx) => {
    await lockDispositionSettings(tx, scope);
    const before = settingsOf(await findDispositionSettings(tx, scope));
    if (route.action === 'propose') {
      const { updatedBy: _proposer, ...proposed } = change;
      await proposeDecision(
        tx,
        principal,
        {
          kind: route.kind,
          objectType: 'screening.settings',
          objectId: SETTINGS_OBJECT_ID,
          decision: proposed,
          fingerprint: settingsFingerprint(before),
        },
        new Date(),
      );
      return before;
    }
    return saveAudited(tx, scope, principal, before, change);
  });
}

/** The object id of the settings in proposals and audit entries (one per workspace). */
export const SETTINGS_OBJECT_ID = 'automatic_disposition';

function settingsFingerprint(settings: DispositionSettings): string {
  const { enabled, directApi, mode, threshold, updatedAt, searchThreshold, searchFeeds } = settings;
  // The search defaults join the fingerprint only when set, so proposals made before they existed
  // keep their pinned fingerprint.
  return fingerprintOf({
    enabled,
    directApi,
    mode,
    threshold,
    updatedAt,
    ...(searchThreshold !== null ? { searchThreshold } : {}),
    ...(searchFeeds.length ? { searchFeeds } : {}),
  });
}

/** A feed set as stored: engine feed names, each once, in the engine's order; `all` (or nothing) is
 * the empty set, meaning every feed. */
export function normalizeFeedSet(feeds: readonly string[], field = 'searchFeeds'): Feed[] {
  const wanted = feeds.map((feed) => feed.trim().toLowerCase());
  if (wanted.includes('all')) return [];
  const unknown = wanted.find((feed) => !FEEDS.some((known) => known.toLowerCase() === feed));
  if (unknown !== undefined)
    throw new ScreeningError('schema_validation_failed', `${field}: unknown feed "${unknown}"; one of all, ${FEEDS.join(', ')}`, { field });
  return FEEDS.filter((feed) => wanted.includes(feed.toLowerCase()));
}

const isFeed = (feed: string): feed is Feed => (FEEDS as readonly string[]).includes(feed);

async function saveAudited(
  tx: DbTx,
  scope: Scope,
  principal: Principal,
  before: DispositionSettings,
  change: Partial<DispositionSettingsRow>,
  proposal?: ProposalRow,
): Promise<DispositionSettings> {
  const saved = settingsOf(await saveDispositionSettings(tx, scope, change));
  const changed = (['enabled', 'directApi', 'mode', 'threshold', 'searchThreshold', 'searchFeeds'] as const).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(saved[key]),
  );
  await appendAudit(tx, {
    ...scope,
    ...auditActorOf(principal),
    action: 'screening.settings.automatic_disposition.update',
    resourceType: 'screening.settings',
    resourceId: SETTINGS_OBJECT_ID,
    outcome: 'succeeded',
    detail: {
      from: Object.fromEntries(changed.map((key) => [key, before[key]])),
      to: Object.fromEntries(changed.map((key) => [key, saved[key]])),
      ...(proposal ? { four_eyes_proposal_id: proposal.id, proposed_by: proposal.proposedBy } : {}),
    },
  });
  return saved;
}

const proposedChange = z.strictObject({
  enabled: z.boolean().optional(),
  directApi: z.boolean().optional(),
  mode: z.enum(DISPOSITION_MODES).optional(),
  threshold: z.number().min(0).max(1).optional(),
  searchThreshold: z.number().min(0).max(1).nullable().optional(),
  searchFeeds: z.array(z.enum(FEEDS)).optional(),
});

/** A second person approves a settings proposal: under the settings' lock the proposal is checked
 * (decided, expired, self-approval, settings changed since) and the change saved, once. */
export async function approveSettingsProposal(
  db: Db,
  principal: Principal,
  proposal: ProposalRow,
  note: string,
): Promise<DispositionSettings> {
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const change = proposedChange.parse(proposal.decision);
  return db.$transaction(async (tx) => {
    await lockDispositionSettings(tx, scope);
    const before = settingsOf(await findDispositionSettings(tx, scope));
    const now = new Date();
    await approveLockedProposal(tx, principal, proposal.id, { note, currentFingerprint: settingsFingerprint(before), now });
    return saveAudited(tx, scope, principal, before, { ...change, updatedBy: principal.actorId }, proposal);
  });
}

/** The settings change waiting for a second person, if any. */
export async function pendingSettingsProposal(db: Db, scope: Scope): Promise<ProposalRow | null> {
  return pendingProposalOf(db, scope, 'screening.settings', SETTINGS_OBJECT_ID, new Date());
}

/** True when the request opted out with the header (case-insensitive `skip`). */
export function optedOut(header: string | null | undefined): boolean {
  return typeof header === 'string' && header.trim().toLowerCase() === 'skip';
}

/** Whether a request's matches are analysed at all (enabled, channel on, not opted out). */
export function dispositionApplies(settings: DispositionSettings, header: string | null | undefined): boolean {
  return settings.enabled && settings.directApi && !optedOut(header);
}

const flagged = (match: StoredMatch) => Object.values(match.checklist.screen).some(Boolean);

function failedAnnotation(version: string, error: unknown): DispositionAnnotation {
  return {
    prediction: 'undetermined',
    confidence: 0,
    analysis_status: 'failed',
    rationale: 'The analysis could not complete; the match is left for review.',
    evidence_refs: [],
    score_summary: {},
    risk_flags: [],
    signature_version: version,
    source: 'direct_api',
    error: { code: 'analysis_failed', message: error instanceof Error ? error.message.slice(0, 200) : 'analysis failed', retryable: true },
  };
}

/** Annotates (and in Full Auto possibly resolves) the matches of one screened entity. Never throws. */
export async function annotateMatches<M extends StoredMatch>(
  settings: DispositionSettings,
  header: string | null | undefined,
  query: DispositionQuery,
  matches: M[],
  analyser: DispositionAnalyser = configuredAnalyser,
): Promise<M[]> {
  if (!dispositionApplies(settings, header)) return matches;
  const out: M[] = [];
  for (const match of matches) {
    // A carried-over clearance (or any earlier decision) is a human's; the analyser does not override it.
    if (!flagged(match) || match.review_status !== 'unresolved') {
      out.push(match);
      continue;
    }
    try {
      const outcome = await analyser.analyse(query, match);
      const annotation: DispositionAnnotation = {
        ...outcome,
        analysis_status: 'completed',
        signature_version: analyser.version,
        source: 'direct_api',
      };
      if (outcome.confidence < settings.threshold) out.push({ ...match, disposition_hint: { ...annotation, prediction: 'undetermined' } });
      else if (settings.mode === 'full_auto') out.push({ ...match, review_status: outcome.prediction, automatic_disposition: annotation });
      else out.push({ ...match, disposition_hint: annotation });
    } catch (error) {
      logger.warn(
        { err: error instanceof Error ? error.message : 'unknown', matchId: match.id },
        'disposition analysis failed; match left unresolved',
      );
      out.push({ ...match, disposition_hint: failedAnnotation(analyser.version, error) });
    }
  }
  return out;
}
