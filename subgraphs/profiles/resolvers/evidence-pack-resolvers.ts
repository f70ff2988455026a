// Evidence packs (services/evidence-pack-service.ts): create one, read one's description; the files
// are downloaded from the REST adapter's routes named by the URLs.
import { createEvidencePack, EvidencePackDeps, readEvidencePack } from '../services/evidence-pack-service';
import { ProfilesError } from '../errors';
import type { ProfilesContext } from '../context';
import type { Resolvers } from './resolver-types.generated';

function packDeps(ctx: ProfilesContext): EvidencePackDeps {
  if (!ctx.deps.evidence) throw new ProfilesError('service_unavailable', 'Evidence packs are not available in this process');
  return { db: ctx.deps.db, ...ctx.deps.evidence };
}

export const evidencePackResolvers = {
  Query: {
    evidencePack: (_, args, ctx) => readEvidencePack(packDeps(ctx), ctx.principal, args.id, ctx.requestId),
  },
  Mutation: {
    createEvidencePack: (_, args, ctx) => createEvidencePack(packDeps(ctx), ctx.principal, args.input, ctx.requestId),
  },
  EvidencePack: {
    jsonPath: (pack) => `/v1/audit/packs/${pack.id}.json`,
    pdfPath: (pack) => `/v1/audit/packs/${pack.id}.pdf`,
    consoleJsonPath: (pack) => `/console/files/audit/packs/${pack.id}.json`,
    consolePdfPath: (pack) => `/console/files/audit/packs/${pack.id}.pdf`,
  },
} satisfies Resolvers;
