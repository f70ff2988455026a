// The plain peer bench:console puts beside POST /console/graphql: node:http + pg answering the reads
// of each console screen straight from SQL (same rows, roughly the same JSON), no gateway, no
// subgraphs, no session check. GET /<screen>?... → JSON. Nothing on these screens is decrypted by
// the platform except SessionData's sealed results, which the seeded sessions do not carry.
// Started by the bench as a child process: tsx bench/console-peer-service.ts <databaseUrl> <tenantId> <workspaceId>
import http from 'node:http';
import pg from 'pg';

const [databaseUrl, tenantId, workspaceId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
const scope = [tenantId, workspaceId];

const SESSION_ROW = `s.id, s.status, s.review_status, s.assignee, s.created_at, s.submitted_at, s.reviewed_at, s.flag_categories,
  s.profile_id, json_build_object('id', p.id, 'name', p.name) AS profile`;
const SESSIONS_FROM = `idv.sessions s JOIN profiles.profiles p ON p.id = s.profile_id`;

async function rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  return (await pool.query(sql, params)).rows as Record<string, unknown>[];
}

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
      rows(`SELECT count(*)::int AS n FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 AND erased_at IS NULL`, scope),
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
      rows(`SELECT count(*)::int AS n FROM profiles.profiles p WHERE ${countWhere}`, countParams),
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
           FROM screening.search_requests r LEFT JOIN screening.search_results res ON res.request_id = r.id AND res.entity_index = 0
          WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.profile_id = $3 ORDER BY r.created_at DESC, r.id DESC`,
        [...scope, id],
      ),
      rows(
        `SELECT ${SESSION_ROW} FROM ${SESSIONS_FROM} WHERE s.tenant_id = $1 AND s.workspace_id = $2 AND s.profile_id = $3 ORDER BY s.created_at`,
        [...scope, id],
      ),
      rows(
        `SELECT id, title, status, created_at, updated_at FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2 AND $3 = ANY(profile_ids)`,
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
  async sessions() {
    const [nodes, count] = await Promise.all([
      rows(
        `SELECT ${SESSION_ROW} FROM ${SESSIONS_FROM} WHERE s.tenant_id = $1 AND s.workspace_id = $2 ORDER BY s.created_at DESC, s.id DESC LIMIT 51`,
        scope,
      ),
      rows(`SELECT count(*)::int AS n FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2`, scope),
    ]);
    return { nodes: nodes.slice(0, 50), pageInfo: { hasNextPage: nodes.length > 50 }, totalCount: count[0].n };
  },
};

/** Answers one request; every failure becomes a 400, so the promise never rejects. */
async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? '/', 'http://peer');
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
