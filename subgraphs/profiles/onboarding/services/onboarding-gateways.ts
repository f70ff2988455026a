// What an onboarding run asks of the other domains, through their subgraphs (each domain keeps its
// own rules and tables): the screening subgraph screens the profile and stores the search in
// history with the profile id; the IDV subgraph starts the verification session. Both act for the
// caller who asked for the onboarding, in the caller's scope.
import { VigilConfig } from '../../../../platform/config';
import { Principal } from '../../../../platform/principal/principal';
import { callSubgraph } from '../../../../platform/subgraph/internal-client';

export interface ScreeningResult {
  searchId: string;
  unresolved: number;
  truePositive: number;
}

export interface OnboardingGateways {
  screen(principal: Principal, input: { name: string; type: string | null; feeds: string[]; profileId: string }): Promise<ScreeningResult>;
  /** Starts (or, on a retry with the same key, returns) the profile's verification session. */
  startSession(
    principal: Principal,
    input: { profileId: string; workflowId: string | null; idempotencyKey: string },
  ): Promise<{ sessionId: string }>;
  /** Null when the workflow is absent or out of the caller's scope. */
  workflowStatus(principal: Principal, workflowId: string): Promise<string | null>;
  /** The id of the caller's scope default workflow (always an active one); null when it has none. */
  defaultWorkflowId(principal: Principal): Promise<string | null>;
}

const SCREEN = 'mutation($input: ScreenInput!) { screen(input: $input) { id matches { reviewStatus } } }';
const START_SESSION = 'mutation($input: CreateVerificationSessionInput!) { createVerificationSession(input: $input) { session { id } } }';
const WORKFLOW = 'query($id: ID!) { idvWorkflow(id: $id) { id status } }';
const ACTIVE_WORKFLOWS =
  'query($after: String) { idvWorkflows(status: active, first: 100, after: $after) { nodes { id isDefault } pageInfo { hasNextPage endCursor } } }';
/** A scope has at most one default; more active workflows than this many pages is not a real scope. */
const MAX_WORKFLOW_PAGES = 50;

export function subgraphOnboardingGateways(config: VigilConfig): OnboardingGateways {
  const call = <T>(url: string, principal: Principal, query: string, variables: Record<string, unknown>, timeoutMs = 30_000) =>
    callSubgraph<T>({ url, principal, query, variables, secret: config.internalSecret, timeoutMs });
  return {
    async screen(principal, input) {
      const data = await call<{ screen: { id: string; matches: { reviewStatus: string }[] } }>(
        config.subgraphUrls.screening,
        principal,
        SCREEN,
        {
          input: { name: input.name, ...(input.type ? { type: input.type } : {}), feeds: input.feeds, profileId: input.profileId },
        },
      );
      const count = (status: string) => data.screen.matches.filter((match) => match.reviewStatus === status).length;
      return { searchId: data.screen.id, unresolved: count('unresolved'), truePositive: count('true_positive') };
    },
    async startSession(principal, input) {
      const body = {
        profileId: input.profileId,
        idempotencyKey: input.idempotencyKey,
        ...(input.workflowId ? { workflowId: input.workflowId } : {}),
      };
      const data = await call<{ createVerificationSession: { session: { id: string } } }>(
        config.subgraphUrls.idv,
        principal,
        START_SESSION,
        { input: body },
      );
      return { sessionId: data.createVerificationSession.session.id };
    },
    async workflowStatus(principal, workflowId) {
      const data = await call<{ idvWorkflow: { id: string; status: string } | null }>(
        config.subgraphUrls.idv,
        principal,
        WORKFLOW,
        { id: workflowId },
        5_000,
      );
      return data.idvWorkflow?.status ?? null;
    },
    async defaultWorkflowId(principal) {
      let after: string | null = null;
      for (let page = 0; page < MAX_WORKFLOW_PAGES; page++) {
        const data: {
          idvWorkflows: { nodes: { id: string; isDefault: boolean }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
        } = await call(config.subgraphUrls.idv, principal, ACTIVE_WORKFLOWS, { after }, 5_000);
        const found = data.idvWorkflows.nodes.find((workflow) => workflow.isDefault);
        if (found) return found.id;
        if (!data.idvWorkflows.pageInfo.hasNextPage) return null;
        after = data.idvWorkflows.pageInfo.endCursor;
      }
      return null;
    },
  };
}
