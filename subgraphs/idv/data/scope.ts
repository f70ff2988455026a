import type { Scope } from '../../../platform/db/prisma';

/** Exactly the two scope columns (callers may pass richer objects). */
export function scoped(scope: Scope): Scope {
  return { tenantId: scope.tenantId, workspaceId: scope.workspaceId };
}
