// What a subgraph is to the frame that runs it: its name, schema, resolvers and per-request
// context. Types only, so the server (subgraph-server.ts), the in-process executor
// (local-subgraph.ts) and every subgraph can depend on them without depending on one another.
import type express from 'express';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap';
import type { VigilConfig } from '../config';
import type { Db } from '../db/prisma';
import type { Logger } from '../logging/logger';
import type { Principal } from '../principal/principal';

export type SubgraphName = 'profiles' | 'idv' | 'screening' | 'risk';

/** What every resolver gets; a subgraph adds its services and DataLoaders on top. */
export interface RequestContext {
  principal: Principal;
  requestId: string;
  log: Logger;
}

export interface SubgraphDependencies {
  db: Db;
  config: VigilConfig;
}

export interface SubgraphDefinition<Context extends RequestContext = RequestContext> {
  name: SubgraphName;
  /** The subgraph's schema folder (`subgraphs/<name>/schema`), read by readSchema. */
  schemaPath: string;
  resolvers: GraphQLResolverMap<Context>;
  /** Builds the per-request context (services, DataLoaders) from the verified principal. */
  createContext(base: RequestContext): Context;
  /** Express routes outside GraphQL (rare; e.g. binary uploads stay in the REST adapter). */
  mountRoutes?(app: express.Express): void;
  /** Extra readiness beyond the database (e.g. an in-memory index still loading): throw if not ready. */
  ready?(): Promise<void> | void;
  /** Called on shutdown (timers, caches). */
  close?(): Promise<void>;
}
