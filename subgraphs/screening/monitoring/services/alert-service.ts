// Monitoring alerts as analysts see them: list (newest first, filters), read, acknowledge; and
// whether a profile is monitored, at which frequencies. Every read is scoped to the workspace.
import { Db, type Scope } from '../../../../platform/db/prisma';
import { Connection, offsetConnection, pageSize, readOffsetCursor } from '../../../../platform/graphql/paging';
import { ScreeningError } from '../../errors';
import {
  acknowledgeAlert,
  AlertRow,
  assignAlert,
  findAlert,
  findSubject,
  listAlerts,
  lockAlert,
  readAlert,
} from '../data/monitoring-store';
import { appendAudit, auditActorOf } from '../../../../platform/audit/audit-trail';
import type { Principal } from '../../../../platform/principal/principal';

/** Who acts on an alert, for its audit entry (the request context satisfies it). */
export interface AlertAuditContext {
  principal: Principal;
  requestId?: string | null;
}

export const ALERT_STATUSES = ['open', 'acknowledged'] as const;
export const NOTE_MAX = 2_000;

const notFound = (id: string) => new ScreeningError('monitoring_alert_not_found', `No monitoring alert ${id} in this workspace`);
const invalid = (field: string, message: string) => new ScreeningError('schema_validation_failed', `${field}: ${message}`, { field });

export interface AlertListArgs {
  first?: number | null;
  after?: string | null;
  status?: string | null;
  profileId?: string | null;
  /** Only the alerts assigned to this actor id. */
  assignee?: string | null;
  /** Only the alerts assigned to nobody (with assignee: refused, they contradict). */
  unassigned?: boolean | null;
}

export async function listMonitoringAlerts(db: Db, scope: Scope, args: AlertListArgs): Promise<Connection<AlertRow>> {
  const offset = readOffsetCursor(args.after);
  if (offset === undefined) throw invalid('after', 'is not a cursor of this list');
  if (args.status && !(ALERT_STATUSES as readonly string[]).includes(args.status))
    throw invalid('status', `must be one of ${ALERT_STATUSES.join(', ')}`);
  if (args.assignee && args.unassigned) throw invalid('unassigned', 'cannot be combined with assignee');
  const size = pageSize(args.first, 20, 100);
  const assignee = args.unassigned ? null : (args.assignee ?? undefined);
  const { rows, total } = await listAlerts(
    db,
    scope,
    { status: args.status ?? undefined, profileId: args.profileId ?? undefined, assignee },
    offset,
    size + 1,
  );
  return offsetConnection(rows, offset, size, total);
}

/** The alert, or null when absent in the workspace (GraphQL answers null; REST 404). */
export async function findMonitoringAlert(db: Db, scope: Scope, id: string): Promise<AlertRow | null> {
  return readAlert(db, scope, id);
}

/** open → acknowledged; acknowledging again changes nothing (the first acknowledgement stands, and
 * only it is audited). The entry is the transaction's last write; the note is free text, so it
 * goes in the entry's personal part (erased with the alert's profile). */
export async function acknowledgeMonitoringAlert(
  db: Db,
  scope: Scope,
  id: string,
  audit: AlertAuditContext,
  input: { note?: string | null },
): Promise<AlertRow> {
  const note = input.note?.trim() || null;
  if (note && note.length > NOTE_MAX) throw invalid('note', `must be at most ${NOTE_MAX} characters`);
  await db.$transaction(async (tx) => {
    const before = await lockAlert(tx, scope, id);
    if (!before) throw notFound(id);
    if (!(await acknowledgeAlert(tx, scope, id, audit.principal.actorId, note, new Date()))) return;
    await appendAudit(tx, {
      ...scope,
      ...auditActorOf(audit.principal),
      requestId: audit.requestId ?? null,
      action: 'screening.monitoring_alert.acknowledge',
      resourceType: 'screening.monitoring_alert',
      resourceId: id,
      profileId: before.profileId,
      outcome: 'succeeded',
      detail: { from: before.status, to: 'acknowledged', noted: note !== null },
      personal: note === null ? null : { note },
    });
  });
  return (await findAlert(db, scope, id))!;
}

/** Routes the alert to an analyst (an actor id, e.g. a dashboard user id); null unassigns. Open or
 * acknowledged alike: the assignee says who looks after the profile's matches. Audited with the
 * assignee before and after (actor ids, pseudonymous) in the change's transaction, last. */
export async function assignMonitoringAlert(
  db: Db,
  scope: Scope,
  id: string,
  input: { assignee?: string | null },
  audit: AlertAuditContext,
): Promise<AlertRow> {
  const assignee = input.assignee?.trim() || null;
  if (assignee && assignee.length > 255) throw invalid('assignee', 'must be at most 255 characters');
  await db.$transaction(async (tx) => {
    const before = await lockAlert(tx, scope, id);
    if (!before) throw notFound(id);
    await assignAlert(tx, scope, id, assignee, new Date());
    await appendAudit(tx, {
      ...scope,
      ...auditActorOf(audit.principal),
      requestId: audit.requestId ?? null,
      action: 'screening.monitoring_alert.assign',
      resourceType: 'screening.monitoring_alert',
      resourceId: id,
      profileId: before.profileId,
      outcome: 'succeeded',
      detail: { from: before.assignee ?? null, to: assignee },
    });
  });
  return (await findAlert(db, scope, id))!;
}

export type MonitoredProfileRow = NonNullable<Awaited<ReturnType<typeof findSubject>>>;

export async function readMonitoredProfile(db: Db, scope: Scope, profileId: string) {
  return (await findSubject(db, scope, profileId)) ?? null;
}
