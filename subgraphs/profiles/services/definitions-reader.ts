// Where custom field definitions come from. Writes always read the latest definitions inside
// their own transaction (rule 4: if that read fails, the write is rejected, never saved
// unvalidated). Reads may use a short-lived per-process copy (rule 5: reads may lag a definition
// edit by up to 60 s; here at most READ_CACHE_TTL_MS, and definition writes through this process
// refresh it at once).
import { Db, type DbClient, type DbRawTx, type Scope } from '../../../platform/db/prisma';
import { logger } from '../../../platform/logging/logger';
import { findDefinitions } from '../data/definition-store';
import { ProfilesError } from '../errors';
import { CUSTOM_FIELD_TYPES, CustomFieldOption, CustomFieldType, FieldDefinition } from './custom-field-rules';

export const READ_CACHE_TTL_MS = 30_000;

export interface DefinitionsReader {
  /** The latest definitions, read with the write's transaction (Prisma's or a raw one). Throws when unreadable. */
  forWrite(tx: DbClient | DbRawTx, scope: Scope): Promise<FieldDefinition[]>;
  /** Definitions for rendering reads (possibly cached). Throws when unreadable and nothing is cached. */
  forRead(scope: Scope): Promise<FieldDefinition[]>;
  /** Forgets the cached copy of a workspace (after a definition write). */
  invalidate(scope: Scope): void;
}

type DefinitionRow = Awaited<ReturnType<typeof findDefinitions>>[number];

/** Enum options as stored (a JSON column of a definition or a revision); throws naming `owner` when they do not parse. */
export function readStoredOptions(stored: unknown, owner: string): CustomFieldOption[] {
  const options: unknown[] | undefined = Array.isArray(stored) ? stored : undefined;
  if (!options?.every(isStoredOption)) {
    throw new Error(`${owner} has unreadable options`);
  }
  return options.map((option) => ({ value: option.value, label: option.label }));
}

function isStoredOption(option: unknown): option is CustomFieldOption {
  const candidate = option as { value?: unknown; label?: unknown } | null | undefined;
  return typeof candidate?.value === 'string' && typeof candidate?.label === 'string';
}

/** Maps a stored row; a row that does not parse makes the whole set unreadable. */
export function toFieldDefinition(row: DefinitionRow): FieldDefinition {
  if (!(CUSTOM_FIELD_TYPES as readonly string[]).includes(row.type)) throw new Error(`definition ${row.key} has an unknown type`);
  const options = readStoredOptions(row.options, `definition ${row.key}`);
  return {
    key: row.key,
    label: row.label,
    type: row.type as CustomFieldType,
    required: row.required,
    priority: row.priority,
    options,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function createDefinitionsReader(db: Db, ttlMs = READ_CACHE_TTL_MS, now: () => number = Date.now): DefinitionsReader {
  const cache = new Map<string, { at: number; definitions: FieldDefinition[] }>();
  const cacheKey = (scope: Scope) => `${scope.tenantId}/${scope.workspaceId}`;
  const load = async (client: DbClient | DbRawTx, scope: Scope) => (await findDefinitions(client, scope)).map(toFieldDefinition);
  return {
    async forWrite(tx, scope) {
      const definitions = await load(tx, scope);
      cache.set(cacheKey(scope), { at: now(), definitions });
      return definitions;
    },
    async forRead(scope) {
      const cached = cache.get(cacheKey(scope));
      if (cached && now() - cached.at < ttlMs) return cached.definitions;
      try {
        const definitions = await load(db, scope);
        cache.set(cacheKey(scope), { at: now(), definitions });
        return definitions;
      } catch (error) {
        // A stale copy is still a faithful view of the stored values (reads may lag).
        if (cached) {
          logger.warn({ err: error }, 'custom field definitions unreadable; serving the cached copy');
          return cached.definitions;
        }
        throw error;
      }
    },
    invalidate(scope) {
      cache.delete(cacheKey(scope));
    },
  };
}

/** Rule 4 for every write path: an unreadable definition set rejects the write. */
export async function definitionsForWrite(reader: DefinitionsReader, tx: DbClient | DbRawTx, scope: Scope): Promise<FieldDefinition[]> {
  try {
    return await reader.forWrite(tx, scope);
  } catch (error) {
    if (error instanceof ProfilesError) throw error;
    logger.error({ err: error }, 'custom field definitions unreadable; write rejected');
    throw new ProfilesError(
      'custom_field_definitions_unavailable',
      'profileCustomFields: custom field definitions could not be read; nothing was saved',
    );
  }
}

export async function definitionsForRead(reader: DefinitionsReader, scope: Scope): Promise<FieldDefinition[]> {
  try {
    return await reader.forRead(scope);
  } catch (error) {
    if (error instanceof ProfilesError) throw error;
    logger.error({ err: error }, 'custom field definitions unreadable');
    throw new ProfilesError('custom_field_definitions_unavailable', 'profileCustomFields: custom field definitions could not be read');
  }
}
