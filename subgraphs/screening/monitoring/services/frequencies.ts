// Monitoring frequencies: what a profile's groups (or the workspace default) say, read through the
// profiles subgraph (the screening domain never reads profile tables), and when a scheduled full
// re-screen is next due.
import { VigilConfig } from '../../../../platform/config';
import { servicePrincipal } from '../../../../platform/principal/principal';
import { callSubgraph } from '../../../../platform/subgraph/internal-client';
import type { Scope } from '../../../../platform/db/prisma';

export type Frequency = 'deltas' | 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'semiannually' | 'annually' | 'never';

/** Days between scheduled re-screens (deltas and never: none). */
const PERIOD_DAYS: Record<string, number> = { daily: 1, weekly: 7, monthly: 30, quarterly: 91, semiannually: 182, annually: 365 };

/** The built-in workspace default of the profiles domain (docs/profiles.md). */
export const BUILT_IN_FREQUENCIES = { sanctions: 'daily', pep: 'weekly' } as const;

export interface SubjectFrequencies {
  sanctions: string;
  pep: string;
}

/** The next scheduled full re-screen: the shorter of the two periods after the last screening;
 * null when neither feed runs on a schedule (`deltas` alone or `never`). */
export function nextFullScreenAt(frequencies: SubjectFrequencies, lastScreenedAt: Date): Date | null {
  const days = [PERIOD_DAYS[frequencies.sanctions], PERIOD_DAYS[frequencies.pep]].filter((d): d is number => d !== undefined);
  if (!days.length) return null;
  return new Date(lastScreenedAt.getTime() + Math.min(...days) * 86_400_000);
}

interface GroupFrequencies {
  id: string;
  priority: number;
  effectiveMonitoringFeedFrequencies: SubjectFrequencies;
}

/** Effective frequencies of a profile: its highest-priority group's, else the workspace default. */
export function effectiveFrequencies(
  profileGroupIds: string[],
  groups: GroupFrequencies[],
  workspace: SubjectFrequencies,
): SubjectFrequencies {
  const own = groups.filter((group) => profileGroupIds.includes(group.id)).sort((a, b) => b.priority - a.priority)[0];
  return own ? own.effectiveMonitoringFeedFrequencies : workspace;
}

const FREQUENCIES_QUERY = `query($r: [_Any!]!) {
  _entities(representations: $r) { ... on Profile { id profileGroupIds } }
  profileGroups(includeArchived: true, first: 100) { nodes { id priority effectiveMonitoringFeedFrequencies { sanctions pep } } }
  workspaceMonitoringDefault { monitoringFeedFrequencies { sanctions pep } }
}`;

/** Reads the effective frequencies of some profiles of one workspace (one subgraph call). A profile
 * the profiles domain does not know (erased, other workspace) is absent from the answer. */
export async function resolveFrequencies(
  config: VigilConfig,
  scope: Scope,
  profileIds: string[],
): Promise<Map<string, SubjectFrequencies>> {
  const data = await callSubgraph<{
    _entities: ({ id: string; profileGroupIds: string[] } | null)[];
    profileGroups: { nodes: GroupFrequencies[] };
    workspaceMonitoringDefault: { monitoringFeedFrequencies: SubjectFrequencies };
  }>({
    url: config.subgraphUrls.profiles,
    query: FREQUENCIES_QUERY,
    variables: { r: profileIds.map((id) => ({ __typename: 'Profile', id })) },
    principal: servicePrincipal('screening', scope),
    secret: config.internalSecret,
  });
  const workspace = data.workspaceMonitoringDefault.monitoringFeedFrequencies;
  const out = new Map<string, SubjectFrequencies>();
  for (const profile of data._entities) {
    if (profile) out.set(profile.id, effectiveFrequencies(profile.profileGroupIds, data.profileGroups.nodes, workspace));
  }
  return out;
}
