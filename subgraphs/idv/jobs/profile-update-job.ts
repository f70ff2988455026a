// Automatic profile writes, off the request path: when a session whose workflow opted in
// (profile_update_enabled, copied at create) is verified (automatic_pass, or a reviewer's
// accepted), the outbox relay queues an idv.profile-update job in the same step that publishes the
// decision's event, so no verified session is missed. The job reads the sealed results and writes
// the verified document data onto the profile through the profiles subgraph (updateProfile as the
// IDV service in the session's scope; never the profiles tables), then audits what it wrote (field
// names only). Sessions without the opt-in never get a job. A profiles subgraph that cannot answer
// fails the job; pg-boss retries it.
import { VigilConfig } from '../../../platform/config';
import { Db, type Scope } from '../../../platform/db/prisma';
import { OutboxRoute } from '../../../platform/events/outbox';
import { JobDefinition } from '../../../platform/jobs/job-queue';
import { logger } from '../../../platform/logging/logger';
import { servicePrincipal } from '../../../platform/principal/principal';
import { callSubgraph } from '../../../platform/subgraph/internal-client';
import { findSession } from '../data/session-store';
import { REVIEWED_EVENT } from '../model/states';
import { writeAudit } from '../services/audit';
import { createIdvDeps, IdvDeps } from '../services/deps';
import type { AssessmentResults } from '../services/lifecycle-service';
import { CustomFieldDefinitionFacts, ProfileUpdate, profileUpdateOf } from '../services/profile-update';
import { openSealed } from '../services/session-service';

export const PROFILE_UPDATE_QUEUE = 'idv.profile-update';

export interface ProfileUpdateJobData {
  tenantId: string;
  workspaceId: string;
  sessionId: string;
}

/** Review statuses that verify the session's document. */
const VERIFIED = ['automatic_pass', 'accepted'];

/** The decision events of opted-in sessions (their payload carries profile_update) that verify them. */
export const idvProfileUpdateRoute: OutboxRoute = (event) => {
  if (event.aggregateType !== 'idv.session') return null;
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  if (payload.profile_update !== true) return null;
  const verified = event.type === 'idv.session.approved' || (event.type === REVIEWED_EVENT && payload.review_status === 'accepted');
  if (!verified) return null;
  const data: ProfileUpdateJobData = { tenantId: event.tenantId, workspaceId: event.workspaceId, sessionId: event.aggregateId };
  return { queue: PROFILE_UPDATE_QUEUE, data, singletonKey: `${event.aggregateId}:profile-update` };
};

/** What the job asks of the profiles subgraph. */
export interface ProfilesWriter {
  definitions(scope: Scope): Promise<CustomFieldDefinitionFacts[]>;
  update(scope: Scope, profileId: string, update: ProfileUpdate): Promise<void>;
}

const DEFINITIONS = `query($after: String) { profileCustomFieldDefinitions(first: 100, after: $after) {
  nodes { key type archived } pageInfo { hasNextPage endCursor } } }`;
const UPDATE = 'mutation($id: ID!, $input: UpdateProfileInput!) { updateProfile(id: $id, input: $input) { id } }';
/** Definitions per workspace are few; this bounds a runaway listing. */
const MAX_DEFINITION_PAGES = 20;

export function subgraphProfilesWriter(config: VigilConfig): ProfilesWriter {
  const call = <T>(scope: Scope, query: string, variables: Record<string, unknown>) =>
    callSubgraph<T>({
      url: config.subgraphUrls.profiles,
      query,
      variables,
      principal: servicePrincipal('idv', scope),
      secret: config.internalSecret,
    });
  return {
    async definitions(scope) {
      const all: CustomFieldDefinitionFacts[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_DEFINITION_PAGES; page++) {
        const data: {
          profileCustomFieldDefinitions: {
            nodes: CustomFieldDefinitionFacts[];
            pageInfo: { hasNextPage: boolean; endCursor: string | null };
          };
        } = await call(scope, DEFINITIONS, { after });
        all.push(...data.profileCustomFieldDefinitions.nodes);
        if (!data.profileCustomFieldDefinitions.pageInfo.hasNextPage) break;
        after = data.profileCustomFieldDefinitions.pageInfo.endCursor;
      }
      return all;
    },
    async update(scope, profileId, update) {
      const input = {
        ...(update.name ? { name: update.name } : {}),
        ...(update.customFields.length ? { profileCustomFields: update.customFields } : {}),
      };
      await call(scope, UPDATE, { id: profileId, input });
    },
  };
}

export interface ProfileUpdateRuntime {
  idv: Pick<IdvDeps, 'db' | 'keyProvider'>;
  profiles: ProfilesWriter;
}

export async function runProfileUpdate(runtime: ProfileUpdateRuntime, job: ProfileUpdateJobData): Promise<void> {
  const scope = { tenantId: job.tenantId, workspaceId: job.workspaceId };
  const row = await findSession(runtime.idv.db, scope, job.sessionId);
  // Checked again on the row: only opted-in sessions whose document was verified are written.
  if (!row || !row.profileUpdateEnabled || !VERIFIED.includes(row.reviewStatus)) return;
  const results = openSealed<AssessmentResults>(runtime.idv, row, 'results');
  if (!results) return;
  const update = profileUpdateOf(results, await runtime.profiles.definitions(scope));
  if (!update.name && update.customFields.length === 0) return;
  await runtime.profiles.update(scope, row.profileId, update);
  await writeAudit(runtime.idv.db, {
    ...scope,
    actorKind: 'service',
    actorId: 'idv',
    action: 'idv.session.profile_update',
    resourceType: 'idv.session',
    resourceId: row.id,
    outcome: 'succeeded',
    detail: { profile_id: row.profileId, fields: [...(update.name ? ['name'] : []), ...update.customFields.map((f) => f.key)] },
  });
  logger.info({ sessionId: row.id, fields: update.customFields.length + (update.name ? 1 : 0) }, 'verified data written to the profile');
}

export function idvProfileUpdateJobs(
  deps: { db: Db; config: VigilConfig },
  overrides: Partial<ProfileUpdateRuntime> = {},
): JobDefinition<ProfileUpdateJobData>[] {
  let runtime: ProfileUpdateRuntime | null = null;
  return [
    {
      queue: PROFILE_UPDATE_QUEUE,
      retryLimit: 5,
      handler: async (data) =>
        runProfileUpdate(
          (runtime ??= { idv: createIdvDeps(deps.db, deps.config), profiles: subgraphProfilesWriter(deps.config), ...overrides }),
          data,
        ),
    },
  ];
}
