// The gateway's result shaping, planned once per operation instead of interpreted per field.
//
// After the query plan ran, @apollo/gateway walks the merged subgraph answer against the operation
// (`computeResponse`, dist/resultShaping.js) to build the client's answer: it drops the fields the
// plan fetched only to join entities, writes `__typename`, applies `@skip`/`@include`, checks every
// leaf against the API schema and bubbles nulls up from non-null positions, with an error per
// position. It does so by asking the federation `Operation` per field per request (two
// `appliedDirectivesOf` filters, the definition's type, the response name, a result object and an
// assertion closure per value): 20-22 % of the busy CPU of the REST sessions page (some 130 fields
// per session), 7-9 % of every other read (docs/performance.md, "Read path").
//
// Here the operation's selections are read once into a plan (per `Operation` object, which
// federated-operation-cache.ts keeps one of per parsed document), and a small interpreter walks
// the answer with it. The semantics are the library's, position for position: the same output key
// order, the same nulls and the same errors (messages, paths, codes). Where the library would throw
// an assertion (a non-list for a list, a non-object for an object, a non-boolean `if` variable ...)
// this walk gives up and the library's own function runs on the same input, so its error is the
// answer. Operations the plan does not cover use the library's function from the start:
// introspection fields (`__schema`, `__type`: the library executes them separately), a response
// name `__proto__`, and any operation the planner fails on; any unforeseen failure of the walk
// also hands the answer to the library. Answers are built as ordinary objects (the library's have no prototype): the
// same JSON, cheaper for V8 to build and serialize. Listed in platform/library-patches.ts.
import path from 'node:path';
import { logger } from '../platform/logging/logger';

/** The federation-internals types and helpers this module reads (structural: the package has no typed export path here). */
interface FedType {
  kind: string;
  name?: string;
  ofType?: FedType;
  values?: { name: string }[];
  toString(): string;
}
interface FedDirective {
  arguments(): { if?: unknown };
}
interface FedElement {
  appliedDirectivesOf(directive: unknown): FedDirective[];
}
interface FedField extends FedElement {
  kind: 'Field';
  name: string;
  responseName(): string;
  definition: { type: FedType; isSchemaIntrospectionField(): boolean };
}
interface FedFragment extends FedElement {
  kind: 'FragmentElement';
  typeCondition?: FedType;
}
interface FedSelection {
  kind: 'FieldSelection' | 'FragmentSelection';
  element: FedField | FedFragment;
  selectionSet?: FedSelectionSet;
}
interface FedSelectionSet {
  selections(): readonly FedSelection[];
}
interface FedSchema {
  type(name: string): FedType | undefined;
  skipDirective(): unknown;
  includeDirective(): unknown;
  booleanType(): FedType;
  intType(): FedType;
  floatType(): FedType;
  idType(): FedType;
  stringType(): FedType;
  schemaDefinition: { rootType(kind: string): FedType | undefined };
}
export interface FedOperation {
  schema(): FedSchema;
  rootKind: string;
  selectionSet: FedSelectionSet;
  collectDefaultedVariableValues(): Record<string, unknown>;
}
interface FederationInternals {
  Variable: abstract new (...args: never[]) => { name: string };
  isSubtype(type: FedType, maybeSubType: FedType): boolean;
  isObjectType(type: FedType): boolean;
  isCompositeType(type: FedType): boolean;
  isNonNullType(type: FedType): boolean;
  isListType(type: FedType): boolean;
  isEnumType(type: FedType): boolean;
  isCustomScalarType(type: FedType): boolean;
  isScalarType(type: FedType): boolean;
  ERRORS: { INVALID_GRAPHQL: { err(message: string, options: { path: (string | number)[] }): Error } };
}

export interface ComputeResponseArgs {
  operation: FedOperation;
  variables?: Record<string, unknown> | null;
  input: Record<string, unknown> | null | undefined;
  introspectionHandling: (selection: unknown) => unknown;
}
export interface ComputeResponseResult {
  data: unknown;
  errors: Error[];
}
export type ComputeResponse = (args: ComputeResponseArgs) => ComputeResponseResult;

// ── the plan ──

const enum ValueKind {
  NonNull,
  List,
  Composite,
  Leaf,
}

const enum LeafKind {
  /** A custom scalar: the library accepts any value. */
  Any,
  Boolean,
  /** Int and ID accept a finite number written as an integer; ID also any string. */
  Int,
  Id,
  Float,
  String,
  Enum,
}

interface ValuePlan {
  kind: ValueKind;
  /** Inner plan of a non-null or list position. */
  of: ValuePlan | null;
  /** The type as the library prints it in an error message. */
  printed: string;
  /** The named type of a composite position. */
  type: FedType | null;
  leaf: LeafKind;
  enumValues: ReadonlySet<string> | null;
}

/** `@skip`/`@include` of one selection: absent, a literal, or a variable. */
interface Condition {
  variable: string | null;
  literal: unknown;
}

interface FieldStep {
  field: true;
  responseName: string;
  /** A name Object.prototype also has: the answer object is read with an own-property check. */
  inherited: boolean;
  isTypename: boolean;
  /** Set for a `__typename` read under an alias: the fallback reads the object's own `__typename`. */
  aliasedTypename: boolean;
  skip: Condition | null;
  include: Condition | null;
  value: ValuePlan | null;
  /** For a leaf field (nullable or not): its leaf plan, for the walk's short way with a valid value. */
  leaf: ValuePlan | null;
  selections: SelectionPlan | null;
}

interface FragmentStep {
  field: false;
  skip: Condition | null;
  include: Condition | null;
  condition: FedType | null;
  /** Whether the condition applies, by the object's `__typename`, and by the parent type without one. */
  appliesToTypename: Map<string, boolean>;
  appliesToParent: Map<FedType, boolean>;
  selections: SelectionPlan;
}

type Step = FieldStep | FragmentStep;

interface SelectionPlan {
  steps: Step[];
}

interface CompiledOperation {
  schema: FedSchema;
  root: FedType;
  selections: SelectionPlan;
  /** Whether any selection has a `@skip`/`@include` on a variable (the variables are then merged with their defaults). */
  readsVariables: boolean;
}

/** Thrown where the library would fail an assertion: its own function then runs and answers. One
 * instance, made once: giving up costs no stack capture. */
class GiveUp extends Error {}
const GIVE_UP = new GiveUp('the library shapes this answer');

class Unsupported extends Error {}

// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with .call(object, name)
const ownProperty = Object.prototype.hasOwnProperty;
const INTEGER_TEXT = /^-?(?:0|[1-9][0-9]*)$/;

class Compiler {
  readonly readsVariables = { value: false };
  private readonly sets = new Map<FedSelectionSet, SelectionPlan>();
  private readonly values = new Map<FedType, ValuePlan>();

  constructor(
    private readonly fed: FederationInternals,
    private readonly schema: FedSchema,
  ) {}

  selections(set: FedSelectionSet): SelectionPlan {
    const known = this.sets.get(set);
    if (known) return known;
    const plan: SelectionPlan = { steps: [] };
    this.sets.set(set, plan); // before the children: a named fragment's set is planned once
    for (const selection of set.selections()) plan.steps.push(this.step(selection));
    return plan;
  }

  private condition(element: FedElement, directive: unknown): Condition | null {
    const applied = element.appliedDirectivesOf(directive)[0];
    if (!applied) return null;
    const argument = applied.arguments().if;
    if (argument instanceof this.fed.Variable) {
      this.readsVariables.value = true;
      return { variable: argument.name, literal: undefined };
    }
    return { variable: null, literal: argument };
  }

  private step(selection: FedSelection): Step {
    const skip = this.condition(selection.element, this.schema.skipDirective());
    const include = this.condition(selection.element, this.schema.includeDirective());
    if (selection.kind === 'FieldSelection') {
      const field = selection.element as FedField;
      const responseName = field.responseName();
      if (field.definition.isSchemaIntrospectionField()) throw new Unsupported(`introspection field ${field.name}`);
      if (responseName === '__proto__') throw new Unsupported('response name __proto__');
      const isTypename = field.name === '__typename';
      const value = isTypename ? null : this.value(field.definition.type);
      const unwrapped = value?.kind === ValueKind.NonNull ? value.of : value;
      return {
        field: true,
        responseName,
        inherited: responseName in Object.prototype,
        isTypename,
        aliasedTypename: isTypename && responseName !== '__typename',
        skip,
        include,
        value,
        leaf: unwrapped?.kind === ValueKind.Leaf ? unwrapped : null,
        selections: selection.selectionSet ? this.selections(selection.selectionSet) : null,
      };
    }
    if (selection.kind !== 'FragmentSelection' || !selection.selectionSet) throw new Unsupported(`selection kind ${selection.kind}`);
    return {
      field: false,
      skip,
      include,
      condition: (selection.element as FedFragment).typeCondition ?? null,
      appliesToTypename: new Map(),
      appliesToParent: new Map(),
      selections: this.selections(selection.selectionSet),
    };
  }

  private value(type: FedType): ValuePlan {
    const known = this.values.get(type);
    if (known) return known;
    const { fed, schema } = this;
    let plan: ValuePlan;
    const base = { printed: String(type), type: null, leaf: LeafKind.Any, enumValues: null, of: null };
    if (fed.isNonNullType(type)) plan = { ...base, kind: ValueKind.NonNull, of: this.value(type.ofType!) };
    else if (fed.isListType(type)) plan = { ...base, kind: ValueKind.List, of: this.value(type.ofType!) };
    else if (fed.isCompositeType(type)) plan = { ...base, kind: ValueKind.Composite, type };
    else if (fed.isEnumType(type)) {
      plan = { ...base, kind: ValueKind.Leaf, leaf: LeafKind.Enum, enumValues: new Set((type.values ?? []).map((value) => value.name)) };
    } else if (fed.isCustomScalarType(type)) plan = { ...base, kind: ValueKind.Leaf, leaf: LeafKind.Any };
    else if (type === schema.booleanType()) plan = { ...base, kind: ValueKind.Leaf, leaf: LeafKind.Boolean };
    else if (type === schema.intType()) plan = { ...base, kind: ValueKind.Leaf, leaf: LeafKind.Int };
    else if (type === schema.idType()) plan = { ...base, kind: ValueKind.Leaf, leaf: LeafKind.Id };
    else if (type === schema.floatType()) plan = { ...base, kind: ValueKind.Leaf, leaf: LeafKind.Float };
    else if (type === schema.stringType()) plan = { ...base, kind: ValueKind.Leaf, leaf: LeafKind.String };
    else throw new Unsupported(`type ${String(type)}`);
    this.values.set(type, plan);
    return plan;
  }
}

/** Whether a leaf value is one the API schema's type admits (the library's `isValidLeafValue`, by kind). */
function validLeaf(plan: ValuePlan, value: unknown): boolean {
  switch (plan.leaf) {
    case LeafKind.Any:
      return true;
    case LeafKind.String:
      return typeof value === 'string';
    case LeafKind.Boolean:
      return typeof value === 'boolean';
    case LeafKind.Enum:
      return typeof value === 'string' && plan.enumValues!.has(value);
    case LeafKind.Float:
      return typeof value === 'number' && Number.isFinite(value);
    case LeafKind.Id:
      if (typeof value === 'string') return true;
      return typeof value === 'number' && integral(value);
    case LeafKind.Int:
      return typeof value === 'number' && integral(value);
  }
}

/** A finite number whose text is an integer (1e21 prints as "1e+21": not one). */
function integral(value: number): boolean {
  if (Number.isSafeInteger(value)) return true;
  return Number.isFinite(value) && INTEGER_TEXT.test(String(value));
}

// ── the walk ──

/** One request's walk. Each `value` call leaves its two flags here (no result object per value). */
class Walk {
  readonly errors: Error[] = [];
  readonly path: (string | number)[] = [];
  /** The last value was invalid in a non-null position: its parent object becomes null. */
  invalid = false;
  /** The last value (or one inside it) was nulled with an error already recorded. */
  hadErrors = false;

  constructor(
    private readonly fed: FederationInternals,
    private readonly schema: FedSchema,
    private readonly variables: Record<string, unknown> | null,
  ) {}

  private truthy(condition: Condition): boolean {
    if (condition.variable === null) return condition.literal as boolean;
    const value = this.variables?.[condition.variable];
    if (typeof value !== 'boolean') throw GIVE_UP;
    return value;
  }

  private skipped(step: Step): boolean {
    return (step.skip !== null && this.truthy(step.skip)) || (step.include !== null && !this.truthy(step.include));
  }

  /** The library's message for the last element of the path. */
  private where(type: string, parent: FedType): string {
    const last = this.path[this.path.length - 1];
    return typeof last === 'string' ? `field ${String(parent)}.${last}` : `array element of type ${type} at index ${last}`;
  }

  private fail(message: string): void {
    this.errors.push(this.fed.ERRORS.INVALID_GRAPHQL.err(message, { path: Array.from(this.path) }));
  }

  /** Writes the plan's fields of `input` into `output`; false: a non-null position failed, the object is null. */
  object(plan: SelectionPlan, input: Record<string, unknown>, output: Record<string, unknown>, parent: FedType): boolean {
    const { steps } = plan;
    // Reading an absent name through a prototype would find the prototype's value: only plain or
    // prototype-less objects are read directly (answers are JSON), anything else by own property.
    const prototype: unknown = Object.getPrototypeOf(input);
    const plain = prototype === null || prototype === Object.prototype;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if ((step.skip !== null || step.include !== null) && this.skipped(step)) continue;
      if (step.field) {
        const name = step.responseName;
        const existing = step.inherited ? (ownProperty.call(output, name) ? output[name] : undefined) : output[name];
        let value: unknown = plain && !step.inherited ? input[name] : ownProperty.call(input, name) ? input[name] : undefined;
        if (value === undefined) value = null;
        if (step.isTypename) {
          if (existing !== undefined) continue;
          if (value === null && step.aliasedTypename) value = input.__typename ?? null;
          const named = typeof value === 'string' ? (this.schema.type(value) ?? parent) : parent;
          if (!this.fed.isObjectType(named)) return false;
          output[name] = named.name;
          continue;
        }
        // The common case, a valid leaf written for the first time, without the general walk.
        if (step.leaf !== null && existing === undefined && value !== null && validLeaf(step.leaf, value)) {
          output[name] = value;
          continue;
        }
        this.path.push(name);
        output[name] = this.value(existing, step.value!, value, step.selections, parent);
        this.path.pop();
        if (this.invalid) return false;
      } else {
        const typename = input.__typename;
        if (typename && typeof typename !== 'string') throw GIVE_UP;
        if (this.applies(step, typename as string | undefined, parent)) {
          if (!this.object(step.selections, input, output, step.condition ?? parent)) return false;
        }
      }
    }
    return true;
  }

  private applies(step: FragmentStep, typename: string | undefined, parent: FedType): boolean {
    const condition = step.condition;
    if (condition === null) return true;
    if (typename) {
      let applies = step.appliesToTypename.get(typename);
      if (applies === undefined) {
        const type = this.schema.type(typename);
        applies = !!type && this.fed.isSubtype(condition, type);
        step.appliesToTypename.set(typename, applies);
      }
      return applies;
    }
    let applies = step.appliesToParent.get(parent);
    if (applies === undefined) {
      applies = this.fed.isSubtype(condition, parent);
      step.appliesToParent.set(parent, applies);
    }
    return applies;
  }

  /** The shaped value of one position; sets `invalid` and `hadErrors`. `input` is never undefined. */
  private value(existing: unknown, plan: ValuePlan, input: unknown, selections: SelectionPlan | null, parent: FedType): unknown {
    if (existing === null || (existing !== undefined && selections === null)) {
      this.invalid = false;
      this.hadErrors = false;
      return existing;
    }
    switch (plan.kind) {
      case ValueKind.NonNull: {
        const shaped = this.value(existing, plan.of!, input, selections, parent);
        if (shaped === null) {
          if (!this.hadErrors) this.fail(`Cannot return null for non-nullable ${this.where(plan.of!.printed, parent)}.`);
          this.invalid = true;
          this.hadErrors = true;
          return null;
        }
        this.invalid = false;
        this.hadErrors = false;
        return shaped;
      }
      case ValueKind.Leaf: {
        this.invalid = false;
        if (input === null) {
          this.hadErrors = false;
          return null;
        }
        if (existing !== undefined) throw GIVE_UP;
        if (validLeaf(plan, input)) {
          this.hadErrors = false;
          return input;
        }
        this.fail(`Invalid value found for ${this.where(plan.printed, parent)}.`);
        this.hadErrors = true;
        return null;
      }
      case ValueKind.List: {
        if (input === null) {
          this.invalid = false;
          this.hadErrors = false;
          return null;
        }
        if (!Array.isArray(input) || (existing !== undefined && !Array.isArray(existing))) throw GIVE_UP;
        const before = existing as unknown[] | undefined;
        const length = input.length;
        if (before !== undefined && before.length !== length) throw GIVE_UP;
        const shaped = new Array<unknown>(length);
        let nullify = false;
        let hadErrors = false;
        for (let index = 0; index < length; index++) {
          const element: unknown = input[index];
          if (element === undefined) throw GIVE_UP;
          this.path.push(index);
          shaped[index] = this.value(before === undefined ? undefined : before[index], plan.of!, element, selections, parent);
          this.path.pop();
          if (this.invalid) nullify = true;
          if (this.hadErrors) hadErrors = true;
        }
        this.invalid = false;
        this.hadErrors = hadErrors;
        return nullify ? null : shaped;
      }
      case ValueKind.Composite: {
        if (input === null) {
          this.invalid = false;
          this.hadErrors = false;
          return null;
        }
        if (selections === null || typeof input !== 'object' || (existing !== undefined && typeof existing !== 'object')) throw GIVE_UP;
        const object = input as Record<string, unknown>;
        const typename = object.__typename;
        if (typename !== undefined && typeof typename !== 'string') throw GIVE_UP;
        let type = plan.type!;
        if (typename) {
          const named = this.schema.type(typename);
          if (!named || !this.fed.isCompositeType(named)) {
            this.fail(`Invalid __typename found for object at ${this.where(plan.printed, parent)}.`);
            this.invalid = false;
            this.hadErrors = true;
            return null;
          }
          type = named;
        }
        const output = (existing as Record<string, unknown> | undefined) ?? {};
        const complete = this.object(selections, object, output, type);
        this.invalid = false;
        this.hadErrors = !complete;
        return complete ? output : null;
      }
    }
  }
}

// ── wiring ──

/** Per Operation object: its plan, or null when the library's own function shapes it. */
const plans = new WeakMap<object, CompiledOperation | null>();
/** Operations whose walk failed in a way the plan did not foresee (logged once each). */
const unforeseen = new WeakSet<object>();

function compile(fed: FederationInternals, operation: FedOperation): CompiledOperation | null {
  try {
    const schema = operation.schema();
    const root = schema.schemaDefinition.rootType(operation.rootKind);
    if (!root) return null;
    const compiler = new Compiler(fed, schema);
    const selections = compiler.selections(operation.selectionSet);
    return { schema, root, selections, readsVariables: compiler.readsVariables.value };
  } catch {
    // Unsupported, or anything this planner did not foresee in an operation: the library shapes it.
    return null;
  }
}

/** The plan of an operation, built on first use (null: not covered, see the header). */
export function planFor(fed: FederationInternals, operation: FedOperation): CompiledOperation | null {
  let plan = plans.get(operation);
  if (plan === undefined) {
    plan = compile(fed, operation);
    plans.set(operation, plan);
  }
  return plan;
}

/** A `computeResponse` with the library's semantics that shapes by plan, and runs `original` for what the plan does not cover. */
export function planResultShaping(fed: FederationInternals, original: ComputeResponse): ComputeResponse {
  return function computeResponsePlanned(args) {
    const { operation, input } = args;
    if (!input) return original(args);
    const plan = planFor(fed, operation);
    if (plan === null) return original(args);
    const variables = plan.readsVariables
      ? ({ __proto__: null, ...operation.collectDefaultedVariableValues(), ...args.variables } as Record<string, unknown>)
      : null;
    const walk = new Walk(fed, plan.schema, variables);
    try {
      const data: Record<string, unknown> = {};
      const complete = walk.object(plan.selections, input, data, plan.root);
      return { data: complete ? data : null, errors: walk.errors };
    } catch (error) {
      // GIVE_UP where the library asserts; and whatever else went wrong here, the library's own
      // function answers (its error, if it fails too, is the answer). Anything but GIVE_UP is a gap
      // in this walk: logged once per operation so it shows in production, not only in the tests.
      if (error !== GIVE_UP && !unforeseen.has(operation)) {
        unforeseen.add(operation);
        logger.warn({ err: error }, 'planned result shaping failed unexpectedly: the library shaped this operation');
      }
      return original(args);
    }
  };
}

const PLANNED = Symbol.for('vigil.plannedResultShaping');

interface ResultShapingModule {
  computeResponse: ComputeResponse & { [PLANNED]?: true };
}

/** The gateway's resultShaping module (executeQueryPlan reads its export at call time) and the federation internals it uses. */
export function gatewayShapingModules(): { shaping: ResultShapingModule; fed: FederationInternals } {
  const gatewayDir = path.dirname(require.resolve('@apollo/gateway'));
  const internalsEntry = require.resolve('@apollo/federation-internals', { paths: [gatewayDir] });
  return {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the very CommonJS module object the gateway loaded (by a resolved path, not a package export), patched synchronously at startup
    shaping: require(path.join(gatewayDir, 'resultShaping.js')) as ResultShapingModule,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the federation-internals copy the gateway itself loaded (resolved from its folder)
    fed: require(internalsEntry) as FederationInternals,
  };
}

/** Installs the planned `computeResponse` once per process (idempotent). */
export function installPlannedResultShaping(): void {
  const { shaping, fed } = gatewayShapingModules();
  if (typeof shaping.computeResponse !== 'function' || shaping.computeResponse[PLANNED]) return;
  shaping.computeResponse = Object.assign(planResultShaping(fed, shaping.computeResponse), { [PLANNED]: true as const });
}
