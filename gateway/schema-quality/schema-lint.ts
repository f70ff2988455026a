// The schema lint of the GraphQL conventions (docs/developing.md): run over the composed public
// API, so every subgraph is held to the same rules. Each violation is one line
// `<rule> <Type.field>`; known ones of subgraphs still being converted sit in the allow-list file
// (schema-lint-allowlist.txt) until their owners empty it.
import fs from 'node:fs';
import path from 'node:path';
import {
  GraphQLEnumType,
  GraphQLField,
  GraphQLInputField,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLUnionType,
  getNamedType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
} from 'graphql';

export type LintRule =
  | 'naming'
  | 'description'
  | 'enum-like-string'
  | 'json-outside-free-form'
  | 'timestamp-not-datetime'
  | 'email-not-email-address'
  | 'url-not-url'
  | 'unused-type'
  | 'paging-shape'
  | 'mutation-input';

export interface LintViolation {
  rule: LintRule;
  /** Schema coordinate: Type, Type.field or Type.field(arg:). */
  coordinate: string;
}

/** The places the spec itself calls free-form: the only ones that may use JSON / JSONObject. */
export const FREE_FORM_JSON = new Set<string>([
  // Custom json field values are free-form by definition (but exact: they travel as JSON text).
  'ProfileCustomFieldValue.value',
  // Risk assessments: the canvas is the dashboard's own free-form state, command payloads and
  // artifact references are free-form by the endpoint table.
  'AssessmentCanvas.state',
  'SaveAssessmentCanvasInput.state',
  'AssessmentCommandInput.payload',
  'AssessmentCommandInput.artifactRefs',
  // ... and kept as sent on the command's trajectory events.
  'CommandDetails.payload',
  'CommandDetails.artifactRefs',
  // Task context: "PATCH /tasks/{taskId} | object: task context": the reviewer's (and the agent's)
  // own notes, with no fields the interface defines. Reviewed when the lint arrived: the spec names no field
  // of it, and REST merges whatever object the caller sends, so a type would refuse stored notes.
  'AssessmentTask.context',
  'UpdateAssessmentTaskInput.context',
  // Trajectory event data as stored: deprecated (kept one release for GraphQL clients that read
  // it), replaced by TrajectoryEvent.details, typed per event type (TrajectoryEventDetails).
  'TrajectoryEvent.data',
  // The detail of an audit entry: what its action recorded, written by every domain through
  // platform/audit; the keys depend on the action (docs/audit.md) and the trail keeps entries of
  // actions older and newer than any one schema.
  'AuditEntry.detail',
]);

/**
 * Enum-like names that are open text by the interface itself. Profile kind: "string; value
 * individual is used for persons" — each bank names its own kinds of customers, and the REST API
 * accepts any kind, so an enum would refuse what the REST API stores.
 */
export const OPEN_TEXT = new Set<string>([
  'Profile.kind',
  'CreateProfileInput.kind',
  'UpdateProfileInput.kind',
  'OnboardProfileInput.kind',
  // Risk subjects: `state` is the state or region of a country (jurisdiction {country, state}), a
  // place name rather than a life-cycle state; location `type` is the bank's own label
  // (registered_office, operations, ...; the REST body accepts any 1 to 50 characters).
  // Reviewed when the lint arrived: the spec lists `locations[] {type, country, state}` and
  // `jurisdiction {country, state}` without naming any value of either, so neither set is closed.
  'Jurisdiction.state',
  'JurisdictionInput.state',
  'RegistrationJurisdiction.state',
  'RegistrationJurisdictionInput.state',
  'SubjectLocation.state',
  'SubjectLocationInput.state',
  'SubjectLocation.type',
  'SubjectLocationInput.type',
  // The home page's activity feed names outbox events of every domain: their types
  // (profile_status_updated, idv.session.requires_review, ...) and aggregate types grow with every
  // feature that records an event, and the feed must not break when one is added.
  'WorkspaceEvent.type',
  'WorkspaceEvent.subjectType',
  // Audit entries: actions and object types are dotted names every domain adds to
  // (`idv.session.review`); the trail keeps entries written by older and newer versions for years,
  // and an enum would fail the whole page on one value this schema does not know.
  'AuditEntry.action',
  'AuditEntry.objectType',
  'AuditEntryFilter.action',
  'AuditEntryFilter.objectType',
]);

const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const CAMEL = /^[a-z][A-Za-z0-9]*$/;
// Enum values keep the spec's own spelling (`not_screened`, `requires_review`, feed names `PEP`).
const ENUM_VALUE = /^[A-Za-z][A-Za-z0-9_]*$/;
// Field names that name a closed set. contentType is a MIME type (image/png), not an enum: the
// lookbehind leaves it out.
const ENUM_LIKE_FIELD =
  /(?:^|[a-z])(?<!content)(?:Status|Statuses|Kind|Kinds|Type|Types|State|Slot|Preset|Feed|Feeds|Mode|Category|Categories|Action|Sides|Frequency)$|^(?:status|statuses|kind|kinds|type|types|state|slot|preset|feed|feeds|mode|category|categories|action|sides|frequency)$/;
const TIMESTAMP_FIELD = /(?:^|[a-z])At$|^(?:at)$/;
const EMAIL_FIELD = /(?:^e|E)mail$/;
const URL_FIELD = /(?:^u|U)rl$/;
const JSON_SCALARS = new Set(['JSON', 'JSONObject']);
const PAGING_FIELDS = new Set(['items', 'hasMore', 'nextCursor', 'page', 'perPage']);

type Fielded = GraphQLObjectType | GraphQLInterfaceType | GraphQLInputObjectType;

export function lintSchema(schema: GraphQLSchema): LintViolation[] {
  const out: LintViolation[] = [];
  const add = (rule: LintRule, coordinate: string) => out.push({ rule, coordinate });
  const used = reachableTypes(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    if (!PASCAL.test(type.name)) add('naming', type.name);
    if (!type.description?.trim()) add('description', type.name);
    if (!used.has(type.name)) add('unused-type', type.name);
    if (type instanceof GraphQLEnumType) {
      for (const value of type.getValues()) {
        if (!ENUM_VALUE.test(value.name)) add('naming', `${type.name}.${value.name}`);
        if (!value.description?.trim()) add('description', `${type.name}.${value.name}`);
      }
    }
    if (isObjectType(type) || type instanceof GraphQLInterfaceType || isInputObjectType(type)) lintFields(schema, type, add);
  }
  const mutation = schema.getMutationType();
  for (const field of Object.values(mutation?.getFields() ?? {})) {
    for (const arg of field.args) {
      const named = getNamedType(arg.type);
      if (isInputObjectType(named) && (arg.name !== 'input' || !named.name.endsWith('Input')))
        add('mutation-input', `Mutation.${field.name}(${arg.name}:)`);
      if (arg.name === 'input' && !isInputObjectType(named)) add('mutation-input', `Mutation.${field.name}(${arg.name}:)`);
    }
  }
  return out;
}

function lintFields(schema: GraphQLSchema, type: Fielded, add: (rule: LintRule, coordinate: string) => void): void {
  // Named explicitly: Object.values over the union of the three field maps would fall back to any[].
  const fields = Object.values<GraphQLField<unknown, unknown> | GraphQLInputField>(type.getFields());
  if (isObjectType(type) && fields.some((field) => PAGING_FIELDS.has(field.name)) && fields.some((field) => field.name === 'items'))
    add('paging-shape', type.name);
  if (isObjectType(type) && type.name.endsWith('Connection')) {
    const names = new Set(fields.map((field) => field.name));
    if (!names.has('nodes') || !names.has('pageInfo') || getNamedType(type.getFields().pageInfo?.type)?.name !== 'PageInfo')
      add('paging-shape', type.name);
  }
  for (const field of fields) {
    const coordinate = `${type.name}.${field.name}`;
    if (!CAMEL.test(field.name)) add('naming', coordinate);
    if (!field.description?.trim()) add('description', coordinate);
    lintValueType(coordinate, field.name, getNamedType(field.type), add);
    if ('args' in field) {
      for (const arg of field.args) {
        const argCoordinate = `${coordinate}(${arg.name}:)`;
        if (!CAMEL.test(arg.name)) add('naming', argCoordinate);
        lintValueType(argCoordinate, arg.name, getNamedType(arg.type), add);
        // Paging arguments of the one shape: first/after, never limit/cursor/page/perPage.
        if (['limit', 'cursor', 'page', 'perPage'].includes(arg.name)) add('paging-shape', argCoordinate);
      }
    }
  }
  void schema;
}

function lintValueType(coordinate: string, name: string, named: GraphQLNamedType, add: (rule: LintRule, coordinate: string) => void): void {
  if (named.name === 'String' && ENUM_LIKE_FIELD.test(name) && !OPEN_TEXT.has(coordinate)) add('enum-like-string', coordinate);
  if (JSON_SCALARS.has(named.name) && !FREE_FORM_JSON.has(coordinate)) add('json-outside-free-form', coordinate);
  if (named.name === 'String' && TIMESTAMP_FIELD.test(name)) add('timestamp-not-datetime', coordinate);
  if (named.name === 'String' && EMAIL_FIELD.test(name)) add('email-not-email-address', coordinate);
  if (named.name === 'String' && URL_FIELD.test(name)) add('url-not-url', coordinate);
}

/** Types reachable from the root operation types (scalars included). */
function reachableTypes(schema: GraphQLSchema): Set<string> {
  const seen = new Set<string>();
  const visit = (type: GraphQLNamedType | null | undefined) => {
    if (!type || seen.has(type.name)) return;
    seen.add(type.name);
    if (isObjectType(type) || type instanceof GraphQLInterfaceType) {
      for (const iface of type.getInterfaces()) visit(iface);
      for (const field of Object.values(type.getFields())) {
        visit(getNamedType(field.type));
        for (const arg of field.args) visit(getNamedType(arg.type));
      }
      if (type instanceof GraphQLInterfaceType) for (const impl of schema.getPossibleTypes(type)) visit(impl);
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) visit(getNamedType(field.type));
    } else if (type instanceof GraphQLUnionType) {
      for (const member of type.getTypes()) visit(member);
    } else if (isScalarType(type)) {
      // leaf
    }
  };
  visit(schema.getQueryType());
  visit(schema.getMutationType());
  visit(schema.getSubscriptionType());
  return seen;
}

export const ALLOWLIST_PATH = path.resolve(__dirname, 'schema-lint-allowlist.txt');

export function formatViolation(violation: LintViolation): string {
  return `${violation.rule} ${violation.coordinate}`;
}

/** Allow-listed violations (one `<rule> <coordinate>` a line; # comments). */
export function readAllowlist(file = ALLOWLIST_PATH): Set<string> {
  if (!fs.existsSync(file)) return new Set();
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

export interface LintReport {
  /** Violations not in the allow-list: these fail the lint. */
  violations: string[];
  /** Allow-list entries that no longer occur: delete them. */
  stale: string[];
}

export function lintAgainstAllowlist(schema: GraphQLSchema, allowlist = readAllowlist()): LintReport {
  const found = [...new Set(lintSchema(schema).map(formatViolation))];
  return {
    violations: found.filter((line) => !allowlist.has(line)).sort(),
    stale: [...allowlist].filter((line) => !found.includes(line)).sort(),
  };
}
