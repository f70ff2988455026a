// The workspace's adverse-media category set (default: every category) and the per-entity
// override of the interface spec (global_filters.adverse_media_risk_categories): an array
// replaces the workspace set for that entity, an empty array disables News hits, omitted (null)
// uses the workspace set.
import { Db, type Scope } from '../../../../platform/db/prisma';
import { findAdverseMediaSettings, saveAdverseMediaSettings } from '../data/news-store';
import { appendAudit, auditActorOf } from '../../../../platform/audit/audit-trail';
import type { Principal } from '../../../../platform/principal/principal';
import { ScreeningError } from '../../errors';
import { ADVERSE_MEDIA_CATEGORIES, AdverseMediaCategory, isAdverseMediaCategory } from './categories';

export interface AdverseMediaSettings {
  categories: AdverseMediaCategory[];
  updatedAt: Date | null;
}

/** Known keys, each once, in taxonomy order; an unknown key is a 400 naming the field. */
export function validCategories(keys: readonly string[], field: string): AdverseMediaCategory[] {
  for (const key of keys) {
    if (!isAdverseMediaCategory(key))
      throw new ScreeningError(
        'schema_validation_failed',
        `${field}: unknown category "${key}"; one of ${ADVERSE_MEDIA_CATEGORIES.join(', ')}`,
        { field },
      );
  }
  return ADVERSE_MEDIA_CATEGORIES.filter((category) => keys.includes(category));
}

export async function readAdverseMediaSettings(db: Db, scope: Scope): Promise<AdverseMediaSettings> {
  const row = await findAdverseMediaSettings(db, scope);
  return row
    ? { categories: validCategories(row.categories.filter(isAdverseMediaCategory), 'categories'), updatedAt: row.updatedAt }
    : { categories: [...ADVERSE_MEDIA_CATEGORIES], updatedAt: null };
}

export async function updateAdverseMediaSettings(
  db: Db,
  scope: Scope,
  principal: Principal,
  input: { categories: readonly string[] },
): Promise<AdverseMediaSettings> {
  if (!Array.isArray(input.categories))
    throw new ScreeningError('schema_validation_failed', 'categories: must be an array of category keys', { field: 'categories' });
  const categories = validCategories(input.categories, 'categories');
  const row = await db.$transaction(async (tx) => {
    const before = await findAdverseMediaSettings(tx, scope);
    const saved = await saveAdverseMediaSettings(tx, scope, categories, principal.actorId);
    await appendAudit(tx, {
      ...scope,
      ...auditActorOf(principal),
      action: 'screening.settings.adverse_media.update',
      resourceType: 'screening.settings',
      resourceId: 'adverse_media',
      outcome: 'succeeded',
      detail: { from: before?.categories ?? [...ADVERSE_MEDIA_CATEGORIES], to: categories },
    });
    return saved;
  });
  return { categories: row.categories as AdverseMediaCategory[], updatedAt: row.updatedAt };
}

/** The categories one entity screens for: its override when given (even empty), else the workspace set. */
export function effectiveCategories(
  workspace: readonly AdverseMediaCategory[],
  override: readonly string[] | null | undefined,
): AdverseMediaCategory[] {
  return override === null || override === undefined
    ? [...workspace]
    : validCategories(override, 'global_filters.adverse_media_risk_categories');
}
