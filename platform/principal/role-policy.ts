// What each dashboard role may run: every root Mutation field of every subgraph with the least role
// that may call it, and the few root Query fields that are not open to every role. The one source of
// truth for the roles (docs/platform.md "Roles" describes it); the gateway checks a dashboard user's
// operation against it before anything runs, and every subgraph checks its own share again
// (platform/subgraph/subgraph-server.ts). Applications (API keys), services and the hosted page's
// principals are not dashboard users: their access is their entitlements and kinds, as before.
//
// A new Mutation field needs a row here: test/platform/role-policy.test.ts fails on a field without
// one and on a row naming a field no subgraph has.
import { DocumentNode, FragmentDefinitionNode, Kind, OperationDefinitionNode, OperationTypeNode, SelectionSetNode, parse } from 'graphql';
import { PlatformError } from '../errors/domain-error';
import { Principal } from './principal';
import { DashboardRole, roleAtLeast } from './roles';

/** No dashboard role runs the field: it belongs to another kind of caller (the hosted capture page's
 * capture and invite credentials, public sign-in). Dashboard users are refused with 403 forbidden. */
export const NOT_FOR_DASHBOARD_USERS = 'none';
export type RoleRule = DashboardRole | typeof NOT_FOR_DASHBOARD_USERS;

/**
 * Root Mutation fields by subgraph. viewer: reads only (and reports of what the workspace already
 * holds); analyst: the day-to-day work of an integrator, no decisions; reviewer: decisions; admin:
 * workspace settings, erasure, watchlist administration.
 */
export const MUTATION_POLICY = {
  profiles: {
    createProfile: 'analyst',
    updateProfile: 'analyst',
    onboardProfile: 'analyst',
    createProfileComment: 'analyst',
    updateProfileComment: 'analyst',
    // Erasure destroys personal data for good.
    requestProfileErasure: 'admin',
    // Groups, custom field definitions and the monitoring default configure the workspace.
    createProfileGroup: 'admin',
    updateProfileGroup: 'admin',
    archiveProfileGroup: 'admin',
    createProfileCustomFieldDefinition: 'admin',
    updateProfileCustomFieldDefinition: 'admin',
    archiveProfileCustomFieldDefinition: 'admin',
    restoreProfileCustomFieldDefinition: 'admin',
    rollbackProfileCustomFieldDefinition: 'admin',
    updateWorkspaceMonitoringDefault: 'admin',
  },
  idv: {
    createVerificationSession: 'analyst',
    cancelVerificationSession: 'analyst',
    // Assigning routes work to a reviewer; it decides nothing.
    assignVerificationSession: 'analyst',
    sendVerificationInvite: 'analyst',
    // accepted / rejected / escalation: the review decision.
    reviewVerificationSession: 'reviewer',
    createIdvTheme: 'admin',
    replaceIdvTheme: 'admin',
    archiveIdvTheme: 'admin',
    makeDefaultIdvTheme: 'admin',
    attachIdvThemeLogo: 'admin',
    removeIdvThemeLogo: 'admin',
    createIdvWorkflow: 'admin',
    updateIdvWorkflow: 'admin',
    activateIdvWorkflow: 'admin',
    archiveIdvWorkflow: 'admin',
    makeDefaultIdvWorkflow: 'admin',
    createWebhookDestination: 'admin',
    updateWebhookDestination: 'admin',
    deleteWebhookDestination: 'admin',
    rotateWebhookDestinationSecret: 'admin',
    enableWebhookDestination: 'admin',
    disableWebhookDestination: 'admin',
    redeliverWebhookDelivery: 'admin',
    // The hosted capture page (capture and invite credentials).
    recordVerificationConsent: NOT_FOR_DASHBOARD_USERS,
    submitVerificationSession: NOT_FOR_DASHBOARD_USERS,
    recordCaptureConsent: NOT_FOR_DASHBOARD_USERS,
    attachCaptureArtifact: NOT_FOR_DASHBOARD_USERS,
    recordCaptureAnswers: NOT_FOR_DASHBOARD_USERS,
    submitCapture: NOT_FOR_DASHBOARD_USERS,
    exchangeCaptureCredential: NOT_FOR_DASHBOARD_USERS,
  },
  screening: {
    screen: 'analyst',
    submitScreeningBatch: 'analyst',
    restartScreeningBatch: 'analyst',
    // A PDF of stored results changes nothing the workspace holds: a read.
    generateScreeningReports: 'viewer',
    // true_positive / false_positive (a false positive clears the match for later searches).
    reviewScreeningMatch: 'reviewer',
    acknowledgeMonitoringAlert: 'reviewer',
    updateAutomaticDispositionSettings: 'admin',
    updateAdverseMediaSettings: 'admin',
    // Also need the watchlistAdmin entitlement, which dashboard users do not carry: the lists and
    // the news index serve every tenant, and the paths are the server's.
    importWatchlist: 'admin',
    ingestNewsArticles: 'admin',
  },
  risk: {
    createRiskAssessment: 'analyst',
    startRiskAssessment: 'analyst',
    // Answering or steering the agent, pausing, resuming, cancelling the run.
    sendAssessmentCommand: 'analyst',
    updateAssessmentTask: 'analyst',
    saveAssessmentCanvas: 'analyst',
    addAssessmentUpload: 'analyst',
    generateAssessmentReport: 'viewer',
    // resolved / false_positive / accepted: dismissing or confirming a risk is a decision.
    updateAssessmentRisk: 'reviewer',
    concludeRiskAssessment: 'reviewer',
    // Reopening sets a conclusion aside.
    reopenRiskAssessment: 'reviewer',
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, RoleRule>>>>;

/**
 * Root Query fields that not every role may read (every other read is open to every role of the
 * workspace).
 */
export const QUERY_POLICY = {
  idv: {
    // Decrypted personal data (documents, extracted fields), audited on every read.
    verificationSessionData: 'analyst',
    // Destinations carry their URLs (which may hold credentials), deliveries their payloads.
    webhookDestinations: 'admin',
    webhookDestination: 'admin',
    webhookDelivery: 'admin',
  },
  screening: {
    // The server's import paths and outcomes.
    watchlistImport: 'admin',
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, DashboardRole>>>>;

type Policy = Readonly<Record<string, Readonly<Record<string, RoleRule>>>>;

function flatten(policy: Policy): ReadonlyMap<string, RoleRule> {
  const rules = new Map<string, RoleRule>();
  for (const fields of Object.values(policy)) for (const [field, rule] of Object.entries(fields)) rules.set(field, rule);
  return rules;
}

const MUTATION_RULES = flatten(MUTATION_POLICY);
const QUERY_RULES = flatten(QUERY_POLICY);

/** The rule of a root field. A Mutation field without a row is admin-only (fail closed); a Query
 * field without one is open to every role. */
export function ruleFor(operation: OperationTypeNode, field: string): RoleRule {
  if (operation === OperationTypeNode.MUTATION) return MUTATION_RULES.get(field) ?? 'admin';
  if (operation === OperationTypeNode.QUERY) return QUERY_RULES.get(field) ?? 'viewer';
  return NOT_FOR_DASHBOARD_USERS;
}

/** Refuses (403) a dashboard user's operation that selects a root field its role may not run;
 * no-op for every other kind of principal. The whole operation is refused, so nothing of it runs. */
export function assertRoleAllows(principal: Principal, document: DocumentNode, operationName?: string | null): void {
  if (principal.kind !== 'dashboard_user') return;
  // A dashboard principal signed without a known role gets the least one.
  const role: DashboardRole = principal.role ?? 'viewer';
  for (const operation of selectedOperations(document, operationName)) {
    for (const field of rootFields(document, operation.selectionSet)) {
      const rule = ruleFor(operation.operation, field);
      if (rule === NOT_FOR_DASHBOARD_USERS)
        throw new PlatformError('forbidden', `${field} is not available to dashboard users`, { rootField: field });
      if (!roleAtLeast(role, rule))
        throw new PlatformError('insufficient_role', `${field} needs the ${rule} role or higher; your role in this workspace is ${role}`, {
          rootField: field,
          requiredRole: rule,
        });
    }
  }
}

/** The same check on a GraphQL request as a client sent it ({query, operationName}). A request that
 * does not parse is left to the server, which answers schema_validation_failed. */
export function assertRoleAllowsRequest(principal: Principal, request: unknown): void {
  if (principal.kind !== 'dashboard_user' || !request || typeof request !== 'object') return;
  const { query, operationName } = request as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return;
  }
  assertRoleAllows(principal, document, typeof operationName === 'string' ? operationName : undefined);
}

/** The operation that runs: the named one, else the only one; with several and no name (which the
 * server refuses anyway) every one of them. */
function selectedOperations(document: DocumentNode, operationName?: string | null): OperationDefinitionNode[] {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) return operations.filter((operation) => operation.name?.value === operationName);
  return operations;
}

/** Root field names of a selection set, through inline fragments and fragment spreads (aliases do
 * not hide a field: the name is the field's own). @skip/@include are not evaluated: a field the
 * document names needs the role even when a variable skips it. */
function rootFields(document: DocumentNode, selectionSet: SelectionSetNode): Set<string> {
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const fields = new Set<string>();
  const visited = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) fields.add(selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(selectionSet);
  return fields;
}
