// The schema quality gate in CI: the composed API follows the GraphQL conventions (lint, with the
// allow-list of subgraphs still being converted) and matches the committed supergraph.graphql
// (no unreviewed change, no breaking change).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { composeApiSchema } from '../../gateway/supergraph';
import { checkAgainstCommitted, committedIsCurrent, printApiSchema } from '../../gateway/schema-quality/schema-check';
import { formatViolation, lintAgainstAllowlist, lintSchema } from '../../gateway/schema-quality/schema-lint';

const api = composeApiSchema();

describe('schema lint (npm run schema:lint)', () => {
  it('finds no violation outside the allow-list', () => {
    const { violations, stale } = lintAgainstAllowlist(api);
    if (stale.length) console.warn(`schema-lint-allowlist.txt: stale entries, delete them:\n${stale.join('\n')}`);
    expect(violations).toEqual([]);
  });

  it('profiles and IDV themes follow every convention (nothing of theirs is allow-listed)', () => {
    // Profile.screening and Profile.riskAssessments belong to the screening and risk subgraphs.
    const own = lintSchema(api)
      .map(formatViolation)
      .filter((line) => !/Profile\.(screening|riskAssessments)|ProfileScreening/.test(line))
      .filter(
        (line) =>
          / (Profile\w*|IdvTheme\w*|IdvBranding\w*|IdvLogoSlot|Viewer|PrincipalKind|MonitoringFrequency|PageInfo)(\.|$| )/.test(line) ||
          /Query\.(profile|idvTheme|idvBranding|viewer)|Mutation\.\w*(Profile|IdvTheme)/.test(line),
      );
    expect(own).toEqual([]);
  });

  const lint = (sdl: string) => lintSchema(buildSchema(sdl)).map(formatViolation);

  it('reports each convention it enforces', () => {
    const found = lint(`
      "q" type Query {
        "d" thing(limit: Int): thing_page
        undocumented: Int
        "d" status: String
        "d" createdAt: String
        "d" email: String
        "d" homepageUrl: String
        "d" blob: JSON
      }
      "t" type thing_page { "i" items: [Int!]! "h" hasMore: Boolean! }
      "m" type Mutation { "d" save(input: JSON, data: SaveData): Int }
      "i" input SaveData { "d" x: Int }
      "j" scalar JSON
      "u" type Unused { "d" x: Int }
      "e" enum Color { "r" red, Blue }
    `);
    expect(found).toEqual(
      expect.arrayContaining([
        'naming thing_page',
        'paging-shape thing_page',
        'paging-shape Query.thing(limit:)',
        'description Query.undocumented',
        'enum-like-string Query.status',
        'timestamp-not-datetime Query.createdAt',
        'email-not-email-address Query.email',
        'url-not-url Query.homepageUrl',
        'json-outside-free-form Query.blob',
        'json-outside-free-form Mutation.save(input:)',
        'mutation-input Mutation.save(input:)',
        'mutation-input Mutation.save(data:)',
        'unused-type Unused',
        'description Color.Blue',
      ]),
    );
  });

  it('accepts a schema that follows the conventions', () => {
    expect(
      lint(`
        "q" type Query { "d" things(first: Int, after: String): ThingConnection! }
        "c" type ThingConnection { "n" nodes: [Thing!]! "p" pageInfo: PageInfo! "t" totalCount: Int }
        "p" type PageInfo { "h" hasNextPage: Boolean! "e" endCursor: String }
        "t" type Thing { "s" status: ThingStatus! "c" createdAt: DateTime! }
        "s" enum ThingStatus { "a" not_screened }
        "d" scalar DateTime
        "m" type Mutation { "c" createThing(input: CreateThingInput!): Thing! }
        "i" input CreateThingInput { "s" status: ThingStatus }
      `),
    ).toEqual([]);
  });
});

describe('breaking-change check (npm run schema:check)', () => {
  it('the committed supergraph.graphql is the current composition', () => {
    // On failure: npm run schema:update, review the diff of supergraph.graphql and commit it.
    expect(committedIsCurrent(api)).toBe(true);
  });

  it('has no breaking change against the committed supergraph.graphql', async () => {
    const report = await checkAgainstCommitted(api);
    expect(report.breaking.map((change) => change.message)).toEqual([]);
  });

  it('reports a removed field or a narrowed enum as breaking', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-schema-'));
    const committed = path.join(dir, 'supergraph.graphql');
    fs.writeFileSync(committed, printApiSchema(buildSchema('type Query { a: Int, b: Kind } enum Kind { x y }')));
    const report = await checkAgainstCommitted(buildSchema('type Query { a: Int, b: Kind } enum Kind { x }'), committed);
    expect(report.breaking.map((change) => change.message)).toEqual([expect.stringContaining("Enum value 'y' was removed")]);
    const removed = await checkAgainstCommitted(buildSchema('type Query { a: Int }'), committed);
    expect(removed.breaking.map((change) => change.message)).toEqual(
      expect.arrayContaining([expect.stringContaining("Field 'b' was removed")]),
    );
    fs.rmSync(dir, { recursive: true });
  });
});
