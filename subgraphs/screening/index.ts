import path from 'node:path';
import express from 'express';
import { blobStoreFromEnv } from '../../platform/blobs';
import { SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-definition';
import { errorSummary, logger } from '../../platform/logging/logger';
import { createScreeningContext, ScreeningContext, ScreeningServices } from './context';
import { screeningResolvers } from './resolvers/screening-resolvers';
import { nameCompareResolvers } from './resolvers/name-compare-resolvers';
import { monitoringResolvers } from './monitoring/resolvers/monitoring-resolvers';
import { workQueueResolvers } from './resolvers/work-queue-resolvers';
import { analyticsResolvers } from './analytics/resolvers/analytics-resolvers';
import { thresholdLabResolvers } from './resolvers/threshold-lab-resolvers';
import type { Resolvers } from './resolvers/resolver-types.generated';
import type { IndexHolder } from './services/index-holder';
import { leaseIndexHolder } from './services/shared-index-holder';
import { ImportQueue } from './services/import-requests';
import { LazyQueue } from './services/lazy-queue';
import { BATCH_QUEUES } from './jobs/batch-queues';
import { envValue } from '../../platform/config/env';
import { createSearchPool } from './data/search-pool';
import { subgraphProfileLinks } from './services/profile-links';

export function screeningSubgraph(deps: SubgraphDependencies): SubgraphDefinition<ScreeningContext> {
  // The process's one index, shared with the batch and monitoring workers of this process.
  const index = leaseIndexHolder({
    databaseUrl: deps.config.databaseUrl,
    log: logger.child({ service: 'screening' }),
  });
  const holder = index.holder;
  // Searches are written (and their settings read) with node-postgres directly: one prepared
  // statement each, without Prisma's per-call query compilation (the hottest non-engine cost of the
  // search path in CPU profiles).
  const pool = createSearchPool(deps.config.databaseUrl, envValue('VIGIL_SCREENING_POOL_SIZE'), (error) =>
    // (pg-pool puts the whole client on the error: logged as a summary)
    logger.warn({ err: errorSummary(error) }, 'screening search pool: idle client error'),
  );
  const services: ScreeningServices = {
    db: deps.db,
    holder,
    importQueue: new ImportQueue(deps.config.databaseUrl),
    writeStatement: pool.writeStatement,
    readRows: pool.readRows,
    batchQueue: new LazyQueue(deps.config.databaseUrl, BATCH_QUEUES),
    blobs: blobStoreFromEnv(),
    reportLinkSecret: deps.config.internalSecret,
    profileLinks: subgraphProfileLinks({ url: deps.config.subgraphUrls.profiles, secret: deps.config.internalSecret }),
  };
  return {
    name: 'screening',
    schemaPath: path.join(__dirname, 'schema'),
    resolvers: {
      ...screeningResolvers,
      Query: {
        ...screeningResolvers.Query,
        ...nameCompareResolvers.Query,
        ...monitoringResolvers.Query,
        ...thresholdLabResolvers.Query,
      },
      Mutation: { ...screeningResolvers.Mutation, ...monitoringResolvers.Mutation },
      MonitoringAlert: monitoringResolvers.MonitoringAlert,
      MonitoredProfile: monitoringResolvers.MonitoredProfile,
      WorkQueues: workQueueResolvers.WorkQueues,
      WorkspaceAnalytics: analyticsResolvers.WorkspaceAnalytics,
    } satisfies Resolvers,
    createContext: (base) => createScreeningContext(services, base),
    mountRoutes: (app) => mountIndexStatus(app, holder),
    // Not ready until the first index is built from the database.
    ready: () => {
      if (!holder.ready) throw new Error('screening index not built yet');
    },
    async close() {
      await index.release();
      await services.importQueue.close();
      await services.batchQueue.close();
      await pool.end();
    },
  };
}

/** The index state, for operators (/readyz only says ready or not). */
function mountIndexStatus(app: express.Express, holder: IndexHolder): void {
  app.get('/readyz/index', (_req, res) => {
    res
      .status(holder.ready ? 200 : 503)
      .json({ status: holder.ready ? 'ready' : 'unavailable', service: 'screening', index: holder.status() });
  });
}
