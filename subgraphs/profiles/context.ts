import type { ProposalApplier } from './services/four-eyes-service';
import DataLoader from 'dataloader';
import { Db, type Scope } from '../../platform/db/prisma';
import { findMatchComments } from './data/comment-store';
import { findGroupsByIds } from './data/group-store';
import { findStatusChanges } from './data/status-store';
import { RequestContext } from '../../platform/subgraph/subgraph-definition';
import { findProfilesByIds, readGroupIdsByProfileIds, readValuesByProfileIds } from './data/profile-store';
import { FieldDefinition, StoredValue } from './services/custom-field-rules';
import { definitionsForRead, DefinitionsReader } from './services/definitions-reader';
import { ProfilesDeps } from './services/deps';
import { OnboardingGateways } from './onboarding/services/onboarding-gateways';
import { ProfileRecord } from './services/profile-service';

type MatchComment = Awaited<ReturnType<typeof findMatchComments>>[number];
type GroupRow = Awaited<ReturnType<typeof findGroupsByIds>>[number];
export type StatusChangeRow = Awaited<ReturnType<typeof findStatusChanges>>[number];

export interface ProfilesContext extends RequestContext {
  db: Db;
  scope: Scope;
  deps: ProfilesDeps;
  /** Batches entity references and lookups of one request into one query. */
  profileLoader: DataLoader<string, ProfileRecord | null>;
  /** Stored custom field values per profile id (one query per batch). */
  customFieldValuesLoader: DataLoader<string, StoredValue[]>;
  /** Assigned group ids per profile id, in assignment order (one query per batch). */
  groupIdsLoader: DataLoader<string, string[]>;
  /** Assigned groups per profile id, in assignment order (two queries per batch). */
  groupsLoader: DataLoader<string, GroupRow[]>;
  /** Status changes per profile id, oldest first (one query per batch). */
  statusChangesLoader: DataLoader<string, StatusChangeRow[]>;
  /** Comments of kind match per screening match id (one query for all matches of a request). */
  matchCommentsLoader: DataLoader<string, MatchComment[]>;
  /** The definitions used to render this request's profiles: read once per request (rule 5 copy). */
  readDefinitions(): Promise<FieldDefinition[]>;
}

export function createProfilesContext(
  db: Db,
  definitions: DefinitionsReader,
  base: RequestContext,
  gateways?: OnboardingGateways,
  applyProposal?: ProposalApplier,
  evidence?: ProfilesDeps['evidence'],
): ProfilesContext {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  let definitions$: Promise<FieldDefinition[]> | undefined;
  return {
    ...base,
    db,
    scope,
    deps: { db, definitions, gateways, applyProposal, evidence },
    readDefinitions: () => {
      definitions$ ??= definitionsForRead(definitions, scope).catch((error) => {
        definitions$ = undefined;
        throw error;
      });
      return definitions$;
    },
    profileLoader: new DataLoader(async (ids) => {
      const rows = await findProfilesByIds(db, scope, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    customFieldValuesLoader: new DataLoader(async (profileIds) => {
      const rows = await readValuesByProfileIds(db, scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.profileId === id));
    }),
    groupIdsLoader: new DataLoader(async (profileIds) => {
      const rows = await readGroupIdsByProfileIds(db, scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.profileId === id).map((row) => row.groupId));
    }),
    groupsLoader: new DataLoader(async (profileIds) => {
      const assignments = await readGroupIdsByProfileIds(db, scope, profileIds);
      const groups = await findGroupsByIds(db, scope, [...new Set(assignments.map((row) => row.groupId))]);
      const byId = new Map(groups.map((group) => [group.id, group]));
      return profileIds.map((id) => assignments.filter((row) => row.profileId === id).flatMap((row) => byId.get(row.groupId) ?? []));
    }),
    statusChangesLoader: new DataLoader(async (profileIds) => {
      const rows = await findStatusChanges(db, scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.aggregateId === id));
    }),
    matchCommentsLoader: new DataLoader(async (matchIds) => {
      const rows = await findMatchComments(db, scope, matchIds);
      return matchIds.map((id) => rows.filter((row) => row.matchId === id));
    }),
  };
}
