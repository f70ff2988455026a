// The JSON columns of profiles that services read as typed values: one codec each (see
// platform/db/json-column).
import { isJsonArray, jsonColumn } from '../../../platform/db/json-column';
import type { CustomFieldOption } from '../services/custom-field-rules';

/** profiles.custom_field_definition_revisions.options */
export const revisionOptionsColumn = jsonColumn<CustomFieldOption[]>('profiles.custom_field_definition_revisions.options', isJsonArray);
