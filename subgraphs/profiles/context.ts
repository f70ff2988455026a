import type { ProposalApplier } from './services/four-eyes-service';
import DataLoader from 'dataloader';
import { Db, type Scope } from '../../platform/db/prisma';
import { findMatchComments } from './data/comment-store';
import { findGroupsByIds } from './data/group-store';
import { findStatusChanges } from './data/status-store';
import { RequestContext } from '../../platform/subgraph/subgraph-definition';
import { findProfilesByIds, findProfileWithParts, readGroupIdsByProfileIds, readValuesByProfileIds } from './data/profile-store';
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
  /** One profile read with its custom field values and group ids in one statement, the parts primed
   * into their loaders (a root `profile(id)` that selects them). */
  loadProfileWithParts(id: string): Promise<ProfileRecord | null>;
}

export function createProfilesContext(
  db: Db,
  definitions: DefinitionsReader,
  base: RequestContext,
  gateways?: OnboardingGateways,
  applyProposal?: ProposalApplier,
  evidence?: ProfilesDeps['evidence'],
): ProfilesContext {
  return new ProfilesRequestContext(base, { db, definitions, gateways, applyProposal, evidence });
}

/**
 * One request's context. Its DataLoaders (still one set per request) are made on first use: most
 * operations read one or two of them, and building all six for every call of the subgraph was
 * the largest item of the subgraph's own per-request work. Plain fields, not #private ones:
 * Apollo Server hands resolvers a copy of the context (its own properties and prototype), on which
 * a loader made later must still be reachable.
 */
class ProfilesRequestContext implements ProfilesContext {
  readonly principal: RequestContext['principal'];
  readonly requestId: string;
  readonly log: RequestContext['log'];
  readonly db: Db;
  readonly scope: Scope;
  private definitions$: Promise<FieldDefinition[]> | undefined = undefined;
  private profiles: ProfilesContext['profileLoader'] | undefined = undefined;
  private customFieldValues: ProfilesContext['customFieldValuesLoader'] | undefined = undefined;
  private groupIds: ProfilesContext['groupIdsLoader'] | undefined = undefined;
  private groups: ProfilesContext['groupsLoader'] | undefined = undefined;
  private statusChanges: ProfilesContext['statusChangesLoader'] | undefined = undefined;
  private matchComments: ProfilesContext['matchCommentsLoader'] | undefined = undefined;

  constructor(
    base: RequestContext,
    readonly deps: ProfilesDeps,
  ) {
    this.principal = base.principal;
    this.requestId = base.requestId;
    this.log = base.log;
    this.db = deps.db;
    this.scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  }

  readDefinitions(): Promise<FieldDefinition[]> {
    this.definitions$ ??= definitionsForRead(this.deps.definitions, this.scope).catch((error) => {
      this.definitions$ = undefined;
      throw error;
    });
    return this.definitions$;
  }

  async loadProfileWithParts(id: string): Promise<ProfileRecord | null> {
    const found = await findProfileWithParts(this.db, this.scope, id);
    if (!found) return null;
    this.profileLoader.prime(id, found.profile);
    this.customFieldValuesLoader.prime(id, found.values);
    this.groupIdsLoader.prime(id, found.groupIds);
    return found.profile;
  }

  get profileLoader(): ProfilesContext['profileLoader'] {
    return (this.profiles ??= new DataLoader(async (ids) => {
      const rows = await findProfilesByIds(this.db, this.scope, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }));
  }

  get customFieldValuesLoader(): ProfilesContext['customFieldValuesLoader'] {
    return (this.customFieldValues ??= new DataLoader(async (profileIds) => {
      const rows = await readValuesByProfileIds(this.db, this.scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.profileId === id));
    }));
  }

  get groupIdsLoader(): ProfilesContext['groupIdsLoader'] {
    return (this.groupIds ??= new DataLoader(async (profileIds) => {
      const rows = await readGroupIdsByProfileIds(this.db, this.scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.profileId === id).map((row) => row.groupId));
    }));
  }

  get groupsLoader(): ProfilesContext['groupsLoader'] {
    return (this.groups ??= new DataLoader(async (profileIds) => {
      const assignments = await readGroupIdsByProfileIds(this.db, this.scope, profileIds);
      const groups = await findGroupsByIds(this.db, this.scope, [...new Set(assignments.map((row) => row.groupId))]);
      const byId = new Map(groups.map((group) => [group.id, group]));
      return profileIds.map((id) => assignments.filter((row) => row.profileId === id).flatMap((row) => byId.get(row.groupId) ?? []));
    }));
  }

  get statusChangesLoader(): ProfilesContext['statusChangesLoader'] {
    return (this.statusChanges ??= new DataLoader(async (profileIds) => {
      const rows = await findStatusChanges(this.db, this.scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.aggregateId === id));
    }));
  }

  get matchCommentsLoader(): ProfilesContext['matchCommentsLoader'] {
    return (this.matchComments ??= new DataLoader(async (matchIds) => {
      const rows = await findMatchComments(this.db, this.scope, matchIds);
      return matchIds.map((id) => rows.filter((row) => row.matchId === id));
    }));
  }
}
