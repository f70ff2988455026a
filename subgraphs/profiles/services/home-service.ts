// The console's home page: the profiles awaiting a human and the workspace's recent activity.
// Events leave with their type and what they are about; payloads stay inside (they may carry
// personal data the caller's role should not see on a home page).
import type { Scope } from '../../../platform/db/prisma';
import { latestWorkspaceEvents } from '../data/activity-store';
import { countProfilesInStatuses } from '../data/profile-search-store';
import { ProfilesError } from '../errors';
import { ProfilesDeps } from './deps';

/** The WorkQueues entity as the subgraphs pass it: its key. */
export interface WorkQueuesRef {
  workspaceId: string;
}

export const ACTIVITY_DEFAULT = 20;
export const ACTIVITY_MAX = 100;

export function countProfilesAwaitingReview(deps: ProfilesDeps, scope: Scope): Promise<number> {
  return countProfilesInStatuses(deps.db, scope, ['potential_match', 'in_review']);
}

export async function recentActivity(deps: ProfilesDeps, scope: Scope, first: number | null | undefined) {
  const take = first ?? ACTIVITY_DEFAULT;
  if (!Number.isInteger(take) || take < 1 || take > ACTIVITY_MAX)
    throw new ProfilesError('profile_validation_failed', `first: must be an integer from 1 to ${ACTIVITY_MAX}`, { field: 'first' });
  const rows = await latestWorkspaceEvents(deps.db, scope, take);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    subjectType: row.aggregateType,
    subjectId: row.aggregateId,
    profileId: row.payloadProfileId ?? (row.aggregateType === 'profile' ? row.aggregateId : null),
    occurredAt: row.createdAt,
  }));
}
