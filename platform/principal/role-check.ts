// Enforces the role policy (role-policy.ts) on a GraphQL operation: the gateway on a dashboard
// user's whole request before anything runs (gateway/gateway-context.ts), every subgraph again on
// its own share before executing it (platform/subgraph/subgraph-server.ts).
import { DocumentNode, FragmentDefinitionNode, Kind, OperationDefinitionNode, SelectionSetNode, parse } from 'graphql';
import { PlatformError } from '../errors/domain-error';
import { Principal } from './principal';
import { NOT_FOR_DASHBOARD_USERS, ruleFor } from './role-policy';
import { DashboardRole, roleAtLeast } from './roles';

/** Refuses (403) a dashboard user's operation that selects a root field its role may not run;
 * no-op for every other kind of principal. The whole operation is refused, so nothing of it runs. */
export function assertRoleAllows(principal: Principal, document: DocumentNode, operationName?: string | null): void {
  if (principal.kind !== 'dashboard_user') return;
  // A dashboard principal signed without a known role gets the least one.
  const role: DashboardRole = principal.role ?? 'viewer';
  for (const operation of selectedOperations(document, operationName)) {
    for (const field of rootFields(document, operation.selectionSet)) {
      const rule = ruleFor(operation.operation, field);
      if (rule === NOT_FOR_DASHBOARD_USERS)
        throw new PlatformError('forbidden', `${field} is not available to dashboard users`, { rootField: field });
      if (!roleAtLeast(role, rule))
        throw new PlatformError('insufficient_role', `${field} needs the ${rule} role or higher; your role in this workspace is ${role}`, {
          rootField: field,
          requiredRole: rule,
        });
    }
  }
}

/** The same check on a GraphQL request as a client sent it ({query, operationName}). A request that
 * does not parse is left to the server, which answers schema_validation_failed. */
export function assertRoleAllowsRequest(principal: Principal, request: unknown): void {
  if (principal.kind !== 'dashboard_user' || !request || typeof request !== 'object') return;
  const { query, operationName } = request as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return;
  }
  assertRoleAllows(principal, document, typeof operationName === 'string' ? operationName : undefined);
}

/** The operation that runs: the named one, else the only one; with several and no name (which the
 * server refuses anyway) every one of them. */
function selectedOperations(document: DocumentNode, operationName?: string | null): OperationDefinitionNode[] {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) return operations.filter((operation) => operation.name?.value === operationName);
  return operations;
}

/** Root field names of a selection set, through inline fragments and fragment spreads (aliases do
 * not hide a field: the name is the field's own). @skip/@include are not evaluated: a field the
 * document names needs the role even when a variable skips it. */
function rootFields(document: DocumentNode, selectionSet: SelectionSetNode): Set<string> {
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const fields = new Set<string>();
  const visited = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) fields.add(selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(selectionSet);
  return fields;
}
