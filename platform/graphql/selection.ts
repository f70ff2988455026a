// What an operation selects below a resolver's field, so a list resolver can read only the columns
// its rows will need (docs/performance.md "Read path"). Conservative: fragments (named and inline)
// are followed, a field under @skip/@include counts as selected, and anything unexpected answers
// "not only these", so the caller falls back to reading everything.
import { Kind, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** The field names selected directly in a selection set (through its fragments); null when unknown. */
function selectedNames(
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  into: Set<string>,
  child?: string,
  children?: SelectionSetNode[],
): boolean {
  if (!selectionSet) return false;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      into.add(selection.name.value);
      if (child !== undefined && selection.name.value === child && selection.selectionSet) children?.push(selection.selectionSet);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selectedNames(selection.selectionSet, fragments, into, child, children)) return false;
    } else {
      const fragment = fragments[selection.name.value];
      if (!fragment || !selectedNames(fragment.selectionSet, fragments, into, child, children)) return false;
    }
  }
  return true;
}

/** The field names the operation selects on the objects at `path` below the resolver's field; null
 * when the selection cannot be read (an unknown fragment). */
function selectedAt(info: GraphQLResolveInfo, path: readonly string[]): Set<string> | null {
  let sets: SelectionSetNode[] = [];
  for (const node of info.fieldNodes) if (node.selectionSet) sets.push(node.selectionSet);
  for (const step of path) {
    const next: SelectionSetNode[] = [];
    for (const set of sets) if (!selectedNames(set, info.fragments, new Set(), step, next)) return null;
    sets = next;
  }
  const names = new Set<string>();
  for (const set of sets) if (!selectedNames(set, info.fragments, names)) return null;
  return names;
}

/**
 * True when every field the operation selects on the objects at `path` below the resolver's field
 * (e.g. ['nodes'] for a connection's nodes; [] for the field's own objects) is one of `allowed`
 * (`__typename` always is). False when any other field is selected or the selection cannot be read.
 */
export function selectsOnly(info: GraphQLResolveInfo, path: readonly string[], allowed: ReadonlySet<string>): boolean {
  const names = selectedAt(info, path);
  if (!names) return false;
  for (const name of names) if (name !== '__typename' && !allowed.has(name)) return false;
  return true;
}

/** True when the operation may select `name` on the objects at `path` (a selection that cannot be read
 * counts as selecting it): e.g. whether a connection's totalCount is asked for. */
export function mightSelect(info: GraphQLResolveInfo, path: readonly string[], name: string): boolean {
  return selectedAt(info, path)?.has(name) ?? true;
}
