// Principals of the hosted page and of public reads may run only a fixed set of root fields;
// everything else (profiles, management reads, introspection) is refused with 401 before any
// subgraph is called. The owning services check the principal kind again as a second line.
import { OperationDefinitionNode, OperationTypeNode, parse } from 'graphql';
import { PlatformError } from '../../platform/errors/domain-error';
import { Principal, PrincipalKind } from '../../platform/principal/principal';
import { CAPTURE_ROOT_FIELDS } from './capture-credential';
import { PUBLIC_ROOT_FIELDS } from './public-principal';

interface Allowance {
  operations: ReadonlySet<OperationTypeNode>;
  rootFields: ReadonlySet<string>;
}

const NARROW_KINDS: Partial<Record<PrincipalKind, Allowance>> = {
  public: { operations: new Set([OperationTypeNode.QUERY]), rootFields: PUBLIC_ROOT_FIELDS },
  capture: { operations: new Set([OperationTypeNode.QUERY, OperationTypeNode.MUTATION]), rootFields: CAPTURE_ROOT_FIELDS },
  invite: { operations: new Set([OperationTypeNode.QUERY, OperationTypeNode.MUTATION]), rootFields: CAPTURE_ROOT_FIELDS },
};

/** Throws 401 unless the GraphQL request is allowed for the principal's kind. */
export function assertOperationAllowed(principal: Principal, request: unknown): void {
  const allowance = NARROW_KINDS[principal.kind];
  if (!allowance) return;
  const refuse = () => new PlatformError('unauthorized', 'Unauthorized');
  const query = request && typeof request === 'object' && !Array.isArray(request) ? (request as { query?: unknown }).query : undefined;
  if (typeof query !== 'string') throw refuse();
  let operations: OperationDefinitionNode[];
  try {
    const document = parse(query);
    if (document.definitions.some((definition) => definition.kind !== 'OperationDefinition')) throw refuse();
    operations = document.definitions as OperationDefinitionNode[];
  } catch {
    throw refuse();
  }
  for (const operation of operations) {
    if (!allowance.operations.has(operation.operation)) throw refuse();
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== 'Field' || !allowance.rootFields.has(selection.name.value)) throw refuse();
    }
  }
}
