import { RequestContext, requestFields } from '../../platform/subgraph/subgraph-definition';
import { AccessDeps } from './services/deps';

export interface AccessContext extends RequestContext {
  deps: AccessDeps;
}

export function createAccessContext(deps: AccessDeps, base: RequestContext): AccessContext {
  return Object.assign(requestFields(base), { deps });
}
