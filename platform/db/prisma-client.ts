// The Prisma namespace (input types, JSON null markers, error classes): only data/ folders,
// platform/db/, tests and benches import it (.dependency-cruiser.cjs). Everything else reaches the
// database through data functions with plain TypeScript inputs and sees Db, DbTx and Scope
// (platform/db/prisma.ts) at most.
export { Prisma } from '../../generated/prisma/client';
