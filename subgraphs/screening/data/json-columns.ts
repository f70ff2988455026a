// The JSON columns of screening that services read as typed values: one codec each (see
// platform/db/json-column). The search path's bulk writes pass rows as JSON text, not through these.
import { isJsonObject, jsonColumn, orNull } from '../../../platform/db/json-column';
import type { ImportResult } from '../services/import-service';
import type { StoredMatch } from '../services/search-model';

/** screening.search_matches.payload: the match as answered (read for every match shown, so only
 * its outline is checked). */
export const matchPayloadColumn = jsonColumn<StoredMatch>('screening.search_matches.payload', isJsonObject);

/** screening.watchlist_imports.result (NULL until the import ends) */
export const importResultColumn = jsonColumn<ImportResult | null>('screening.watchlist_imports.result', orNull(isJsonObject));
