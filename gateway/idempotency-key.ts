// Where a GraphQL request names its idempotency key: the `Idempotency-Key` header (REST adapter,
// any client) or the `idempotencyKey` argument that create/start mutations take (GraphQL clients
// that cannot set headers per call, persisted operations). It is one key per request: arguments of
// several root fields must agree with each other and with the header.
import {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';
import type { ErrorCode } from '../platform/errors/codes';

export const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';

export interface FoundIdempotencyKey {
  key?: string;
  error?: { code: ErrorCode; message: string };
}

export function idempotencyKeyOf(
  header: string | undefined,
  operation: OperationDefinitionNode,
  document: DocumentNode | undefined,
  variables: Record<string, unknown> | undefined,
): FoundIdempotencyKey {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document?.definitions ?? [])
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const fromArguments = new Set<unknown>();
  for (const field of rootFields(operation.selectionSet, fragments)) {
    const argument = field.arguments?.find((candidate) => candidate.name.value === IDEMPOTENCY_ARGUMENT);
    if (!argument) continue;
    const value = valueFromASTUntyped(argument.value, variables ?? {});
    if (value !== null && value !== undefined) fromArguments.add(value);
  }
  const [argumentKey, ...others] = [...fromArguments];
  if (others.length > 0)
    return mismatch(`The mutations of one request name different ${IDEMPOTENCY_ARGUMENT} values; send one key per request`);
  if (argumentKey !== undefined && typeof argumentKey !== 'string')
    return { error: { code: 'schema_validation_failed', message: `${IDEMPOTENCY_ARGUMENT} must be a string` } };
  if (header !== undefined && argumentKey !== undefined && header !== argumentKey)
    return mismatch(`The Idempotency-Key header and the ${IDEMPOTENCY_ARGUMENT} argument differ; send one key`);
  return { key: header ?? argumentKey };
}

function mismatch(message: string): FoundIdempotencyKey {
  return { error: { code: 'idempotency_key_mismatch', message } };
}

/** The root fields of the operation, through inline and named fragments (validation has already
 * refused fragment cycles, so the walk ends). */
function rootFields(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...rootFields(selection.selectionSet, fragments));
    else {
      const fragment = fragments.get(selection.name.value);
      if (fragment) fields.push(...rootFields(fragment.selectionSet, fragments));
    }
  }
  return fields;
}
