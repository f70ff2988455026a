// Ongoing monitoring over GraphQL: alerts (list, read, acknowledge) and a profile's monitoring state.
import { searchLoader } from '../../resolvers/search-loader';
import {
  acknowledgeMonitoringAlert,
  assignMonitoringAlert,
  listMonitoringAlerts,
  readMonitoredProfile,
  findMonitoringAlert,
} from '../services/alert-service';
import { alertChanges } from '../services/alert-changes';
import type { Resolvers } from '../../resolvers/resolver-types.generated';

export const monitoringResolvers = {
  Query: {
    monitoringAlerts: (_, args, ctx) => listMonitoringAlerts(ctx.db, ctx.scope, args),
    monitoringAlert: (_, args, ctx) => findMonitoringAlert(ctx.db, ctx.scope, args.id),
    monitoredProfile: (_, args, ctx) => readMonitoredProfile(ctx.db, ctx.scope, args.profileId),
  },
  Mutation: {
    acknowledgeMonitoringAlert: (_, args, ctx) => acknowledgeMonitoringAlert(ctx.db, ctx.scope, args.id, ctx, args.input),
    assignMonitoringAlert: (_, args, ctx) => assignMonitoringAlert(ctx.db, ctx.scope, args.id, args.input, ctx),
  },
  MonitoringAlert: {
    // batched: a page of alerts reads its searches in two statements, not two per alert
    search: async (alert, _, ctx) => (await searchLoader(ctx).load(alert.searchId)) ?? null,
    // read per alert, only when asked for (the alert page, not the inbox)
    changes: (alert, _, ctx) => alertChanges(ctx.db, ctx.scope, alert),
  },
  MonitoredProfile: {
    monitoredSince: (subject) => subject.createdAt,
  },
} satisfies Resolvers;
