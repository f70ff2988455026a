import path from 'node:path';
import { DocumentNode, parse } from 'graphql';
import { installFederatedOperationCache, memoizeOperationFromDocument } from './federated-operation-cache';

/** A new document object around the same definition nodes, as the gateway builds per request. */
const rewrap = (document: DocumentNode): DocumentNode => ({ kind: document.kind, definitions: [...document.definitions] });

describe('memoizeOperationFromDocument', () => {
  const schema = {};
  const document = parse('query Search($name: String!) { search(name: $name) { ...Hit } } fragment Hit on Hit { id }');

  it('builds the operation once per set of definition nodes, whatever object wraps them', () => {
    const original = jest.fn((_schema: object, doc: DocumentNode) => ({ built: doc.definitions.length }));
    const memoized = memoizeOperationFromDocument(original);
    const first = memoized(schema, document, { validate: false });
    expect(memoized(schema, rewrap(document), { validate: false })).toBe(first);
    expect(original).toHaveBeenCalledTimes(1);
  });

  it('builds again for another schema, operation name, validation option or fragment set', () => {
    const original = jest.fn(() => ({}));
    const memoized = memoizeOperationFromDocument(original);
    memoized(schema, document, { validate: false });
    memoized({}, document, { validate: false });
    memoized(schema, document, { validate: false, operationName: 'Search' });
    memoized(schema, document);
    memoized(schema, { kind: document.kind, definitions: [document.definitions[0]] }, { validate: false });
    expect(original).toHaveBeenCalledTimes(5);
  });

  it('does not remember a failure', () => {
    const original = jest
      .fn()
      .mockImplementationOnce(() => {
        throw new Error('Unknown type');
      })
      .mockReturnValue({});
    const memoized = memoizeOperationFromDocument(original);
    expect(() => memoized(schema, document)).toThrow('Unknown type');
    expect(memoized(schema, document)).toEqual({});
    expect(original).toHaveBeenCalledTimes(2);
  });
});

describe('installFederatedOperationCache', () => {
  it("replaces the function @apollo/gateway calls, and the Operation it builds is the library's own", () => {
    const internalsEntry = require.resolve('@apollo/federation-internals', { paths: [path.dirname(require.resolve('@apollo/gateway'))] });
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the gateway itself loaded (resolved from its folder), whose export the patch replaces
    const internals = require(internalsEntry);
    const unpatched = internals.operationFromDocument;
    installFederatedOperationCache();
    installFederatedOperationCache(); // idempotent: wrapped once
    expect(internals.operationFromDocument).not.toBe(unpatched);

    const schema = internals.buildSchema('type Query { hello(name: String): String }');
    const document = parse('query Hello($name: String) { hello(name: $name) }');
    const operation = internals.operationFromDocument(schema, document, { validate: false });
    expect(internals.operationFromDocument(schema, rewrap(document), { validate: false })).toBe(operation);
    // The same Operation the library would have built.
    expect(operation.toString()).toBe(unpatched(schema, document, { validate: false }).toString());
  });
});
