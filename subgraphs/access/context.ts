import { RequestContext } from '../../platform/subgraph/subgraph-definition';
import { AccessDeps } from './services/deps';

export interface AccessContext extends RequestContext {
  deps: AccessDeps;
}

export function createAccessContext(deps: AccessDeps, base: RequestContext): AccessContext {
  return { ...base, deps };
}
