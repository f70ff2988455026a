// Each patch of platform/library-patches.ts against the installed package: the version it was
// written for, and the internals it relies on. A failure here after an upgrade means: read the
// library's new code, adjust the patch (or drop it when the library fixed the problem), then the
// recorded version and these checks.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { LIBRARY_PATCHES, LibraryPatch } from './library-patches';

const ROOT = path.resolve(__dirname, '..');

/** The entry file of `name` as `from` (a package, or the project) resolves it. */
function resolveFrom(name: string, from?: string): string {
  const paths = from ? [path.dirname(require.resolve(from))] : [ROOT];
  return require.resolve(name, { paths });
}

/** The folder of the installed package (its package.json may not be exported: walk up from its entry
 * to the package.json that names it; dist folders may hold one of their own). */
function packageDir(name: string, from?: string): string {
  let dir: string;
  try {
    dir = path.dirname(resolveFrom(name, from));
  } catch {
    dir = path.dirname(resolveFrom(`${name}/package.json`, from)); // a CLI package without a main entry
  }
  while (!isPackageRoot(dir, name)) {
    if (path.dirname(dir) === dir) throw new Error(`no package.json of ${name}`);
    dir = path.dirname(dir);
  }
  return dir;
}

function isPackageRoot(dir: string, name: string): boolean {
  const file = path.join(dir, 'package.json');
  return fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === name;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const patch = (id: string): LibraryPatch => {
  const found = LIBRARY_PATCHES.find((entry) => entry.id === id);
  if (!found) throw new Error(`no patch ${id} in platform/library-patches.ts`);
  return found;
};

describe('library patches', () => {
  it.each(LIBRARY_PATCHES.map((entry) => [entry.id, entry] as const))(
    '%s: the installed version is the one the patch was written against',
    (_id, entry) => {
      const installed = JSON.parse(read(path.join(packageDir(entry.package, entry.resolvedFrom), 'package.json'))) as { version: string };
      expect(`${entry.package}@${installed.version}`).toBe(`${entry.package}@${entry.version}`);
      expect(fs.existsSync(path.join(ROOT, entry.file))).toBe(true);
    },
  );

  it('the ids are unique', () => {
    expect(new Set(LIBRARY_PATCHES.map((entry) => entry.id)).size).toBe(LIBRARY_PATCHES.length);
  });

  describe.each(['apollo-server-createhash', 'apollo-gateway-createhash'])('%s', (id) => {
    const entry = patch(id);
    it('createHash is a plain writable export, and the owner reads it at call time', () => {
      const file = resolveFrom(entry.package, entry.resolvedFrom);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, loaded by its resolved path (no export names it)
      const descriptor = Object.getOwnPropertyDescriptor(require(file), 'createHash');
      expect(descriptor?.writable).toBe(true);
      expect(typeof descriptor?.value).toBe('function');
      const owner = packageDir(entry.resolvedFrom!);
      const caller = entry.resolvedFrom === '@apollo/server' ? 'dist/cjs/requestPipeline.js' : 'dist/index.js';
      const source = read(path.join(owner, caller));
      expect(source).toMatch(/\(0, utils_createhash_1\.createHash\)\('sha256'\)/);
      // Every SHA-256 is updated with text and digested as hex: what the remembering hash answers
      // itself (anything else is replayed onto node:crypto).
      const calls = source.match(/createHash\)\('sha256'\)/g) ?? [];
      const textToHex = source.match(/createHash\)\('sha256'\)(\s*\.update\([\w.]+\))+\s*\.digest\('hex'\)/g) ?? [];
      expect(textToHex).toHaveLength(calls.length);
    });
  });

  it('federation-operation-from-document: a writable export of operations.js, read through the index getter, called by executeQueryPlan', () => {
    const entry = patch('federation-operation-from-document');
    const index = resolveFrom(entry.package, entry.resolvedFrom);
    const operationsFile = path.join(path.dirname(index), 'operations.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, loaded by its resolved path (no export names it)
    const descriptor = Object.getOwnPropertyDescriptor(require(operationsFile), 'operationFromDocument');
    expect(descriptor?.writable).toBe(true);
    expect(typeof descriptor?.value).toBe('function');
    expect((descriptor?.value as () => unknown).length).toBe(3); // (schema, document, options)
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, loaded by its resolved path (no export names it)
    expect(typeof Object.getOwnPropertyDescriptor(require(index), 'operationFromDocument')?.get).toBe('function');
    expect(read(path.join(packageDir('@apollo/gateway'), 'dist/executeQueryPlan.js'))).toMatch(
      /\(0, federation_internals_1\.operationFromDocument\)\(/,
    );
  });

  it('gateway-compute-response: a writable export of resultShaping.js that executeQueryPlan calls through the module object, and the accessors the plan reads', () => {
    const entry = patch('gateway-compute-response');
    const dist = path.join(packageDir(entry.package), 'dist');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, loaded by its resolved path (no export names it)
    const descriptor = Object.getOwnPropertyDescriptor(require(path.join(dist, 'resultShaping.js')), 'computeResponse');
    expect(descriptor?.writable).toBe(true);
    expect(typeof descriptor?.value).toBe('function');
    expect(read(path.join(dist, 'executeQueryPlan.js'))).toMatch(
      /\(0, resultShaping_1\.computeResponse\)\(\{\s*operation,\s*variables,\s*input: unfilteredData,\s*introspectionHandling:/,
    );
    // The semantics the plan reimplements: re-read resultShaping.js when this source changes.
    const shaping = read(path.join(dist, 'resultShaping.js'));
    for (const rule of [
      'collectDefaultedVariableValues()',
      'appliedDirectivesOf(parameters.schema.skipDirective())[0]',
      'isSchemaIntrospectionField()',
      '(0, own_1.getOwn)(input, responseName)',
      'Cannot return null for non-nullable',
      'Invalid __typename found for object at',
      'Invalid value found for',
      '(0, federation_internals_1.isValidLeafValue)(parameters.schema, inputValue, type)',
      'Object.create(null)',
    ]) {
      expect(shaping).toContain(rule);
    }
    // The federation-internals API the plan is built from (the copy the gateway loads).
    const internals = resolveFrom('@apollo/federation-internals', '@apollo/gateway');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the federation-internals copy the gateway loads, by its resolved path
    const fed = require(internals) as Record<string, unknown>;
    for (const name of [
      'Variable',
      'isSubtype',
      'isObjectType',
      'isCompositeType',
      'isNonNullType',
      'isListType',
      'isEnumType',
      'isCustomScalarType',
      'ERRORS',
    ]) {
      expect(fed[name]).toBeDefined();
    }
    const values = read(path.join(path.dirname(internals), 'values.js'));
    expect(values).toContain(
      'function isValidLeafValue(schema, value, type) {\n    if ((0, definitions_1.isCustomScalarType)(type)) {\n        return true;',
    );
  });

  describe('pg-boss', () => {
    const dir = packageDir('pg-boss');
    const managerSource = read(path.join(dir, 'src/manager.js'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, loaded by its resolved path (no export names it)
    const Manager = require(path.join(dir, 'src/manager.js')) as { prototype: Record<string, unknown> };

    it('pg-boss-settle-failures: complete and fail are prototype methods the fetch loop calls through `this`, and PgBoss promotes them from the instance', () => {
      expect(patch('pg-boss-settle-failures').version).toBe(patch('pg-boss-off-work').version);
      expect(typeof Manager.prototype.complete).toBe('function');
      expect(typeof Manager.prototype.fail).toBe('function');
      expect(managerSource).toMatch(/\n\s+this\.complete\(name, jobIds/);
      expect(managerSource).toMatch(/\n\s+this\.fail\(name, jobIds/);
      expect(managerSource).toMatch(/this\.functions = \[[^\]]*this\.complete,[^\]]*this\.fail,[^\]]*this\.offWork,/);
      expect(read(path.join(dir, 'src/index.js'))).toMatch(/#promoteFunctions\(manager\)/);
    });

    it('pg-boss-off-work: offWork, getWorkers and removeWorker on the prototype; workers have stop(), stopping and stopped', () => {
      for (const method of ['offWork', 'getWorkers', 'removeWorker']) expect(typeof Manager.prototype[method]).toBe('function');
      const workerSource = read(path.join(dir, 'src/worker.js'));
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, loaded by its resolved path (no export names it)
      const Worker = require(path.join(dir, 'src/worker.js')) as { prototype: Record<string, unknown> };
      expect(typeof Worker.prototype.stop).toBe('function');
      expect(workerSource).toMatch(/this\.stopping = false/);
      expect(workerSource).toMatch(/this\.stopped = true/);
    });
  });

  it('prisma-adapter-pg-releasing-transactions: PrismaPg connects through connect/connectToShadowDb; a transaction keeps its PoolClient in `client` and releases it in commit/rollback', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- read as a plain object: the patch relies on internals the typings do not declare
    const { PrismaPg } = require('@prisma/adapter-pg') as { PrismaPg: { prototype: Record<string, unknown> } };
    expect(typeof PrismaPg.prototype.connect).toBe('function');
    expect(typeof PrismaPg.prototype.connectToShadowDb).toBe('function');
    const source = read(resolveFrom('@prisma/adapter-pg'));
    expect(source).toMatch(/var PgQueryable = class \{\s*constructor\(client, pgOptions\) \{\s*this\.client = client;/);
    const transaction = /var PgTransaction = class extends PgQueryable \{[\s\S]*?\n\};/.exec(source)?.[0] ?? '';
    expect(transaction).toMatch(/async commit\(\) \{[^}]*this\.client\.release\(\);/);
    expect(transaction).toMatch(/async rollback\(\) \{[^}]*this\.client\.release\(\);/);
    expect(source).toMatch(/usePhantomQuery: false/);
  });

  it('prisma-client-transaction-ending: the transaction manager sends COMMIT/ROLLBACK through executeRaw, then calls commit()/rollback()', () => {
    const source = read(path.join(packageDir('@prisma/client'), 'runtime/client.js'));
    expect(source).toMatch(/sql:"COMMIT",args:\[\],argTypes:\[\]/);
    expect(source).toMatch(/sql:"ROLLBACK",args:\[\],argTypes:\[\]/);
    expect(source).toMatch(/\.transaction\.executeRaw\(\w+\)\),await \w+\.transaction\.commit\(\)/);
    expect(source).toMatch(/\.transaction\.executeRaw\(\w+\)\),await \w+\.transaction\.rollback\(\)/);
    // The generated client uses this runtime.
    expect(read(path.join(ROOT, 'generated/prisma/internal/class.ts'))).toMatch(/from "@prisma\/client\/runtime\/client"/);
  });

  it('pg-client-query-catalog-types: pg.Client.prototype.query exists and answers a promise without a callback', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- read as a plain object: the patch relies on internals the typings do not declare
    const pg = require('pg') as { Client: { prototype: Record<string, unknown> } };
    expect(typeof pg.Client.prototype.query).toBe('function');
    expect(read(path.join(packageDir('pg'), 'lib/client.js'))).toMatch(/\n {2}query\(config, values, callback\) \{/);
    expect(read(path.join(ROOT, 'prisma/migrate.ts'))).toMatch(/cli-preload\.cjs/);
  });

  it('human-file-fetch: the node-wasm build loads by path and fetches its models', () => {
    const file = path.join(packageDir('@vladmandic/human'), 'dist/human.node-wasm.js');
    expect(read(file)).toMatch(/fetch\(/);
  });

  it('graphql-no-argument-fields: a writable export of values.js that executeField calls through the module object; without declared arguments the answer is always empty', () => {
    const entry = patch('graphql-no-argument-fields');
    const execution = path.join(packageDir(entry.package), 'execution');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, loaded by its resolved path (no export names it)
    const descriptor = Object.getOwnPropertyDescriptor(require(path.join(execution, 'values.js')), 'getArgumentValues');
    expect(descriptor?.writable).toBe(true);
    expect(typeof descriptor?.value).toBe('function');
    expect(read(path.join(execution, 'execute.js'))).toMatch(
      /const args = \(0, _values\.getArgumentValues\)\(\s*fieldDef,\s*fieldNodes\[0\],/,
    );
    // The values come from the definition's arguments only (the node's are looked up by name).
    const values = read(path.join(execution, 'values.js'));
    const body = values.slice(values.indexOf('function getArgumentValues('), values.indexOf('function getDirectiveValues('));
    expect(body).toMatch(/const coercedValues = Object\.create\(null\);/);
    expect(body).toMatch(/for \(const argDef of def\.args\) \{/);
    expect(body.match(/coercedValues\[/g)?.length).toBeGreaterThan(0);
    // A plain object with Object's prototype, as NO_ARGUMENTS is.
    expect(body).toMatch(/return \{ \.\.\.coercedValues \};\s*\}\s*(\/\*\*[\s\S]*\*\/\s*)*$/);
  });

  it('apollo-server-gateway-executor: the pipeline calls the gateway executor instead of execute, with the request context the executor reads', () => {
    const dist = path.join(packageDir('@apollo/server'), 'dist', 'cjs');
    const pipeline = read(path.join(dist, 'requestPipeline.js'));
    expect(pipeline).toContain(
      'internals.gatewayExecutor((0, makeGatewayGraphQLRequestContext_js_1.makeGatewayGraphQLRequestContext)(requestContext, server, internals))',
    );
    // What the executor's graphql-js path repeats (Apollo Server's own execution on graphql 16).
    expect(read(path.join(dist, 'incrementalDeliveryPolyfill.js'))).toContain('return (0, graphql_1.execute)(args);');
    expect(pipeline).toMatch(/variableValues: request\.variables,\s*operationName: request\.operationName,/);
    const context = read(path.join(dist, 'utils', 'makeGatewayGraphQLRequestContext.js'));
    for (const field of [
      'context: newRequestContext.contextValue',
      'source: newRequestContext.source',
      'document: newRequestContext.document',
      'operation: newRequestContext.operation',
      'request.variables = newRequestContext.request.variables',
      'request.operationName = newRequestContext.request.operationName',
    ])
      expect(context).toContain(field);
  });

  it('graphql-jit-errors: errors keep the original error, null-position errors come last, serializers by type name', () => {
    const dist = path.join(packageDir('graphql-jit'), 'dist');
    expect(read(path.join(dist, 'error.js'))).toContain(
      'function GraphQLError(message, locations, path, originalError, skipStackCapturing)',
    );
    const execution = read(path.join(dist, 'execution.js'));
    for (const rule of [
      'errors: errors.concat(trimmed.errors)',
      'context.options.customSerializers[innerType.name]',
      'return { errors: parsedVariables.errors };',
    ])
      expect(execution).toContain(rule);
  });

  it('smtp-server-bound-port: an SMTPServer keeps its net.Server in `server`', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- read as a plain object: the patch relies on internals the typings do not declare
    const { SMTPServer } = require('smtp-server') as { SMTPServer: new (options: object) => { server?: unknown } };
    const server = new SMTPServer({ secure: false, disabledCommands: ['STARTTLS'], hideSTARTTLS: true });
    expect(server.server).toBeInstanceOf(net.Server);
  });
});
