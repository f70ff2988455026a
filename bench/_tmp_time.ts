import { createDb } from '../platform/db/prisma';
import { reviewDecisionTimes, reviewQueueAge } from '../subgraphs/idv/analytics/data/analytics-store';
import { matchDecisionTimes, screeningQueueAges, alertDecisionTimes } from '../subgraphs/screening/analytics/data/analytics-store';
const db = createDb(process.argv[2], 2);
const scope = { tenantId: 'ten_gqcy2h4tnfewhvxftsq0xlvq', workspaceId: 'wsp_yajeih9vbk94ykzyqzwdicqb' };
const from = new Date('2026-08-30T00:00:00Z'), to = new Date('2026-11-28T00:00:00Z'), now = new Date();
const S = [scope.tenantId, scope.workspaceId, from, to];
const cases: Record<string, () => Promise<unknown>> = {
  'old match median': () => db.$readRows(`SELECT count(*)::int AS decisions, (percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds))::float8 AS m FROM screening.match_first_decisions WHERE tenant_id = $1 AND workspace_id = $2 AND decided_at >= $3::timestamp AND decided_at < $4::timestamp`, S, 'old_m'),
  'new match median': () => matchDecisionTimes(db, scope, from, to),
  'old idv median': () => db.$readRows(`SELECT count(*)::int AS decisions, (percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', reviewed_at - assessed_at)))::float8 AS m FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('accepted', 'rejected') AND assessed_at IS NOT NULL AND reviewed_at >= $3::timestamp AND reviewed_at < $4::timestamp`, S, 'old_i'),
  'new idv median': () => reviewDecisionTimes(db, scope, from, to),
  'alert median': () => alertDecisionTimes(db, scope, from, to),
  'screening queues (both)': () => screeningQueueAges(db, scope, now),
  'idv queue': () => reviewQueueAge(db, scope, now),
};
(async () => {
  for (const [name, run] of Object.entries(cases)) for (let i = 0; i < 10; i++) await run();
  for (let round = 0; round < 2; round++)
    for (const [name, run] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 0; i < 40; i++) { const t = performance.now(); await run(); times.push(performance.now() - t); }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(26)} min ${times[0].toFixed(2)} p25 ${times[10].toFixed(2)} med ${times[20].toFixed(2)}`);
    }
  await db.$disconnect();
})();
