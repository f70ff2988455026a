// Definition history and rollback; the workspace monitoring default and what groups inherit from it.
import { ProfilesContext } from '../context';
import { listDefinitionRevisions, rollbackDefinition } from '../services/definition-history-service';
import { readStoredOptions } from '../services/definitions-reader';
import { FeedFrequencies, MonitoredFeed, ProfileGroupRecord } from '../services/group-service';
import {
  effectiveFrequencies,
  getMonitoringDefault,
  MonitoringDefault,
  updateMonitoringDefault,
} from '../services/monitoring-default-service';
import type { MonitoringFeedFrequenciesInput, Resolvers } from './resolver-types.generated';

/** GraphQL fields are camelCase; the service, the database and REST name feeds as the spec does. */
type GraphqlFeedKey = keyof MonitoringFeedFrequenciesInput;
const SERVICE_FEED: Record<GraphqlFeedKey, MonitoredFeed> = { sanctions: 'Sanctions', pep: 'PEP', news: 'News' };

/** Only the keys the caller supplied (an explicit null means "back to the built-in default"). */
function toServiceFeedKeys(input: MonitoringFeedFrequenciesInput): Partial<Record<MonitoredFeed, string | null>> {
  const out: Partial<Record<MonitoredFeed, string | null>> = {};
  for (const [key, feed] of Object.entries(SERVICE_FEED) as [GraphqlFeedKey, MonitoredFeed][])
    if (Object.hasOwn(input, key)) out[feed] = input[key] ?? null;
  return out;
}

/** The workspace default, read at most once per request however many groups a response holds. */
const defaultPerRequest = new WeakMap<ProfilesContext, Promise<MonitoringDefault>>();
function workspaceDefault(ctx: ProfilesContext): Promise<MonitoringDefault> {
  let pending = defaultPerRequest.get(ctx);
  if (!pending) {
    pending = getMonitoringDefault(ctx.deps, ctx.scope);
    defaultPerRequest.set(ctx, pending);
  }
  return pending;
}

async function groupFrequencies(group: ProfileGroupRecord, ctx: ProfilesContext) {
  const workspace = await workspaceDefault(ctx);
  return effectiveFrequencies(group.monitoringFeedFrequencies as FeedFrequencies | null, workspace.monitoringFeedFrequencies);
}

export const configResolvers = {
  Query: {
    profileCustomFieldDefinitionRevisions: (_, args, ctx) => listDefinitionRevisions(ctx.deps, ctx.scope, args.key, args),
    workspaceMonitoringDefault: (_, __, ctx) => getMonitoringDefault(ctx.deps, ctx.scope),
  },
  Mutation: {
    rollbackProfileCustomFieldDefinition: (_, args, ctx) => rollbackDefinition(ctx.deps, ctx.scope, args.key, args.input.revision, ctx),
    updateWorkspaceMonitoringDefault: (_, args, ctx) =>
      updateMonitoringDefault(
        ctx.deps,
        ctx.scope,
        { monitoringFeedFrequencies: toServiceFeedKeys(args.input.monitoringFeedFrequencies) },
        ctx.principal,
        ctx.requestId,
      ),
  },
  ProfileGroup: {
    effectiveMonitoringFeedFrequencies: async (group, _, ctx) => (await groupFrequencies(group, ctx)).frequencies,
    inheritedFeeds: async (group, _, ctx) => (await groupFrequencies(group, ctx)).inheritedFeeds,
  },
  MonitoringFeedFrequencies: {
    sanctions: (frequencies) => frequencies.Sanctions,
    pep: (frequencies) => frequencies.PEP,
    news: (frequencies) => frequencies.News,
  },
  ProfileCustomFieldDefinitionRevision: {
    options: (revision) => readStoredOptions(revision.options, `revision ${revision.revision} of definition ${revision.key}`),
  },
} satisfies Resolvers;
