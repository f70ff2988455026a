// The text the adapter sends for a typed document: printed once per document (route tables print
// theirs at module load), so every request sends the same string and the gateway's parsed-document
// and query-plan caches, keyed by the text, keep hitting. Fragments are written out in place, as the
// selection strings were before the documents were typed: the sent text is one operation definition
// (the gateway lets narrow credentials - capture, invite, public - send nothing else).
import { DocumentNode, FragmentDefinitionNode, Kind, OperationDefinitionNode, print, SelectionSetNode } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

const texts = new WeakMap<DocumentNode, string>();

export function operationText(document: DocumentNode | TypedDocumentNode<unknown, unknown>): string {
  let text = texts.get(document);
  if (text === undefined) {
    text = print(withFragmentsInlined(document));
    texts.set(document, text);
  }
  return text;
}

function withFragmentsInlined(document: DocumentNode): DocumentNode {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length !== 1) throw new Error(`A document the adapter sends holds one operation, not ${operations.length}`);
  const inline = (selectionSet: SelectionSetNode, seen: readonly string[]): SelectionSetNode => ({
    ...selectionSet,
    selections: selectionSet.selections.flatMap((selection) => {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.includes(name)) throw new Error(`Fragment ${name} is missing or recursive`);
        // The adapter spreads a fragment only on its own type, so its fields stand in its place
        // (rest-adapter/operations/operations.test.ts validates every text the routes send).
        return inline(fragment.selectionSet, [...seen, name]).selections;
      }
      return selection.selectionSet ? [{ ...selection, selectionSet: inline(selection.selectionSet, seen) }] : [selection];
    }),
  });
  const operation = operations[0];
  return { kind: Kind.DOCUMENT, definitions: [{ ...operation, selectionSet: inline(operation.selectionSet, []) }] };
}
