// The risk subgraph declares ScreeningFeed again (its evidence lists the feeds of matches);
// federation needs both declarations identical, since screening takes it as an input. This says
// so plainly when one side changes alone, instead of a composition error at start-up.
import fs from 'node:fs';
import path from 'node:path';
import { GraphQLEnumType, parse } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';

function feedEnum(subgraph: string): { description: string | null | undefined; values: [string, string | null | undefined][] } {
  const sdl = fs.readFileSync(path.resolve(__dirname, `../../subgraphs/${subgraph}/schema.graphql`), 'utf8');
  const schema = buildSubgraphSchema(parse(sdl));
  const type = schema.getType('ScreeningFeed') as GraphQLEnumType;
  return { description: type.description, values: type.getValues().map((value) => [value.name, value.description]) };
}

it('declares ScreeningFeed in the risk subgraph exactly as the screening subgraph does', () => {
  expect(feedEnum('risk')).toEqual(feedEnum('screening'));
});
