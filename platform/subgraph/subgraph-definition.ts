// What a subgraph is to the frame that runs it: its name, schema, resolvers and per-request
// context. Types only, so the server (subgraph-server.ts), the in-process executor
// (local-subgraph.ts) and every subgraph can depend on them without depending on one another.
import type express from 'express';
import type { GraphQLScalarType } from 'graphql';
import type { VigilConfig } from '../config';
import type { Db } from '../db/prisma';
import type { Logger } from '../logging/logger';
import type { Principal } from '../principal/principal';

export type SubgraphName = 'profiles' | 'idv' | 'screening' | 'risk' | 'access';

/** What every resolver gets; a subgraph adds its services and DataLoaders on top. */
export interface RequestContext {
  principal: Principal;
  requestId: string;
  log: Logger;
}

/** The request's own fields in a new object, the start of every subgraph's context (its parts are
 * added with Object.assign). Not a spread: V8 builds an object literal that spreads an object and
 * then adds properties through its runtime, several µs for every call of a subgraph where
 * Object.assign takes a fraction of one (docs/performance.md, "Eighth round"). */
export function requestFields(base: RequestContext): RequestContext {
  return { principal: base.principal, requestId: base.requestId, log: base.log };
}

export interface SubgraphDependencies {
  db: Db;
  config: VigilConfig;
}

/**
 * A subgraph's resolver map as its generated `Resolvers` type spells it
 * (subgraphs/<name>/resolvers/resolver-types.generated.ts): per GraphQL type, its field resolvers
 * (and `__resolveReference` of an entity) or a scalar. Structural, not Apollo's GraphQLResolverMap:
 * the generated resolvers type their parent and arguments, and `__resolveReference` takes
 * (reference, context, info), neither of which that map's one field-resolver signature accepts.
 */
export type SubgraphResolvers = { [typeName: string]: GraphQLScalarType | { [fieldName: string]: unknown } | undefined };

export interface SubgraphDefinition<Context extends RequestContext = RequestContext> {
  name: SubgraphName;
  /** The subgraph's schema folder (`subgraphs/<name>/schema`), read by readSchema. */
  schemaPath: string;
  /** The subgraph's `Resolvers` (generated from its SDL, typed for `Context`). */
  resolvers: SubgraphResolvers;
  /** Builds the per-request context (services, DataLoaders) from the verified principal. */
  createContext(base: RequestContext): Context;
  /** Express routes outside GraphQL (rare; e.g. binary uploads stay in the REST adapter). */
  mountRoutes?(app: express.Express): void;
  /** Extra readiness beyond the database (e.g. an in-memory index still loading): throw if not ready. */
  ready?(): Promise<void> | void;
  /** Called on shutdown (timers, caches). */
  close?(): Promise<void>;
}
