// The role policy (role-policy.ts) covers every root Mutation field of every subgraph and names no
// field that does not exist; its check (role-check.ts) reads an operation's root fields the way
// GraphQL does (aliases, fragments, the named operation). The journeys through REST and GraphQL are in dashboard-roles.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { DocumentNode, Kind, parse } from 'graphql';
import { PlatformError } from '../../platform/errors/domain-error';
import { Principal } from '../../platform/principal/principal';
import { assertRoleAllows, assertRoleAllowsRequest } from '../../platform/principal/role-check';
import { MUTATION_POLICY, QUERY_POLICY, roleMayRun } from '../../platform/principal/role-policy';
import { DASHBOARD_ROLES, DashboardRole } from '../../platform/principal/roles';
import { readSchema } from '../../platform/subgraph/subgraph-server';

const root = path.resolve(__dirname, '../..');

/** Every subgraph present: each folder of subgraphs/ with a schema/ folder (a new subgraph is
 * covered without being named here). */
function subgraphs(): string[] {
  return fs
    .readdirSync(path.join(root, 'subgraphs'))
    .filter((name) => fs.existsSync(path.join(root, 'subgraphs', name, 'schema')))
    .sort();
}

/** Field names of a root type across its definition and extensions. */
function rootFieldsOf(document: DocumentNode, type: 'Query' | 'Mutation'): string[] {
  const fields: string[] = [];
  for (const definition of document.definitions) {
    if (
      (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      definition.name.value === type
    )
      fields.push(...(definition.fields ?? []).map((field) => field.name.value));
  }
  return fields;
}

/** Mutation fields a subgraph marks @inaccessible (called by another service, never through the gateway). */
function inaccessibleMutations(document: DocumentNode): string[] {
  return document.definitions.flatMap((definition) =>
    (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) &&
    definition.name.value === 'Mutation'
      ? (definition.fields ?? [])
          .filter((field) => field.directives?.some((directive) => directive.name.value === 'inaccessible'))
          .map((field) => field.name.value)
      : [],
  );
}

const sdl = (subgraph: string) => parse(readSchema(path.join(root, 'subgraphs', subgraph, 'schema')));
const rows = (policy: Record<string, Record<string, unknown>>, subgraph: string) =>
  Object.keys(Object.hasOwn(policy, subgraph) ? policy[subgraph] : {}).sort();

describe('the role policy table', () => {
  it('finds the subgraphs', () => {
    expect(subgraphs()).toEqual(expect.arrayContaining(['idv', 'profiles', 'risk', 'screening']));
  });

  it.each(subgraphs())('gives every Mutation field of %s a role, and names none it does not have', (subgraph) => {
    const fields = rootFieldsOf(sdl(subgraph), 'Mutation').sort();
    const policy = rows(MUTATION_POLICY, subgraph);
    expect({ withoutRole: fields.filter((field) => !policy.includes(field)) }).toEqual({ withoutRole: [] });
    expect({ notInSchema: policy.filter((field) => !fields.includes(field)) }).toEqual({ notInSchema: [] });
  });

  it.each(subgraphs())('names only Query fields %s has', (subgraph) => {
    const fields = rootFieldsOf(sdl(subgraph), 'Query');
    expect({ notInSchema: rows(QUERY_POLICY, subgraph).filter((field) => !fields.includes(field)) }).toEqual({ notInSchema: [] });
  });

  it('names no subgraph that does not exist', () => {
    const present = subgraphs();
    expect([...Object.keys(MUTATION_POLICY), ...Object.keys(QUERY_POLICY)].filter((name) => !present.includes(name))).toEqual([]);
  });

  it('covers exactly the Mutation fields of the composed supergraph.graphql', () => {
    const supergraph = parse(fs.readFileSync(path.join(root, 'supergraph.graphql'), 'utf8'));
    const all = Object.values(MUTATION_POLICY).flatMap((fields) => Object.keys(fields));
    expect(new Set(all).size).toBe(all.length);
    // Internal (@inaccessible) fields are not in the public supergraph; their subgraph still checks
    // their row (the per-subgraph test above requires it).
    const internal = new Set(subgraphs().flatMap((subgraph) => inaccessibleMutations(sdl(subgraph))));
    expect(rootFieldsOf(supergraph, 'Mutation').sort()).toEqual(all.filter((field) => !internal.has(field)).sort());
  });
});

const dashboard = (role?: DashboardRole): Principal => ({
  tenantId: 't',
  workspaceId: 'w',
  actorId: 'usr_1',
  kind: 'dashboard_user',
  entitlements: {},
  role,
});

function refusal(principal: Principal, query: string, operationName?: string): { code: string; message: string } | undefined {
  try {
    assertRoleAllows(principal, parse(query), operationName);
    return undefined;
  } catch (error) {
    if (error instanceof PlatformError) return { code: error.code, message: error.message };
    throw error;
  }
}

const REVIEW = 'mutation { reviewVerificationSession(id: "s", input: {status: accepted}) { id } }';

describe('assertRoleAllows', () => {
  it('refuses a role below the row with insufficient_role naming the role needed', () => {
    expect(refusal(dashboard('analyst'), REVIEW)).toEqual({
      code: 'insufficient_role',
      message: 'reviewVerificationSession needs the reviewer role or higher; your role in this workspace is analyst',
    });
    expect(refusal(dashboard('reviewer'), REVIEW)).toBeUndefined();
    expect(refusal(dashboard('admin'), REVIEW)).toBeUndefined();
  });

  it('leaves applications, services and the hosted page to their own checks', () => {
    for (const kind of ['application', 'service', 'capture', 'invite', 'public'] as const)
      expect(refusal({ ...dashboard(), kind, role: undefined }, 'mutation { requestProfileErasure(id: "p") { id } }')).toBeUndefined();
  });

  it('takes a dashboard principal without a role for a viewer', () => {
    expect(refusal(dashboard(), 'mutation { createProfile(input: {name: "x"}) { id } }')?.code).toBe('insufficient_role');
    expect(refusal(dashboard(), '{ profiles { totalCount } }')).toBeUndefined();
  });

  it('sees through aliases, inline fragments and fragment spreads', () => {
    const viewer = dashboard('viewer');
    expect(refusal(viewer, 'mutation { harmless: createProfile(input: {name: "x"}) { id } }')?.code).toBe('insufficient_role');
    expect(refusal(viewer, 'mutation { ... on Mutation { createProfile(input: {name: "x"}) { id } } }')?.code).toBe('insufficient_role');
    expect(
      refusal(viewer, 'mutation { ...Make } fragment Make on Mutation { ... on Mutation { createProfile(input: {name: "x"}) { id } } }')
        ?.code,
    ).toBe('insufficient_role');
    // A fragment that spreads itself does not loop.
    expect(refusal(viewer, 'mutation { ...A } fragment A on Mutation { ...A __typename }')).toBeUndefined();
  });

  it('checks the operation that runs', () => {
    const document = `query Read { profiles { totalCount } } ${REVIEW.replace('mutation', 'mutation Decide')}`;
    expect(refusal(dashboard('viewer'), document, 'Read')).toBeUndefined();
    expect(refusal(dashboard('viewer'), document, 'Decide')?.code).toBe('insufficient_role');
    expect(refusal(dashboard('viewer'), document)?.code).toBe('insufficient_role');
  });

  it('refuses a Mutation field without a row to all but admins', () => {
    expect(refusal(dashboard('reviewer'), 'mutation { notInThePolicy }')?.message).toMatch(/needs the admin role/);
    expect(refusal(dashboard('admin'), 'mutation { notInThePolicy }')).toBeUndefined();
  });

  it('refuses the hosted page fields to every role with forbidden', () => {
    expect(refusal(dashboard('admin'), 'mutation { submitCapture(sessionId: "s") { sessionId } }')?.code).toBe('forbidden');
  });

  it('keeps reads open except the rows of the Query table', () => {
    for (const role of DASHBOARD_ROLES) expect(refusal(dashboard(role), '{ verificationSessions { totalCount } }')).toBeUndefined();
    expect(refusal(dashboard('viewer'), '{ verificationSessionData(id: "s") { id } }')?.message).toMatch(/needs the analyst role/);
    expect(refusal(dashboard('analyst'), '{ verificationSessionData(id: "s") { id } }')).toBeUndefined();
    expect(refusal(dashboard('reviewer'), '{ webhookDestinations { id } }')?.message).toMatch(/needs the admin role/);
  });

  it('answers what a client may show a role (roleMayRun)', () => {
    expect(roleMayRun('analyst', 'mutation', 'reviewVerificationSession')).toBe(false);
    expect(roleMayRun('reviewer', 'mutation', 'reviewVerificationSession')).toBe(true);
    expect(roleMayRun('admin', 'mutation', 'submitCapture')).toBe(false);
    expect(roleMayRun('viewer', 'query', 'profiles')).toBe(true);
    expect(roleMayRun('viewer', 'query', 'verificationSessionData')).toBe(false);
  });

  it('leaves a request that does not parse to the server', () => {
    expect(() => assertRoleAllowsRequest(dashboard('viewer'), { query: 'mutation {' })).not.toThrow();
    expect(() => assertRoleAllowsRequest(dashboard('viewer'), { query: REVIEW })).toThrow(PlatformError);
  });
});
