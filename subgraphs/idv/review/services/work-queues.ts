// IDV's counts on the console's home page (WorkQueues, owned by the profiles subgraph): the
// sessions awaiting a reviewer in the caller's scope. Served by the (tenant, workspace,
// review_status, assignee) index.
import { Principal } from '../../../../platform/principal/principal';
import { countReviewQueue } from '../../data/session-store';
import { OPEN_REVIEW } from '../../model/states';
import { IdvDeps } from '../../services/deps';
import { isManagement } from '../../services/principals';

/** The WorkQueues entity as this subgraph receives it: its key. */
export interface WorkQueuesRef {
  workspaceId: string;
}

export type IdvQueueCount = 'awaiting' | 'assigned_to_me' | 'unassigned';

export async function countIdvQueue(deps: IdvDeps, principal: Principal, which: IdvQueueCount): Promise<number> {
  if (!isManagement(principal)) return 0;
  if (which === 'assigned_to_me' && principal.kind !== 'dashboard_user') return 0;
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const assignee = which === 'awaiting' ? undefined : which === 'unassigned' ? null : principal.actorId;
  return countReviewQueue(deps.db, scope, { reviewStatuses: [...OPEN_REVIEW], assignee });
}
