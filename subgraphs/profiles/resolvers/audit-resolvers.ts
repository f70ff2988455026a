// The workspace's audit trail for the console (services/audit-service.ts).
import { listAuditEntries, verifyWorkspaceChain } from '../services/audit-service';
import type { AuditActorKind, AuditOutcome, Resolvers } from './resolver-types.generated';

export const auditResolvers = {
  Query: {
    auditEntries: (_, args, ctx) => listAuditEntries(ctx.deps.db, ctx.principal, args),
    auditChainVerification: (_, __, ctx) => verifyWorkspaceChain(ctx.deps.db, ctx.principal),
  },
  AuditEntry: {
    id: (entry) => entry.id.toString(),
    sequence: (entry) => entry.seq.toString(),
    actorKind: (entry) => entry.actorKind as AuditActorKind,
    objectType: (entry) => entry.resourceType,
    objectId: (entry) => entry.resourceId,
    outcome: (entry) => entry.outcome as AuditOutcome,
    detail: (entry) => (entry.detail ?? {}) as Record<string, unknown>,
    personalDataErased: (entry) => entry.personalHash !== null && entry.personal === null,
  },
} satisfies Resolvers;
