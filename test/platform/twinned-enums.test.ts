// Federation needs an enum that several subgraphs declare to be identical in each, since screening
// takes ScreeningFeed as an input: the risk subgraph declares it again (its evidence lists the feeds
// of matches) and so does profiles (an onboarding run's feeds). This says so plainly when one side
// changes alone, instead of a composition error at start-up.
import { GraphQLEnumType, parse } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { subgraphSchemaPath } from '../../gateway/supergraph';
import { readSchema } from '../../platform/subgraph/subgraph-server';
import type { SubgraphName } from '../../platform/subgraph/subgraph-definition';

function feedEnum(subgraph: string): { description: string | null | undefined; values: [string, string | null | undefined][] } {
  const sdl = readSchema(subgraphSchemaPath(subgraph as SubgraphName));
  const schema = buildSubgraphSchema(parse(sdl));
  const type = schema.getType('ScreeningFeed') as GraphQLEnumType;
  return { description: type.description, values: type.getValues().map((value) => [value.name, value.description]) };
}

it.each(['risk', 'profiles'])('declares ScreeningFeed in the %s subgraph exactly as the screening subgraph does', (subgraph) => {
  expect(feedEnum(subgraph)).toEqual(feedEnum('screening'));
});
