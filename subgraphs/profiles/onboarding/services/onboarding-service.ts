// Create-and-screen onboarding (POST /clm/v1/onboarding/profiles, GraphQL onboardProfile): the
// profile create rules apply unchanged (custom fields, groups), then the onboarding block:
//   - screening {enabled (default true), feeds (default all)}, idv {enabled (default false), workflowId},
//     sequence screening_first (default) | idv_first | parallel; at least one part enabled;
//   - IDV needs an email on the profile and a workflow: an explicit workflowId must be an active
//     workflow of the scope (404 idv_workflow_not_found, 409 idv_workflow_not_active), otherwise
//     the workspace default workflow, whose id the run keeps; a workspace without one is 404
//     idv_workflow_not_found too (the interface names no code of its own; there is no preset
//     fallback for onboarding).
// The profile, its run and its tasks are written in one transaction with status pending; the
// worker then runs the tasks (onboarding-runner.ts). Nothing is created when a rule fails.
import { Principal } from '../../../../platform/principal/principal';
import { findRunsOfProfiles, insertRun, OnboardingRunRow } from '../data/onboarding-store';
import { findProfile } from '../../data/profile-store';
import type { Scope } from '../../../../platform/db/prisma';
import { writeProfileStatus } from '../../data/status-store';
import { ProfilesError } from '../../errors';
import type { RecordCreate } from '../../services/create-once';
import { ProfilesDeps } from '../../services/deps';
import { OnboardingSequence } from './onboarding-progress';
import { createProfile, CreateProfileInput, ProfileRecord } from '../../services/profile-service';

/** Screening feeds as the screening subgraph names them (ScreeningFeed). */
export const ONBOARDING_FEEDS = [
  'all',
  'Sanctions',
  'PEP',
  'Criminal',
  'Legal',
  'Offshore',
  'Ownership',
  'Registries',
  'Social_Media',
  'News',
  'Open_Source',
] as const;

export interface OnboardingInput {
  screening?: { enabled: boolean; feeds?: string[] | null } | null;
  idv?: { enabled: boolean; workflowId?: string | null } | null;
  sequence?: OnboardingSequence | null;
}

export interface OnboardProfileInput extends CreateProfileInput {
  onboarding: OnboardingInput;
}

export interface Onboarded {
  profile: ProfileRecord;
  run: OnboardingRunRow;
}

function invalid(field: string, problem: string): never {
  throw new ProfilesError('profile_validation_failed', `${field}: ${problem}`, { field });
}

function checkFeeds(feeds: string[] | null | undefined): string[] {
  if (feeds === null || feeds === undefined) return ['all'];
  if (feeds.length === 0) invalid('onboarding.screening.feeds', 'must name at least one feed (or omit it for all)');
  const unknown = feeds.find((feed) => !(ONBOARDING_FEEDS as readonly string[]).includes(feed));
  if (unknown !== undefined) invalid('onboarding.screening.feeds', `unknown feed ${unknown}`);
  return [...new Set(feeds)];
}

/** An explicit workflow must be an active workflow of the caller's scope (asked of IDV, fail closed). */
async function checkWorkflow(deps: ProfilesDeps, principal: Principal, workflowId: string): Promise<void> {
  if (!deps.gateways) throw new ProfilesError('profile_onboarding_unavailable', 'IDV onboarding is not available in this deployment');
  let status: string | null;
  try {
    status = await deps.gateways.workflowStatus(principal, workflowId);
  } catch {
    throw new ProfilesError(
      'profile_onboarding_unavailable',
      'The IDV service cannot be reached to check the workflow; nothing was created',
    );
  }
  if (status === null)
    throw new ProfilesError('idv_workflow_not_found', 'onboarding.idv.workflowId: workflow not found', {
      field: 'onboarding.idv.workflowId',
    });
  if (status !== 'active')
    throw new ProfilesError('idv_workflow_not_active', 'onboarding.idv.workflowId: the workflow is not active', {
      field: 'onboarding.idv.workflowId',
    });
}

/** The workspace default workflow the run will use (asked of IDV, fail closed); 404 when there is none. */
async function defaultWorkflow(deps: ProfilesDeps, principal: Principal): Promise<string> {
  if (!deps.gateways) throw new ProfilesError('profile_onboarding_unavailable', 'IDV onboarding is not available in this deployment');
  let id: string | null;
  try {
    id = await deps.gateways.defaultWorkflowId(principal);
  } catch {
    throw new ProfilesError(
      'profile_onboarding_unavailable',
      'The IDV service cannot be reached to find the default workflow; nothing was created',
    );
  }
  if (id === null)
    throw new ProfilesError(
      'idv_workflow_not_found',
      'onboarding.idv.workflowId: required when the workspace has no default IDV workflow (IDV onboarding needs a workflow)',
      { field: 'onboarding.idv.workflowId' },
    );
  return id;
}

/** `record` (a keyed request) stores the idempotency key, naming the profile, in the create's transaction. */
export async function onboardProfile(
  deps: ProfilesDeps,
  scope: Scope,
  principal: Principal,
  input: OnboardProfileInput,
  record?: RecordCreate,
): Promise<Onboarded> {
  const onboarding = input.onboarding ?? {};
  const screening = onboarding.screening?.enabled ?? true;
  const idv = onboarding.idv?.enabled ?? false;
  if (!screening && !idv) invalid('onboarding', 'enable screening, idv or both');
  const feeds = screening ? checkFeeds(onboarding.screening?.feeds) : [];
  const explicitWorkflowId = idv ? onboarding.idv?.workflowId?.trim() || null : null;
  if (idv && !input.email?.trim()) invalid('email', 'required when IDV onboarding is enabled');
  if (explicitWorkflowId) await checkWorkflow(deps, principal, explicitWorkflowId);
  // The default is resolved now and kept on the run, so the session uses the workflow that was
  // there when the onboarding was accepted (never a preset the workspace did not choose).
  const workflowId = idv ? (explicitWorkflowId ?? (await defaultWorkflow(deps, principal))) : null;
  let run: OnboardingRunRow | undefined;
  const profile = await createProfile(deps, scope, input, {
    within: async (tx, created) => {
      run = await insertRun(tx, scope, {
        profileId: created.id,
        sequence: onboarding.sequence ?? 'screening_first',
        screening,
        screeningFeeds: feeds,
        idv,
        idvWorkflowId: workflowId,
        actorKind: principal.kind,
        actorId: principal.actorId,
      });
      await writeProfileStatus(tx, scope, created.id, 'pending');
      await record?.(tx, created.id);
      return { ...created, status: 'pending' };
    },
  });
  return { profile, run: run! };
}

/** The profile and onboarding run an earlier onboardProfile made (null once the profile is gone). */
export async function findOnboarded(deps: ProfilesDeps, scope: Scope, profileId: string): Promise<Onboarded | null> {
  const [profile, [run]] = await Promise.all([findProfile(deps.db, scope, profileId), findRunsOfProfiles(deps.db, scope, [profileId])]);
  return profile && run ? { profile, run } : null;
}
