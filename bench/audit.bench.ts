/**
 * The cost of the audit trail on the two write paths it joins, in one run against a fresh embedded
 * PostgreSQL:
 *  - a screening (search-sync): the one statement that stores the search, its result and its matches
 *    on the search pool, without and with the audit entry appended in the same statement;
 *  - a decision (a match review): its transaction without and with the audit append as its last write.
 * Runs alternate (off, on, off, on ...) so drift hits both sides alike; every appended entry joins
 * the same workspace chain, as in production. Prints p50 and p95 per side, the p50 difference and
 * the ratio. Target: the entry adds at most 1 ms at p50. Options: BENCH_AUDIT_COUNT (default 1500).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { auditRow } from '../platform/audit/audit-trail';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { logger } from '../platform/logging/logger';
import { Principal } from '../platform/principal/principal';
import { findMatchWithProfile, recordReview } from '../subgraphs/screening/data/review-store';
import { createSearchPool } from '../subgraphs/screening/data/search-pool';
import { insertSyncSearch, NewSearch } from '../subgraphs/screening/data/search-store';
import { newObjectIds } from '../subgraphs/screening/services/object-id';
import { searchAuditEntry } from '../subgraphs/screening/services/search-service';

const COUNT = Number(process.env.BENCH_AUDIT_COUNT ?? 1500);
const TARGET_MS = 1;
const scope = { tenantId: 'ten_bench_audit', workspaceId: 'wsp_bench_audit' };
const principal: Principal = { ...scope, actorId: 'app_bench', kind: 'application', entitlements: {}, clientAddress: '203.0.113.9' };

function newSearch(): NewSearch {
  const [requestId, ...matchIds] = newObjectIds(11);
  const createdAt = new Date();
  return {
    request: {
      id: requestId,
      ...scope,
      actorKind: 'application',
      actorId: 'app_bench',
      userName: null,
      userEmail: null,
      config: {
        feeds: ['all'],
        threshold: 0.8,
        limit: 10,
        type: 'individual',
        date_of_birth: null,
        country: null,
        index_versions: { un: 'v1' },
      },
      entities: [{ type: 'individual', name: 'Ivan Petrov', feeds: ['all'], custom_id: null }],
      jobId: null,
      profileId: null,
      source: 'direct_api',
      createdAt,
      updatedAt: createdAt,
    },
    resultId: `${requestId}_0`,
    matches: matchIds.map((id, rank) => ({
      id,
      rank,
      entityRef: `un:${1000 + rank}`,
      score: 0.9 - rank / 100,
      payload: { id, rank, score: 0.9 - rank / 100, name: `Listed Person ${rank}`, review_status: 'unresolved', checklist: { screen: {} } },
    })),
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function timed(work: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function report(label: string, off: number[], on: number[]): boolean {
  const [p50Off, p50On] = [percentile(off, 0.5), percentile(on, 0.5)];
  const delta = p50On - p50Off;
  console.log(
    `${label.padEnd(26)} off p50 ${p50Off.toFixed(3)} ms p95 ${percentile(off, 0.95).toFixed(3)} ms | ` +
      `on p50 ${p50On.toFixed(3)} ms p95 ${percentile(on, 0.95).toFixed(3)} ms | ` +
      `+${delta.toFixed(3)} ms at p50, ratio ${(p50On / p50Off).toFixed(2)} ${delta <= TARGET_MS ? '(within' : '(OVER'} the ${TARGET_MS} ms target)`,
  );
  return delta <= TARGET_MS;
}

async function main(): Promise<void> {
  logger.level = 'warn';
  const database = await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-bench-audit-${process.pid}`), ephemeral: true });
  const db = createDb(database.url, 4);
  const pool = createSearchPool(database.url, 4, () => undefined);
  try {
    await applyMigrations(database.url);
    console.log(`${COUNT} runs per side, alternating; one workspace chain`);

    // Screening: the search statement, without and with its audit entry.
    const searchOff: number[] = [];
    const searchOn: number[] = [];
    for (let i = 0; i < COUNT + 100; i++) {
      const plain = newSearch();
      const audited = newSearch();
      const entry = auditRow(
        searchAuditEntry(
          principal,
          {
            name: 'Ivan Petrov',
            type: 'individual',
            typeLabel: 'individual',
            feeds: 'all',
            feedNames: ['all'],
            dateOfBirth: undefined,
            country: undefined,
            limit: 10,
            threshold: 0.8,
            customId: null,
            profileId: null,
          },
          { un: 'v1' },
          audited,
          audited.request.createdAt,
        ),
      );
      const off = await timed(() => insertSyncSearch(pool.writeStatement, plain));
      const on = await timed(() => insertSyncSearch(pool.writeStatement, audited, entry));
      if (i >= 100) {
        searchOff.push(off);
        searchOn.push(on);
      } // the first 100 warm up (prepared statements, caches)
    }

    // Decision: a match review (status, history row) without and with its audit entry.
    const base = newSearch();
    await insertSyncSearch(pool.writeStatement, base);
    const match = (await findMatchWithProfile(db, scope, base.matches[0].id))!;
    const reviewOff: number[] = [];
    const reviewOn: number[] = [];
    const statuses = ['true_positive', 'unresolved'] as const;
    for (let i = 0; i < COUNT + 100; i++) {
      const change = (audited: boolean) => {
        const at = new Date();
        const toStatus = statuses[i % 2];
        return {
          id: crypto.randomBytes(12).toString('hex'),
          match,
          toStatus,
          actor: { kind: 'application', id: 'app_bench', name: null },
          note: null,
          at,
          audit: audited
            ? auditRow({
                ...scope,
                actorKind: 'application',
                actorId: 'app_bench',
                clientAddress: '203.0.113.9',
                action: 'screening.match.review',
                resourceType: 'screening.match',
                resourceId: match.id,
                outcome: 'succeeded',
                detail: { from: match.reviewStatus, to: toStatus, search_id: match.requestId, entity_id: match.entityRef },
                at,
              })
            : undefined,
        };
      };
      const off = await timed(() => recordReview(db, scope, change(false)));
      const on = await timed(() => recordReview(db, scope, change(true)));
      if (i >= 100) {
        reviewOff.push(off);
        reviewOn.push(on);
      }
    }

    const ok = [report('screening (search-sync)', searchOff, searchOn), report('decision (match review)', reviewOff, reviewOn)].every(
      Boolean,
    );
    const entries = await db.auditLogEntry.count({ where: scope });
    console.log(`${entries} audit entries appended to one chain`);
    if (!ok) process.exitCode = 1;
  } finally {
    await pool.end();
    await db.$disconnect();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
