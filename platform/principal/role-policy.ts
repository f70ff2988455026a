// What each dashboard role may run: every root Mutation field of every subgraph with the least role
// that may call it, and the few root Query fields that are not open to every role. The one source of
// truth for the roles (docs/platform.md "Roles" describes it); role-check.ts enforces it (the
// gateway on a dashboard user's whole operation before anything runs, every subgraph again on its
// own share). Applications (API keys), services and the hosted page's principals are not dashboard
// users: their access is their entitlements and kinds, as before. Plain data without I/O or
// GraphQL imports, so a client (the console) can read it to reflect what a role may do.
//
// A new Mutation field needs a row here: test/platform/role-policy.test.ts fails on a field without
// one and on a row naming a field no subgraph has.
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
    // Four eyes (docs/audit.md): the policy is workspace administration; deciding a proposal is a
    // review decision (the service also refuses the proposer's own approval).
    updateFourEyesPolicy: 'admin',
    approveFourEyesProposal: 'reviewer',
    rejectFourEyesProposal: 'reviewer',
    // A signed pack proving the workspace's decisions: for those who decide, like the trail it proves.
    createEvidencePack: 'reviewer',
  },
  idv: {
    createVerificationSession: 'analyst',
    cancelVerificationSession: 'analyst',
    // Assigning routes work to a reviewer; it decides nothing.
    assignVerificationSession: 'analyst',
    sendVerificationInvite: 'analyst',
    // accepted / rejected / escalation: the review decision.
    reviewVerificationSession: 'reviewer',
    // The review desk: a reviewer takes a session to decide it, and decides with a note.
    claimVerificationSession: 'reviewer',
    // Handing a session to another reviewer is the desk's own routing, among those who decide.
    assignVerificationSessionToReviewer: 'reviewer',
    decideVerificationSession: 'reviewer',
    // Internal (@inaccessible): the approval of a four-eyes proposal, called by the profiles
    // subgraph's approveFourEyesProposal with the approver's principal.
    applyIdvFourEyesProposal: 'reviewer',
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
    // Internal (@inaccessible): see applyIdvFourEyesProposal.
    applyScreeningFourEyesProposal: 'reviewer',
    acknowledgeMonitoringAlert: 'reviewer',
    // Routing an alert to someone decides nothing (like assigning a session).
    assignMonitoringAlert: 'analyst',
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
    // Internal (@inaccessible): see applyIdvFourEyesProposal.
    applyRiskFourEyesProposal: 'reviewer',
    // Reopening sets a conclusion aside.
    reopenRiskAssessment: 'reviewer',
  },
  access: {
    // One's own console session and account: every role.
    switchConsoleWorkspace: 'viewer',
    signOutConsole: 'viewer',
    changePassword: 'viewer',
    startTotpEnrolment: 'viewer',
    confirmTotpEnrolment: 'viewer',
    disableTotp: 'viewer',
    // Who may work in the workspace, and as what.
    inviteDashboardUser: 'admin',
    changeDashboardUserRole: 'admin',
    deactivateDashboardUser: 'admin',
    // Called by the console's web layer with its sign-in credential, before anyone is signed in.
    signInWithPassword: NOT_FOR_DASHBOARD_USERS,
    signInWithTotp: NOT_FOR_DASHBOARD_USERS,
    signInWithLink: NOT_FOR_DASHBOARD_USERS,
    startOidcSignIn: NOT_FOR_DASHBOARD_USERS,
    signInWithOidc: NOT_FOR_DASHBOARD_USERS,
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
    // Searches the lists a thousand times and reads the workspace's screenings and reviews: the
    // work of those who tune screening (applying a threshold is the admins' settings mutation).
    screeningThresholdLab: 'analyst',
  },
  access: {
    // The workspace's people, their roles and sign-in state.
    dashboardUsers: 'admin',
    // Whom the review desk may hand a session to.
    workspaceReviewers: 'reviewer',
    // The tenant's identity provider settings (never the secret).
    ssoConfiguration: 'admin',
  },
  profiles: {
    // Who did what to whom: the evidence of the workspace's decisions is for those who decide.
    auditEntries: 'reviewer',
    evidencePack: 'reviewer',
    // Reads the whole chain: for those who run the workspace.
    auditChainVerification: 'admin',
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
export function ruleFor(operation: 'query' | 'mutation' | 'subscription', field: string): RoleRule {
  if (operation === 'mutation') return MUTATION_RULES.get(field) ?? 'admin';
  if (operation === 'query') return QUERY_RULES.get(field) ?? 'viewer';
  return NOT_FOR_DASHBOARD_USERS;
}

/** True when `role` may run the root field (what a client shows or hides). */
export function roleMayRun(role: DashboardRole, operation: 'query' | 'mutation', field: string): boolean {
  const rule = ruleFor(operation, field);
  return rule !== NOT_FOR_DASHBOARD_USERS && roleAtLeast(role, rule);
}
