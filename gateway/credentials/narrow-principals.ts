// Principals of the hosted page and of public reads may run only a fixed set of root fields;
// everything else (profiles, management reads, introspection) is refused with 401 before any
// subgraph is called. The owning services check the principal kind again as a second line.
import { Kind, OperationDefinitionNode, OperationTypeNode, parse } from 'graphql';
import { PlatformError } from '../../platform/errors/domain-error';
import { Principal, PrincipalKind } from '../../platform/principal/principal';
import { CAPTURE_ROOT_FIELDS, CAPTURE_SCHEME, INVITE_SCHEME } from './capture-credential';
import { PUBLIC_ROOT_FIELDS, PUBLIC_SCHEME } from './public-principal';
import { CONSOLE_SCHEME, CONSOLE_SIGN_IN_ACTOR, CONSOLE_SIGN_IN_ROOT_FIELDS } from './console-session';

interface Allowance {
  operations: ReadonlySet<OperationTypeNode>;
  rootFields: ReadonlySet<string>;
}

const NARROW_KINDS: Partial<Record<PrincipalKind, Allowance>> = {
  public: { operations: new Set([OperationTypeNode.QUERY]), rootFields: PUBLIC_ROOT_FIELDS },
  capture: { operations: new Set([OperationTypeNode.QUERY, OperationTypeNode.MUTATION]), rootFields: CAPTURE_ROOT_FIELDS },
  invite: { operations: new Set([OperationTypeNode.QUERY, OperationTypeNode.MUTATION]), rootFields: CAPTURE_ROOT_FIELDS },
};

/** The console's public sign-in principal (a public kind of its own actor): the sign-in mutations. */
const CONSOLE_SIGN_IN: Allowance = { operations: new Set([OperationTypeNode.MUTATION]), rootFields: CONSOLE_SIGN_IN_ROOT_FIELDS };

/** Credential schemes that can only ever resolve to one narrow allowance (checked before resolving, so a
 * refused operation costs no lookup, e.g. no call to the IDV subgraph for a capture token). */
const NARROW_SCHEMES: Readonly<Record<string, Allowance | undefined>> = {
  [CAPTURE_SCHEME]: NARROW_KINDS.capture,
  [INVITE_SCHEME]: NARROW_KINDS.invite,
  [PUBLIC_SCHEME]: NARROW_KINDS.public,
  [CONSOLE_SCHEME]: CONSOLE_SIGN_IN,
};

/** Throws 401 unless the GraphQL request is allowed for the principal's kind. */
export function assertOperationAllowed(principal: Principal, request: unknown): void {
  const allowance =
    principal.kind === 'public' && principal.actorId === CONSOLE_SIGN_IN_ACTOR ? CONSOLE_SIGN_IN : NARROW_KINDS[principal.kind];
  assertOperationAllowedBy(allowance, request);
}

/** The same check from the credential's scheme alone (no-op for schemes of unrestricted kinds). */
export function assertOperationAllowedForScheme(scheme: string, request: unknown): void {
  if (Object.hasOwn(NARROW_SCHEMES, scheme)) assertOperationAllowedBy(NARROW_SCHEMES[scheme], request);
}

function assertOperationAllowedBy(allowance: Allowance | undefined, request: unknown): void {
  if (!allowance) return;
  const refuse = () => new PlatformError('unauthorized', 'Unauthorized');
  const query = request && typeof request === 'object' && !Array.isArray(request) ? (request as { query?: unknown }).query : undefined;
  if (typeof query !== 'string') throw refuse();
  let operations: OperationDefinitionNode[];
  try {
    const document = parse(query);
    if (document.definitions.some((definition) => definition.kind !== Kind.OPERATION_DEFINITION)) throw refuse();
    operations = document.definitions as OperationDefinitionNode[];
  } catch {
    throw refuse();
  }
  for (const operation of operations) {
    if (!allowance.operations.has(operation.operation)) throw refuse();
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD || !allowance.rootFields.has(selection.name.value)) throw refuse();
    }
  }
}
