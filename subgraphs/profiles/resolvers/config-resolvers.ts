// Definition history and rollback; the workspace monitoring default and what groups inherit from it.
import { ProfilesContext } from '../context';
import { DefinitionRevisionRecord, listDefinitionRevisions, rollbackDefinition } from '../services/definition-history-service';
import { FeedFrequencies, MonitoredFeed, ProfileGroupRecord } from '../services/group-service';
import { effectiveFrequencies, getMonitoringDefault, MonitoringDefault, updateMonitoringDefault } from '../services/monitoring-default-service';

/** GraphQL fields are camelCase; the service, the database and REST name feeds as the spec does. */
type GraphqlFeedKey = 'sanctions' | 'pep' | 'news';
const SERVICE_FEED: Record<GraphqlFeedKey, MonitoredFeed> = { sanctions: 'Sanctions', pep: 'PEP', news: 'News' };

/** Only the keys the caller supplied (an explicit null means "back to the built-in default"). */
function toServiceFeedKeys(input: Partial<Record<GraphqlFeedKey, string | null>>): Partial<Record<MonitoredFeed, string | null>> {
  const out: Partial<Record<MonitoredFeed, string | null>> = {};
  for (const [key, feed] of Object.entries(SERVICE_FEED) as [GraphqlFeedKey, MonitoredFeed][]) if (Object.hasOwn(input, key)) out[feed] = input[key] ?? null;
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
    profileCustomFieldDefinitionRevisions: (_: unknown, args: { key: string; first?: number | null; after?: string | null }, ctx: ProfilesContext) =>
      listDefinitionRevisions(ctx.deps, ctx.scope, args.key, args),
    workspaceMonitoringDefault: (_: unknown, __: unknown, ctx: ProfilesContext) => getMonitoringDefault(ctx.deps, ctx.scope),
  },
  Mutation: {
    rollbackProfileCustomFieldDefinition: (_: unknown, args: { key: string; input: { revision: number } }, ctx: ProfilesContext) =>
      rollbackDefinition(ctx.deps, ctx.scope, args.key, args.input.revision, ctx.principal.actorId),
    updateWorkspaceMonitoringDefault: (
      _: unknown,
      args: { input: { monitoringFeedFrequencies: Partial<Record<GraphqlFeedKey, string | null>> } },
      ctx: ProfilesContext,
    ) => updateMonitoringDefault(ctx.deps, ctx.scope, { monitoringFeedFrequencies: toServiceFeedKeys(args.input.monitoringFeedFrequencies) }, ctx.principal.actorId),
  },
  ProfileGroup: {
    effectiveMonitoringFeedFrequencies: async (group: ProfileGroupRecord, _: unknown, ctx: ProfilesContext) => (await groupFrequencies(group, ctx)).frequencies,
    inheritedFeeds: async (group: ProfileGroupRecord, _: unknown, ctx: ProfilesContext) => (await groupFrequencies(group, ctx)).inheritedFeeds,
  },
  MonitoringFeedFrequencies: {
    sanctions: (frequencies: Record<MonitoredFeed, string>) => frequencies.Sanctions,
    pep: (frequencies: Record<MonitoredFeed, string>) => frequencies.PEP,
    news: (frequencies: Record<MonitoredFeed, string>) => frequencies.News,
  },
  ProfileCustomFieldDefinitionRevision: {
    options: (revision: DefinitionRevisionRecord) => revision.options,
  },
};
