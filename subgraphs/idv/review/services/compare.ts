// The review desk's comparison of the document's data with the profile's current data: pure. The
// name uses the screening engine's name comparison and threshold (the same as the assessment's name
// check), dates compare exactly; every disagreement is a mismatch the console marks. A profile
// without the value is `not_on_profile`, never a mismatch (docs/idv-capture.md).
import { compareNames } from '../../../../lib/names/score';
import { DEFAULT_THRESHOLD as NAME_THRESHOLD } from '../../../../lib/names/levels';

export interface DocumentField {
  field: string;
  value: string;
  source: 'mrz' | 'barcode';
}

export interface FieldComparison {
  field: 'name' | 'date_of_birth';
  source: 'mrz' | 'barcode';
  documentValue: string;
  profileValue: string | null;
  outcome: 'agrees' | 'mismatch' | 'not_on_profile';
  mismatch: boolean;
  score: number | null;
  threshold: number | null;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The document name of one source: given names, middle names, surname (as the MRZ orders them). */
function documentName(fields: DocumentField[]): string {
  const of = (name: string) => fields.find((f) => f.field === name)?.value ?? '';
  return [of('given_names'), of('middle_names'), of('surname')]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

export function compareWithProfile(
  fields: DocumentField[],
  profile: { name: string | null; dateOfBirth: string | null },
): FieldComparison[] {
  const comparisons: FieldComparison[] = [];
  for (const source of ['mrz', 'barcode'] as const) {
    const own = fields.filter((f) => f.source === source);
    const name = documentName(own);
    if (name) {
      const profileName = profile.name?.trim() ? profile.name.trim() : null;
      const score = profileName ? round(compareNames(profileName, name, 'person').score) : null;
      const outcome = score === null ? 'not_on_profile' : score >= NAME_THRESHOLD ? 'agrees' : 'mismatch';
      comparisons.push({
        field: 'name',
        source,
        documentValue: name,
        profileValue: profileName,
        outcome,
        mismatch: outcome === 'mismatch',
        score,
        threshold: NAME_THRESHOLD,
      });
    }
    const birth = own.find((f) => f.field === 'date_of_birth')?.value;
    if (birth) {
      const outcome = !profile.dateOfBirth ? 'not_on_profile' : profile.dateOfBirth === birth ? 'agrees' : 'mismatch';
      comparisons.push({
        field: 'date_of_birth',
        source,
        documentValue: birth,
        profileValue: profile.dateOfBirth,
        outcome,
        mismatch: outcome === 'mismatch',
        score: null,
        threshold: null,
      });
    }
  }
  return comparisons;
}
