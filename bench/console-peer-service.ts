// The plain peer bench:console and bench:read-path put beside the platform: node:http + pg answering
// the same reads straight from SQL (same rows, the same JSON shapes), no gateway, no subgraphs, no
// credential check. GET /<screen>?... → JSON: the console's screens (bench:console), and under
// /read/ the management reads of bench:read-path in their REST envelopes, plus POST /read/profiles
// (an insert of a profile, as POST /clm/v1/profiles stores it). Nothing on these paths is decrypted
// by the platform (profiles, session lists, search history and matches are not sealed); the
// sealed results of a session are read only by GET /idv/v1/sessions/{id}/data, which is not here.
// Started by the benches as a child process: tsx bench/console-peer-service.ts <databaseUrl> <tenantId> <workspaceId>
import http from 'node:http';
import crypto from 'node:crypto';
import pg from 'pg';
import { screeningPeerScreens } from './lib/console-screening-screens';
import { readPeerScreens } from './lib/console-read-screens';
import { REQUEST_COLUMNS, SESSION_COLUMNS, restMatch, restRequest, restSession } from './lib/peer-rest-shapes';
import { LocalKeyProvider } from '../platform/crypto/envelope';
import type { Db } from '../platform/db/prisma';

const [databaseUrl, tenantId, workspaceId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
const scope = [tenantId, workspaceId];
// The platform's master key (the bench hands both children the same environment): the assessment
// page opens the sealed subjects as the risk subgraph does.
const keys = new LocalKeyProvider(Buffer.from(process.env.VIGIL_MASTER_KEY ?? '', 'base64'));

const SESSION_ROW = `s.id, s.status, s.review_status, s.assignee, s.created_at, s.submitted_at, s.reviewed_at, s.flag_categories,
  s.profile_id, json_build_object('id', p.id, 'name', p.name) AS profile`;
const SESSIONS_FROM = `idv.sessions s JOIN profiles.profiles p ON p.id = s.profile_id`;

async function rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  return (await pool.query(sql, params)).rows as Record<string, unknown>[];
}

/** The two raw-read methods of the platform's database the analytics data layers call, on this pool
 * (named statements prepared per connection, as the platform's $readRows): the peer runs the
 * platform's own analytics SQL without the API around it. */
const statements = {
  $readRows: async (sql: string, params: readonly unknown[], name?: string) =>
    (await pool.query({ text: sql, values: [...params], name })).rows as Record<string, unknown>[],
  $queryRawUnsafe: async (sql: string, ...params: unknown[]) => (await pool.query(sql, params)).rows as Record<string, unknown>[],
} as unknown as Db;

async function queue(statuses: string[], first: number) {
  const [nodes, count] = await Promise.all([
    rows(
      `SELECT ${SESSION_ROW} FROM ${SESSIONS_FROM} WHERE s.tenant_id = $1 AND s.workspace_id = $2 AND s.review_status = ANY($3)
        ORDER BY s.created_at DESC, s.id DESC LIMIT $4`,
      [...scope, statuses, first + 1],
    ),
    rows(`SELECT count(*)::int AS n FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2 AND review_status = ANY($3)`, [
      ...scope,
      statuses,
    ]),
  ]);
  return { nodes: nodes.slice(0, first), pageInfo: { hasNextPage: nodes.length > first }, totalCount: count[0].n };
}

const screens: Record<string, (query: URLSearchParams) => Promise<unknown>> = {
  async home() {
    const [awaiting, escalated, alerts, profiles, recentSessions, recentProfiles] = await Promise.all([
      queue(['requires_review'], 25),
      queue(['escalation'], 25),
      rows(
        `SELECT count(*)::int AS n FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'open'`,
        scope,
      ),
      rows(`SELECT COALESCE(sum(total), 0)::int AS n FROM profiles.profile_counts WHERE tenant_id = $1 AND workspace_id = $2`, scope),
      rows(
        `SELECT ${SESSION_ROW} FROM ${SESSIONS_FROM} WHERE s.tenant_id = $1 AND s.workspace_id = $2 ORDER BY s.created_at DESC, s.id DESC LIMIT 8`,
        scope,
      ),
      rows(
        `SELECT id, name, status, updated_at FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY created_at DESC, id DESC LIMIT 6`,
        scope,
      ),
    ]);
    return { awaiting, escalated, openAlerts: alerts[0].n, profiles: profiles[0].n, recentSessions, recentProfiles };
  },
  async profiles(query) {
    const after = query.get('after');
    const search = query.get('search');
    const cursor = after ? (JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as [string, string]) : null;
    const where = [`p.tenant_id = $1`, `p.workspace_id = $2`];
    const params: unknown[] = [...scope];
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(p.name ILIKE $${params.length} OR p.email ILIKE $${params.length})`);
    }
    const countWhere = where.join(' AND ');
    const countParams = [...params];
    if (cursor) {
      params.push(cursor[0], cursor[1]);
      where.push(`(p.created_at, p.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
    }
    const [nodes, count, groups] = await Promise.all([
      rows(
        `SELECT p.id, p.name, p.kind, p.status, p.email, p.created_at, p.updated_at,
                COALESCE((SELECT array_agg(g.group_id) FROM profiles.profile_group_assignments g WHERE g.profile_id = p.id), '{}') AS profile_group_ids
           FROM profiles.profiles p WHERE ${where.join(' AND ')} ORDER BY p.created_at DESC, p.id DESC LIMIT 51`,
        params,
      ),
      // Unfiltered: the workspace's maintained counters, as the platform reads them.
      search
        ? rows(`SELECT count(*)::int AS n FROM profiles.profiles p WHERE ${countWhere}`, countParams)
        : rows(`SELECT COALESCE(sum(total), 0)::int AS n FROM profiles.profile_counts WHERE tenant_id = $1 AND workspace_id = $2`, scope),
      rows(
        `SELECT id, name FROM profiles.profile_groups WHERE tenant_id = $1 AND workspace_id = $2 AND archived_at IS NULL ORDER BY priority, name`,
        scope,
      ),
    ]);
    const page = nodes.slice(0, 50);
    const last = page.at(-1);
    const endCursor = last ? Buffer.from(JSON.stringify([(last.created_at as Date).toISOString(), last.id])).toString('base64url') : null;
    return { nodes: page, pageInfo: { hasNextPage: nodes.length > 50, endCursor }, totalCount: count[0].n, groups };
  },
  async profile(query) {
    const id = query.get('id');
    const [profile, fields, latest, sessions, assessments, comments] = await Promise.all([
      rows(`SELECT * FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 AND id = $3`, [...scope, id]),
      rows(`SELECT * FROM profiles.profile_custom_field_values WHERE profile_id = $1`, [id]),
      rows(
        `SELECT r.id, r.created_at, res.id AS search_id, res.name, res.match_count, count(*) OVER ()::int AS n
           FROM screening.search_requests r LEFT JOIN screening.search_results res ON res.tenant_id = r.tenant_id AND res.workspace_id = r.workspace_id AND res.request_id = r.id AND res.entity_index = 0
          WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.profile_id = $3 ORDER BY r.created_at DESC, r.id DESC`,
        [...scope, id],
      ),
      rows(
        `SELECT ${SESSION_ROW} FROM ${SESSIONS_FROM} WHERE s.tenant_id = $1 AND s.workspace_id = $2 AND s.profile_id = $3 ORDER BY s.created_at`,
        [...scope, id],
      ),
      rows(
        `SELECT id, title, status, created_at, updated_at FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2 AND profile_ids @> ARRAY[$3::text]`,
        [...scope, id],
      ),
      rows(
        `SELECT id, kind, text, created_at, created_by FROM profiles.profile_comments WHERE profile_id = $1 ORDER BY created_at DESC LIMIT 100`,
        [id],
      ),
    ]);
    return {
      profile: profile[0] ?? null,
      fields,
      screening: { searchCount: latest[0]?.n ?? 0, latestSearch: latest[0] ?? null },
      sessions,
      assessments,
      comments,
    };
  },
  async review() {
    return queue(['requires_review', 'escalation'], 50);
  },
  async session(query) {
    const found = await rows(
      `SELECT ${SESSION_ROW}, s.updated_at, s.workflow_ref, s.artifacts, s.review_history,
              json_build_object('id', p.id, 'name', p.name, 'kind', p.kind, 'email', p.email, 'status', p.status) AS full_profile
         FROM ${SESSIONS_FROM} WHERE s.tenant_id = $1 AND s.workspace_id = $2 AND s.id = $3`,
      [...scope, query.get('id')],
    );
    return { session: found[0] ?? null };
  },
  /** The sessions list (first: the console's page of 50; bench:read-path asks for 20). */
  async sessions(query) {
    const first = Number(query.get('first') ?? 50);
    const [nodes, count] = await Promise.all([
      rows(
        `SELECT ${SESSION_ROW} FROM ${SESSIONS_FROM} WHERE s.tenant_id = $1 AND s.workspace_id = $2 ORDER BY s.created_at DESC, s.id DESC LIMIT $3`,
        [...scope, first + 1],
      ),
      rows(`SELECT count(*)::int AS n FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2`, scope),
    ]);
    return { nodes: nodes.slice(0, first), pageInfo: { hasNextPage: nodes.length > first }, totalCount: count[0].n };
  },
  ...screeningPeerScreens(rows, scope),
  ...readPeerScreens(rows, scope, keys, statements),
};

// --- bench:read-path: the REST routes' reads and the profile insert -------------------------------

const PROFILE_COLUMNS = `p.id, p.name, p.kind, p.email, p.status, p.erasure_claimed_at, p.erased_at, p.created_at, p.updated_at,
  COALESCE((SELECT json_agg(json_build_object('key', v.key, 'label', d.label, 'type', d.type, 'value', v.value_json::json) ORDER BY d.priority, v.key)
              FROM profiles.profile_custom_field_values v JOIN profiles.custom_field_definitions d
                ON d.tenant_id = v.tenant_id AND d.workspace_id = v.workspace_id AND d.key = v.key
             WHERE v.profile_id = p.id), '[]') AS fields,
  COALESCE((SELECT array_agg(g.group_id ORDER BY g.position, g.created_at) FROM profiles.profile_group_assignments g WHERE g.profile_id = p.id), '{}') AS group_ids`;

/** A profile row in the shape of the REST answer (rest-adapter/routes/profiles-mapping.ts toProfile). */
function restProfile(row: Record<string, unknown>) {
  const fields = row.fields as unknown[];
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    email: row.email,
    status: row.status,
    ...(fields.length ? { profileCustomFields: fields } : {}),
    profileGroupIds: row.group_ids,
    ...(row.erasure_claimed_at ? { erasureClaimedAt: row.erasure_claimed_at, erasedAt: row.erased_at } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** to_char's pattern of an instant as the API writes it (JSON built in SQL does not say Z). */
const ISO_INSTANT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

const clm = (result: unknown) => ({ msg: 'success', status: 200, result });

const readPaths: Record<string, (query: URLSearchParams, body: Record<string, unknown> | undefined) => Promise<unknown>> = {
  async profile(query) {
    const [row] = await rows(
      `SELECT ${PROFILE_COLUMNS} FROM profiles.profiles p WHERE p.tenant_id = $1 AND p.workspace_id = $2 AND p.id = $3`,
      [...scope, query.get('id')],
    );
    if (!row) throw new Error('profile not found');
    return clm({ profile: restProfile(row) });
  },
  async profiles(query) {
    const limit = Number(query.get('limit') ?? 20);
    const [page, count] = await Promise.all([
      rows(
        `SELECT ${PROFILE_COLUMNS} FROM profiles.profiles p WHERE p.tenant_id = $1 AND p.workspace_id = $2
          ORDER BY p.created_at DESC, p.id DESC LIMIT $3`,
        [...scope, limit],
      ),
      rows(`SELECT count(*)::int AS n FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2`, scope),
    ]);
    return clm({ profiles: page.map(restProfile), meta: { page: 1, perPage: limit, total: count[0].n } });
  },
  /** A page of profiles, each with its sessions and its latest search with that search's matches. */
  async 'profiles-overview'(query) {
    const limit = Number(query.get('limit') ?? 20);
    const [page, count] = await Promise.all([
      rows(
        `SELECT p.id, p.name, p.kind, p.status, p.created_at,
                COALESCE((SELECT array_agg(g.group_id ORDER BY g.position, g.created_at) FROM profiles.profile_group_assignments g WHERE g.profile_id = p.id), '{}') AS "profileGroupIds",
                COALESCE((SELECT json_agg(json_build_object('id', s.id, 'status', s.status, 'reviewStatus', s.review_status, 'createdAt', s.created_at) ORDER BY s.created_at DESC)
                            FROM idv.sessions s WHERE s.tenant_id = p.tenant_id AND s.workspace_id = p.workspace_id AND s.profile_id = p.id), '[]') AS "verificationSessions",
                (SELECT json_build_object('searchCount', (SELECT count(*) FROM screening.search_requests c WHERE c.tenant_id = p.tenant_id AND c.workspace_id = p.workspace_id AND c.profile_id = p.id),
                        'latestSearch', json_build_object('searchId', r.id, 'createdAt', r.created_at,
                          'matches', COALESCE((SELECT json_agg(json_build_object('id', m.id, 'score', m.score, 'reviewStatus', m.review_status) ORDER BY m.rank)
                                                 FROM screening.search_matches m WHERE m.tenant_id = r.tenant_id AND m.workspace_id = r.workspace_id AND m.request_id = r.id), '[]')))
                   FROM screening.search_requests r WHERE r.tenant_id = p.tenant_id AND r.workspace_id = p.workspace_id AND r.profile_id = p.id
                  ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS screening
           FROM profiles.profiles p WHERE p.tenant_id = $1 AND p.workspace_id = $2 ORDER BY p.created_at DESC, p.id DESC LIMIT $3`,
        [...scope, limit],
      ),
      rows(`SELECT count(*)::int AS n FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2`, scope),
    ]);
    return { data: { profiles: { nodes: page, totalCount: count[0].n } } };
  },
  async sessions(query) {
    const limit = Number(query.get('limit') ?? 20);
    const page = await rows(
      `SELECT ${SESSION_COLUMNS} FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
      [...scope, limit + 1],
    );
    const data = page.slice(0, limit).map(restSession);
    return {
      data,
      has_more: page.length > limit,
      // The keyset of the page's last session, encoded as the platform encodes it.
      next_cursor:
        page.length > limit ? Buffer.from(JSON.stringify({ c: data.at(-1)?.created_at, i: data.at(-1)?.id })).toString('base64url') : null,
    };
  },
  async history(query) {
    const limit = Number(query.get('limit') ?? 20);
    const [page, count] = await Promise.all([
      rows(
        `SELECT ${REQUEST_COLUMNS} FROM screening.search_requests r WHERE r.tenant_id = $1 AND r.workspace_id = $2
          ORDER BY r.created_at DESC, r.id DESC LIMIT $3`,
        [...scope, limit],
      ),
      rows(`SELECT total::int AS n FROM screening.search_request_counts WHERE tenant_id = $1 AND workspace_id = $2`, scope),
    ]);
    const total = count[0]?.n as number;
    const pages = Math.ceil(total / limit);
    return clm({
      requests: page.map(restRequest),
      pagination: { page: 1, limit, total_count: total, total_pages: pages, has_next: pages > 1, has_prev: false },
    });
  },
  async matches(query) {
    const id = query.get('request_id');
    const [[request], matches] = await Promise.all([
      rows(`SELECT ${REQUEST_COLUMNS} FROM screening.search_requests r WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.id = $3`, [
        ...scope,
        id,
      ]),
      rows(
        `SELECT m.payload || jsonb_build_object('id', m.id, 'rank', m.rank, 'review_status', m.review_status) AS match,
                COALESCE((SELECT json_agg(json_build_object('_v', c.version, 'id', c.id, 'createdAt', to_char(c.created_at, $4), 'updatedAt', to_char(c.updated_at, $4),
                                   'text', c.text, 'kind', c.kind, 'matchId', c.match_id, 'profileId', c.profile_id,
                                   'createdBy', c.created_by, 'updatedBy', c.updated_by) ORDER BY c.created_at, c.id)
                            FROM profiles.profile_comments c WHERE c.match_id = m.id), '[]') AS comments
           FROM screening.search_matches m WHERE m.tenant_id = $1 AND m.workspace_id = $2 AND m.request_id = $3 ORDER BY m.rank`,
        [...scope, id, ISO_INSTANT],
      ),
    ]);
    if (!request) throw new Error('search not found');
    return clm({
      request: restRequest(request),
      searchId: id,
      matches: matches.map((row) => restMatch(row.match as Record<string, unknown>, row.comments)),
    });
  },
  /** POST: the insert of POST /clm/v1/profiles (one transaction: the definitions it checks against, the row). */
  async 'create-profile'(_, body) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `SELECT key, type, required FROM profiles.custom_field_definitions WHERE tenant_id = $1 AND workspace_id = $2`,
        scope,
      );
      const id = `prf_${crypto.randomBytes(12).toString('hex')}`;
      const { rows: inserted } = await client.query(
        `INSERT INTO profiles.profiles (id, tenant_id, workspace_id, name, kind, email, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())
         RETURNING id, name, kind, email, status, erasure_claimed_at, erased_at, created_at, updated_at, '[]'::json AS fields, '{}'::text[] AS group_ids`,
        [id, ...scope, body?.name, body?.kind, body?.email ?? null],
      );
      await client.query('COMMIT');
      return clm({ profile: restProfile(inserted[0] as Record<string, unknown>) });
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  },
};

async function bodyOf(req: http.IncomingMessage): Promise<Record<string, unknown> | undefined> {
  if (req.method !== 'POST') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** Answers one request; every failure becomes a 400, so the promise never rejects. */
async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (url.pathname.startsWith('/read/')) {
      const read = readPaths[url.pathname.slice('/read/'.length)];
      if (!read) throw new Error(`no read path ${url.pathname}`);
      const result = await read(url.searchParams, await bodyOf(req));
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      return;
    }
    const screen = screens[url.pathname.slice(1)];
    if (!screen) throw new Error(`no screen ${url.pathname}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(await screen(url.searchParams)));
  } catch (error) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }));
  }
}
const server = http.createServer((req, res) => void answer(req, res));
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`READY ${JSON.stringify({ peer: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })}\n`),
);
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
