// The console's profile list: search and filters with newest-first keyset paging, in SQL written to
// use the indexes of migration profiles_profile_search_indexes (docs/profiles.md "Searching
// profiles"). Profile names, e-mails and custom field values are stored as plain columns (not
// sealed), so they are searched in the database; nothing is decrypted per row. The text search is
// a UNION of three index-backed lookups (name, e-mail, any custom field value: trigram indexes that
// serve ILIKE '%...%'), never an OR that would scan the workspace.
import { Prisma } from '../../../platform/db/prisma-client';
import { readCount, type Db, type DbClient, type Scope } from '../../../platform/db/prisma';
import { groupIdsOf, PROFILE_COLUMNS, type ProfileRow } from './profile-store';

export interface ProfileSearchFilter {
  /** Case-insensitive substring of the name, the e-mail or any custom field's stored value. */
  search?: string;
  statuses?: string[];
  groupIds?: string[];
  createdFrom?: Date;
  createdTo?: Date;
  /** A custom field whose stored JSON text is one of these (the string's JSON and the raw text). */
  customField?: { key: string; valueJson: string[] };
}

export interface ProfileKey {
  createdAt: Date;
  id: string;
}

/** ILIKE pattern of a literal substring (its %, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(scope: Scope, filter: ProfileSearchFilter): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`p.tenant_id = ${scope.tenantId}`, Prisma.sql`p.workspace_id = ${scope.workspaceId}`];
  if (filter.statuses?.length) where.push(Prisma.sql`p.status IN (${Prisma.join(filter.statuses)})`);
  if (filter.createdFrom) where.push(Prisma.sql`p.created_at >= ${filter.createdFrom}`);
  if (filter.createdTo) where.push(Prisma.sql`p.created_at < ${filter.createdTo}`);
  // An empty group list matches nothing (no profile is in none of no groups).
  if (filter.groupIds && filter.groupIds.length === 0) where.push(Prisma.sql`FALSE`);
  if (filter.groupIds?.length)
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "profiles"."profile_group_assignments" g
      WHERE g.profile_id = p.id AND g.tenant_id = ${scope.tenantId} AND g.workspace_id = ${scope.workspaceId}
      AND g.group_id IN (${Prisma.join(filter.groupIds)}))`);
  if (filter.customField)
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "profiles"."profile_custom_field_values" v
      WHERE v.profile_id = p.id AND v.tenant_id = ${scope.tenantId} AND v.workspace_id = ${scope.workspaceId}
      AND v.key = ${filter.customField.key} AND v.value_json IN (${Prisma.join(filter.customField.valueJson)}))`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(Prisma.sql`p.id IN (
      SELECT id FROM "profiles"."profiles" WHERE tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} AND name ILIKE ${pattern}
      UNION
      SELECT id FROM "profiles"."profiles" WHERE tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} AND email ILIKE ${pattern}
      UNION
      SELECT profile_id FROM "profiles"."profile_custom_field_values"
        WHERE tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} AND value_json ILIKE ${pattern})`);
  }
  return where;
}

/** The ids of one page, newest first, after `after` (keyset on created_at, id), plus one extra row
 * that only says whether a next page exists. */
export function profilePageQuery(
  scope: Scope,
  filter: ProfileSearchFilter,
  after: ProfileKey | undefined,
  take: number,
  offset = 0,
): Prisma.Sql {
  const where = conditions(scope, filter);
  if (after) where.push(Prisma.sql`(p.created_at, p.id) < (${after.createdAt}, ${after.id})`);
  return Prisma.sql`SELECT p.id, p.created_at FROM "profiles"."profiles" p
    WHERE ${Prisma.join(where, ' AND ')} ORDER BY p.created_at DESC, p.id DESC LIMIT ${take} OFFSET ${offset}`;
}

/** Whether the filter narrows the profiles by anything but their status. */
function narrowsBeyondStatus(filter: ProfileSearchFilter): boolean {
  return Boolean(filter.search || filter.groupIds || filter.createdFrom || filter.createdTo || filter.customField);
}

/** Receives each profile's group ids (in assignment order) read with a page (searchProfilePage). */
export type GroupIdsReceiver = (profileId: string, groupIds: string[]) => void;

/** Which page of profiles to read: keyset after `after`, or at `offset` for the REST routes' page
 * numbers; with `groupIdsTo`, each profile's group ids are read in the same statement and handed to it. */
export interface ProfilePageRequest {
  filter: ProfileSearchFilter;
  after?: ProfileKey;
  take: number;
  offset?: number;
  groupIdsTo?: GroupIdsReceiver;
}

/** One page of profiles. Group ids, when asked, come in the same statement (the rows of
 * readGroupIdsByProfileIds: a page that shows them took a statement more, after the page). */
export async function searchProfilePage(db: Db, scope: Scope, request: ProfilePageRequest): Promise<ProfileRow[]> {
  // Raw reads on the client's pool (no Prisma query compilation per call: docs/performance.md "Read path").
  const page = pageRowsQuery(scope, request);
  const rows = await db.$readRows(`${page.text} ORDER BY created_at DESC, id DESC`, page.values, page.name);
  return handOverGroupIds(rows, request.groupIdsTo);
}

/**
 * One page of profiles and how many profiles the filter matches (countProfiles), as the lists show
 * them. Where the maintained counters answer the count (no filter, or by status alone: the list as it
 * opens and pages on), page and count are one statement, and one snapshot: each statement costs a
 * round trip and a socket write on the read path (docs/performance.md "Every query compiled").
 */
export async function searchProfilePageWithTotal(
  db: Db,
  scope: Scope,
  request: ProfilePageRequest,
): Promise<{ rows: ProfileRow[]; total: number }> {
  if (narrowsBeyondStatus(request.filter)) {
    const [rows, total] = await Promise.all([searchProfilePage(db, scope, request), countProfiles(db, scope, request.filter)]);
    return { rows, total };
  }
  const page = pageRowsQuery(scope, request);
  const counters = countersQuery(scope, request.filter.statuses, page.values.length);
  // The counters' one row, joined to the page's rows: an empty page still answers the total (a row
  // of nulls beside it).
  const rows = await db.$readRows(
    `WITH page_rows AS MATERIALIZED (${page.text}), total AS (${counters.text})
     SELECT page_rows.*, total.n AS "pageTotal" FROM total LEFT JOIN page_rows ON true
     ORDER BY page_rows."createdAt" DESC, page_rows.id DESC`,
    [...page.values, ...counters.values],
    page.name && `${page.name}_with_total`,
  );
  const total = Number(rows[0]?.pageTotal ?? 0);
  const profiles = rows.filter((row) => row.id !== null).map(({ pageTotal: _total, ...row }) => row);
  return { rows: handOverGroupIds(profiles, request.groupIdsTo), total };
}

/** The rows of a page's profiles (unordered: the caller orders), group ids as a column when asked. */
function pageRowsQuery(
  scope: Scope,
  { filter, after, take, offset, groupIdsTo }: ProfilePageRequest,
): { text: string; values: unknown[]; name: string | undefined } {
  const page = profilePageQuery(scope, filter, after, take, offset);
  const withGroupIds = groupIdsTo !== undefined;
  // The list as it opens and pages on (no filter) is one statement shape per part read: prepared per connection.
  const unfiltered = !narrowsBeyondStatus(filter) && !filter.statuses?.length;
  const name = unfiltered ? `profiles_page_rows${after ? '_after' : ''}${withGroupIds ? '_with_group_ids' : ''}` : undefined;
  // The page's keys (the index-backed query explainProfilePage shows) and then their rows, in one
  // statement: the keys and the rows were two round trips one after the other.
  const groupIds = withGroupIds ? `, ${groupIdsOf('r')} AS "groupIds"` : '';
  return {
    text: `SELECT ${PROFILE_COLUMNS}${groupIds} FROM profiles.profiles r WHERE id IN (SELECT id FROM (${page.text}) page)`,
    values: page.values,
    name,
  };
}

/** Each row's group ids handed to the receiver and taken off the row. */
function handOverGroupIds(rows: Record<string, unknown>[], groupIdsTo: GroupIdsReceiver | undefined): ProfileRow[] {
  if (!groupIdsTo) return rows as unknown as ProfileRow[];
  return rows.map(({ groupIds, ...profile }) => {
    groupIdsTo(profile.id as string, (groupIds as string[] | null) ?? []);
    return profile as unknown as ProfileRow;
  });
}

export async function countProfiles(db: Db, scope: Scope, filter: ProfileSearchFilter): Promise<number> {
  // Unfiltered or by status alone (the list as it opens): the maintained counters, a few rows
  // instead of a count over every profile of the workspace.
  if (!narrowsBeyondStatus(filter)) return countProfilesInStatuses(db, scope, filter.statuses);
  const count = Prisma.sql`SELECT count(*) AS count FROM "profiles"."profiles" p WHERE ${Prisma.join(conditions(scope, filter), ' AND ')}`;
  const rows = await db.$readRows(count.text, count.values);
  return Number(rows[0]?.count ?? 0);
}

/** How many profiles the workspace holds (in these statuses, when given), from profile_counts: the
 * statement triggers keep it in each writing transaction (migration profiles_profile_counts). */
export async function countProfilesInStatuses(db: Db, scope: Scope, statuses?: readonly string[]): Promise<number> {
  const counters = countersQuery(scope, statuses);
  return readCount(db, counters.text, counters.values, statuses?.length ? 'profile_counts_in_statuses' : 'profile_counts_all');
}

/** The counters' sum as one row `n`, its parameters numbered after `parametersBefore` others. */
function countersQuery(scope: Scope, statuses: readonly string[] | undefined, parametersBefore = 0): { text: string; values: unknown[] } {
  const at = (index: number) => `$${parametersBefore + index}`;
  const text = `SELECT COALESCE(sum(total), 0)::int AS n FROM profiles.profile_counts WHERE tenant_id = ${at(1)} AND workspace_id = ${at(2)}`;
  return statuses?.length
    ? { text: `${text} AND status = ANY(${at(3)}::text[])`, values: [scope.tenantId, scope.workspaceId, [...statuses]] }
    : { text, values: [scope.tenantId, scope.workspaceId] };
}

/** EXPLAIN of a page query (bench and tests check the plan uses the indexes). */
export async function explainProfilePage(db: DbClient, scope: Scope, filter: ProfileSearchFilter, take: number): Promise<string> {
  const rows = await db.$queryRaw<{ 'QUERY PLAN': string }[]>(
    Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${profilePageQuery(scope, filter, undefined, take)}`,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
