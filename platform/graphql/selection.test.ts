import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode } from 'graphql';
import { mightSelect, selectsOnly } from './selection';

/** The resolve info of the operation's first root field, as graphql-js hands it (only what selectsOnly reads). */
function infoOf(text: string): GraphQLResolveInfo {
  const document = parse(text);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments } as unknown as GraphQLResolveInfo;
}

const SUMMARY = new Set(['id', 'status', 'profile']);

it('answers whether the objects at a path select only the allowed fields, through fragments', () => {
  expect(selectsOnly(infoOf('{ list { nodes { id status __typename profile { name } } totalCount } }'), ['nodes'], SUMMARY)).toBe(true);
  expect(selectsOnly(infoOf('{ list { nodes { id captureManifest { workflow } } } }'), ['nodes'], SUMMARY)).toBe(false);
  expect(selectsOnly(infoOf('{ list { nodes { ...Row } } } fragment Row on S { id ... on S { status } }'), ['nodes'], SUMMARY)).toBe(true);
  expect(
    selectsOnly(infoOf('{ list { nodes { ...Row } } } fragment Row on S { id ... on S { stepManifest { version } } }'), ['nodes'], SUMMARY),
  ).toBe(false);
  // A field under @skip still counts as selected; an unknown fragment reads as "not only these".
  expect(selectsOnly(infoOf('query ($s: Boolean!) { list { nodes { id artifacts @skip(if: $s) { kind } } } }'), ['nodes'], SUMMARY)).toBe(
    false,
  );
  expect(selectsOnly(infoOf('{ list { nodes { ...Missing } } }'), ['nodes'], SUMMARY)).toBe(false);
  // The path through a fragment on the connection; [] for the field's own objects.
  expect(selectsOnly(infoOf('{ list { ...Page } } fragment Page on C { nodes { id } }'), ['nodes'], SUMMARY)).toBe(true);
  expect(selectsOnly(infoOf('{ sessions { id status } }'), [], SUMMARY)).toBe(true);
});

it('answers whether a field may be selected at a path', () => {
  expect(mightSelect(infoOf('{ list { nodes { id } totalCount } }'), [], 'totalCount')).toBe(true);
  expect(mightSelect(infoOf('{ list { nodes { id } pageInfo { hasNextPage } } }'), [], 'totalCount')).toBe(false);
  expect(mightSelect(infoOf('{ list { ...Page } } fragment Page on C { totalCount }'), [], 'totalCount')).toBe(true);
  expect(mightSelect(infoOf('{ list { ...Missing } }'), [], 'totalCount')).toBe(true);
});
