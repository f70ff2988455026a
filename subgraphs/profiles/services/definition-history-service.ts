// Revision history of custom field definitions, and rollback to an earlier revision.
// Every change of a definition appends a revision (its full contents after the change), so the
// history answers "what did this field look like, and who changed it". A rollback copies the
// contents of an earlier revision (label, required, priority, options) into a new revision; it does
// not archive or restore. The spec's 409 rule: a rollback that would omit a saved Choice (enum)
// option value is refused with custom_field_option_immutable, like any definition update.
import { Connection, offsetConnection, pageSize, readOffsetCursor } from '../../../platform/graphql/paging';
import type { DbClient, Scope } from '../../../platform/db/prisma';
import { lockDefinition, updateDefinition } from '../data/definition-store';
import { appendRevision, DefinitionChange, findRevision, listRevisions } from '../data/definition-revision-store';
import { findDefinition } from '../data/definition-store';
import { ProfilesError } from '../errors';
import { CustomFieldOption, FieldDefinition } from './custom-field-rules';
import { toFieldDefinition } from './definitions-reader';
import { ChangeAuditContext, ProfilesDeps } from './deps';
import { appendAudit, auditActorOf } from '../../../platform/audit/audit-trail';
import { revisionOptionsColumn } from '../data/json-columns';

export const REVISIONS_PER_PAGE = 20;
export const REVISIONS_MAX_PER_PAGE = 100;

export type DefinitionRevisionRecord = Awaited<ReturnType<typeof appendRevision>>;

/** The first saved option value that `next` would omit (values are immutable once saved). */
export function omittedSavedOption(saved: CustomFieldOption[], next: CustomFieldOption[]): CustomFieldOption | undefined {
  const kept = new Set(next.map((option) => option.value));
  return saved.find((option) => !kept.has(option.value));
}

/** Appends the revision describing `definition` as it now is, then the change's audit entry. Call
 * inside the change's transaction, as its last write (the append holds the workspace's chain head
 * until commit). `before` is the definition the change replaced (null for a creation). */
export async function recordDefinitionRevision(
  tx: DbClient,
  scope: Scope,
  before: FieldDefinition | null,
  definition: FieldDefinition,
  change: DefinitionChange,
  audit: ChangeAuditContext,
  rolledBackTo?: number,
) {
  const { label, required, priority, options, archived } = definition;
  const actorId = audit.principal.actorId;
  const revision = await appendRevision(tx, scope, definition.key, {
    label,
    required,
    priority,
    options,
    archived,
    change,
    rolledBackTo,
    actorId,
  });
  await appendAudit(tx, {
    ...scope,
    ...auditActorOf(audit.principal),
    requestId: audit.requestId ?? null,
    action: `profiles.custom_field_definition.${change}`,
    resourceType: 'profiles.custom_field_definition',
    resourceId: definition.key,
    outcome: 'succeeded',
    detail: definitionChangeDetail(before, definition, revision.revision, rolledBackTo),
  });
  return revision;
}

/** The fields that changed, from/to for the flags and numbers; labels are listed, never quoted, and
 * options are counted (the workspace's own texts stay out of the hashed detail). */
function definitionChangeDetail(
  before: FieldDefinition | null,
  after: FieldDefinition,
  revision: number,
  rolledBackTo: number | undefined,
): Record<string, unknown> {
  const detail: Record<string, unknown> = { revision };
  if (rolledBackTo !== undefined) detail.rolled_back_to = rolledBackTo;
  if (!before)
    return { ...detail, type: after.type, required: after.required, priority: after.priority, option_count: after.options.length };
  const fields: string[] = [];
  if (before.label !== after.label) fields.push('label');
  for (const field of ['required', 'priority', 'archived'] as const) {
    if (before[field] === after[field]) continue;
    fields.push(field);
    detail[field] = { from: before[field], to: after[field] };
  }
  if (JSON.stringify(before.options) !== JSON.stringify(after.options)) {
    fields.push('options');
    detail.option_count = { from: before.options.length, to: after.options.length };
  }
  return { ...detail, fields };
}

/** Null when no definition has that key in the workspace. */
export async function listDefinitionRevisions(
  deps: ProfilesDeps,
  scope: Scope,
  key: string,
  args: { first?: number | null; after?: string | null },
): Promise<Connection<DefinitionRevisionRecord> | null> {
  const offset = readOffsetCursor(args.after);
  if (offset === undefined)
    throw new ProfilesError('custom_field_definition_invalid', 'after: not a cursor of this list', { field: 'after' });
  const size = pageSize(args.first, REVISIONS_PER_PAGE, REVISIONS_MAX_PER_PAGE);
  if (!(await findDefinition(deps.db, scope, key))) return null;
  const { rows, total } = await listRevisions(deps.db, scope, key, { skip: offset, take: size + 1 });
  return offsetConnection(rows, offset, size, total);
}

export async function rollbackDefinition(
  deps: ProfilesDeps,
  scope: Scope,
  key: string,
  revision: number,
  audit: ChangeAuditContext,
): Promise<FieldDefinition> {
  if (!Number.isInteger(revision) || revision < 1) {
    throw new ProfilesError('custom_field_definition_invalid', 'revision: must be a positive integer', { field: 'revision' });
  }
  const definition = await deps.db.$transaction(async (tx) => {
    const current = await lockDefinition(tx, scope, key);
    if (!current) throw new ProfilesError('custom_field_definition_not_found', 'Custom field definition not found');
    const target = await findRevision(tx, scope, key, revision);
    if (!target) {
      throw new ProfilesError('custom_field_definition_revision_not_found', `revision: definition ${key} has no revision ${revision}`, {
        field: 'revision',
      });
    }
    const saved = toFieldDefinition(current);
    const options = revisionOptionsColumn.read(target.options);
    const omitted = omittedSavedOption(saved.options, options);
    if (omitted) {
      throw new ProfilesError(
        'custom_field_option_immutable',
        `options: rolling back to revision ${revision} would omit the saved option value ${JSON.stringify(omitted.value)}`,
        { field: 'options' },
      );
    }
    const updated = toFieldDefinition(
      await updateDefinition(tx, scope, key, { label: target.label, required: target.required, priority: target.priority, options }),
    );
    await recordDefinitionRevision(tx, scope, saved, updated, 'rollback', audit, revision);
    return updated;
  });
  deps.definitions.invalidate(scope);
  return definition;
}
