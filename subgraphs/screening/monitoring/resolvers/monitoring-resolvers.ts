// Ongoing monitoring over GraphQL: alerts (list, read, acknowledge) and a profile's monitoring state.
import { ScreeningContext } from '../../context';
import { readSearch } from '../../services/search-service';
import { AlertRow } from '../data/monitoring-store';
import { acknowledgeMonitoringAlert, AlertListArgs, listMonitoringAlerts, readMonitoredProfile, findMonitoringAlert } from '../services/alert-service';

export const monitoringResolvers = {
  Query: {
    monitoringAlerts: (_: unknown, args: AlertListArgs, ctx: ScreeningContext) => listMonitoringAlerts(ctx.db, ctx.scope, args),
    monitoringAlert: (_: unknown, args: { id: string }, ctx: ScreeningContext) => findMonitoringAlert(ctx.db, ctx.scope, args.id),
    monitoredProfile: async (_: unknown, args: { profileId: string }, ctx: ScreeningContext) => {
      const subject = await readMonitoredProfile(ctx.db, ctx.scope, args.profileId);
      return subject && { ...subject, monitoredSince: subject.createdAt };
    },
  },
  Mutation: {
    acknowledgeMonitoringAlert: (_: unknown, args: { id: string; input: { note?: string | null } }, ctx: ScreeningContext) =>
      acknowledgeMonitoringAlert(ctx.db, ctx.scope, args.id, ctx.principal.actorId, args.input),
  },
  MonitoringAlert: {
    search: (alert: AlertRow, _: unknown, ctx: ScreeningContext) => readSearch(ctx.db, ctx.scope, alert.searchId),
  },
};
