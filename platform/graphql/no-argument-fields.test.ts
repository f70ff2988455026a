import { execute, parse } from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { NO_ARGUMENTS, shareArgumentsOfFieldsWithout, sharesArgumentsOfFieldsWithout } from './no-argument-fields';

const typeDefs = /* GraphQL */ `
  type Query {
    plain: Item
    withArguments(first: Int = 5, name: String): [Item!]!
  }
  type Item {
    label: String
    seen: String
  }
`;

/** Each resolver records the arguments it was given. */
function schemaRecording(received: Array<{ field: string; args: unknown }>) {
  return makeExecutableSchema({
    typeDefs,
    resolvers: {
      Query: {
        plain: (_: unknown, args: unknown) => (received.push({ field: 'plain', args }), { label: 'one' }),
        withArguments: (_: unknown, args: { first: number; name?: string }) => (
          received.push({ field: 'withArguments', args }),
          Array.from({ length: Math.min(args.first, 2) }, (_unused, i) => ({ label: `${args.name ?? 'item'} ${i}` }))
        ),
      },
      Item: { seen: (_: unknown, args: unknown) => (received.push({ field: 'seen', args }), 'yes') },
    },
  });
}

const OPERATION = parse(`query ($name: String) {
  plain { label seen }
  defaulted: withArguments { label }
  named: withArguments(first: 1, name: $name) { label seen }
}`);

describe('fields without arguments share one empty object', () => {
  it('answers exactly as graphql-js does, and gives resolvers the same argument values', async () => {
    const before: Array<{ field: string; args: unknown }> = [];
    const expected = await execute({ schema: schemaRecording(before), document: OPERATION, variableValues: { name: 'x' } });
    shareArgumentsOfFieldsWithout();
    shareArgumentsOfFieldsWithout(); // idempotent
    expect(sharesArgumentsOfFieldsWithout()).toBe(true);
    const after: Array<{ field: string; args: unknown }> = [];
    const actual = await execute({ schema: schemaRecording(after), document: OPERATION, variableValues: { name: 'x' } });

    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    expect(actual.data).toEqual({
      plain: { label: 'one', seen: 'yes' },
      defaulted: [{ label: 'item 0' }, { label: 'item 1' }],
      named: [{ label: 'x 0', seen: 'yes' }],
    });
    // The same values, with the same prototype, field by field.
    expect(after).toEqual(before);
    for (const [i, call] of after.entries()) expect(Object.getPrototypeOf(call.args)).toBe(Object.getPrototypeOf(before[i].args));
    // Fields without arguments get the one frozen object; the others a fresh object of their own.
    expect(after.filter((call) => call.field !== 'withArguments').every((call) => call.args === NO_ARGUMENTS)).toBe(true);
    expect(after.filter((call) => call.field === 'withArguments').map((call) => call.args)).toEqual([
      { first: 5 },
      { first: 1, name: 'x' },
    ]);
    expect(Object.isFrozen(NO_ARGUMENTS)).toBe(true);
    expect(Object.keys(NO_ARGUMENTS)).toEqual([]);
  });

  it('still refuses a missing required argument through graphql-js', async () => {
    shareArgumentsOfFieldsWithout();
    const schema = makeExecutableSchema({
      typeDefs: 'type Query { need(id: ID!): String }',
      resolvers: { Query: { need: () => 'x' } },
    });
    // Validation would refuse this document; execute alone runs the argument check.
    const result = await execute({ schema, document: parse('{ need }') });
    expect(result.errors?.[0].message).toBe('Argument "id" of required type "ID!" was not provided.');
  });
});
