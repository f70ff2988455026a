// What an automatic profile write puts onto the profile (the session's profile_update_enabled,
// copied from its workflow): the verified data of the session's document, as a plain function of
// the assessment results and the workspace's custom field definitions. The name always; custom
// fields only under the conventional keys the workspace defines (active, of the matching type), so
// a write never fails on an unknown key and never invents a field.
import type { AssessmentResults } from './lifecycle-service';

/** A custom field definition as the profiles subgraph lists it. */
export interface CustomFieldDefinitionFacts {
  key: string;
  type: string;
  archived: boolean;
}

/** The conventional keys a verified document fills, with the type the definition must have. */
export const PROFILE_UPDATE_FIELDS: readonly { key: string; type: 'text' | 'date'; from: (r: VerifiedDocument) => string | null }[] = [
  { key: 'date_of_birth', type: 'date', from: (d) => d.birthDate },
  { key: 'document_type', type: 'text', from: (d) => d.type },
  { key: 'document_number', type: 'text', from: (d) => d.number },
  { key: 'document_issuing_country', type: 'text', from: (d) => d.issuingCountry },
  { key: 'document_expiry_date', type: 'date', from: (d) => d.expiryDate },
];

export interface VerifiedDocument {
  name: string | null;
  birthDate: string | null;
  type: string | null;
  number: string | null;
  issuingCountry: string | null;
  expiryDate: string | null;
}

export interface ProfileUpdate {
  name?: string;
  /** Values as JSON text, the profiles subgraph's ProfileCustomFieldValueInput. */
  customFields: { key: string; value: string }[];
}

/** MRZ and licence barcodes write names in capitals; the profile gets them in name case. */
export function nameCase(value: string): string {
  return value.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The document's verified facts from the results: the MRZ's fields, else the licence barcode's. */
export function verifiedDocument(results: AssessmentResults): VerifiedDocument {
  const fields = results.ocr_fields ?? [];
  const source = fields.some((f) => (f.source ?? 'mrz') === 'mrz') ? 'mrz' : 'barcode';
  const read = (name: string) => fields.find((f) => f.field === name && (f.source ?? 'mrz') === source)?.value?.trim() || null;
  const name = [read('given_names'), read('middle_names'), read('surname')].filter(Boolean).join(' ');
  const date = (value: string | null) => (value && DATE.test(value) ? value : null);
  return {
    name: name ? nameCase(name) : null,
    birthDate: date(read('date_of_birth')),
    type: results.document?.type && results.document.type !== 'unknown' ? results.document.type : null,
    number: read('document_number'),
    issuingCountry: results.document?.issuing_country || read('issuing_country'),
    expiryDate: date(read('date_of_expiry')),
  };
}

export function profileUpdateOf(results: AssessmentResults, definitions: CustomFieldDefinitionFacts[]): ProfileUpdate {
  const document = verifiedDocument(results);
  const customFields: ProfileUpdate['customFields'] = [];
  for (const field of PROFILE_UPDATE_FIELDS) {
    const value = field.from(document);
    const defined = definitions.some((d) => d.key === field.key && d.type === field.type && !d.archived);
    if (value !== null && defined) customFields.push({ key: field.key, value: JSON.stringify(value) });
  }
  return { ...(document.name ? { name: document.name } : {}), customFields };
}
