// Evidence details as stored (snake_case JSON, the REST `data` of an evidence record) and as
// GraphQL serves them (one typed object per kind, the AssessmentEvidenceDetails union). The agent
// writes the stored shapes through these types, so a field the schema promises cannot go missing
// without a compile error.
import { EvidenceKind } from './states';

export interface ScreeningSearchData {
  search_id: string;
  subject_id: string;
  person_id: string | null;
  match_count: number;
  matches: { match_id: string; score: number; listed_name: string; entity_ref: string; feeds: string[]; programs: string[] }[];
}

export interface RegistrationCheckData {
  subject_id: string;
  consistent: boolean;
  problems: string[];
}

export interface JurisdictionCheckData {
  publisher: string;
  published_on: string;
  checked: { subject_id: string; country: string; list: string | null }[];
}

/** Uploads keep no details of their own: the file fields sit on the evidence row. */
export type UploadData = Record<string, never>;

export interface StoredEvidenceData {
  screening_search: ScreeningSearchData;
  registration_check: RegistrationCheckData;
  jurisdiction_check: JurisdictionCheckData;
  upload: UploadData;
}

/** An evidence kind with the data stored for it. */
export type EvidenceOf<K extends EvidenceKind = EvidenceKind> = K extends EvidenceKind ? { kind: K; data: StoredEvidenceData[K] } : never;

export interface EvidenceFileFields {
  fileName: string | null;
  contentType: string | null;
  size: number | null;
  sha256: string | null;
}

/** Checked jurisdictions as GraphQL serves them (JurisdictionCheckEntry), from the stored entries of a
 * jurisdiction check's evidence or trajectory event. */
export function jurisdictionCheckEntries(checked: JurisdictionCheckData['checked'] | undefined) {
  return (checked ?? []).map((c) => ({ subjectId: c.subject_id, country: c.country, list: c.list ?? null }));
}

/** The GraphQL details object of one stored evidence record (with its union member's name). */
export function evidenceDetails(kind: string, data: unknown, file: EvidenceFileFields) {
  switch (kind as EvidenceKind) {
    case 'screening_search': {
      const d = data as ScreeningSearchData;
      return {
        __typename: 'ScreeningSearchEvidence' as const,
        searchId: d.search_id,
        subjectId: d.subject_id,
        personId: d.person_id ?? null,
        matchCount: d.match_count,
        matches: (d.matches ?? []).map((m) => ({
          matchId: m.match_id,
          score: m.score,
          listedName: m.listed_name,
          entityRef: m.entity_ref,
          feeds: m.feeds,
          programs: m.programs,
        })),
      };
    }
    case 'registration_check': {
      const d = data as RegistrationCheckData;
      return {
        __typename: 'RegistrationCheckEvidence' as const,
        subjectId: d.subject_id,
        consistent: d.consistent,
        problems: d.problems ?? [],
      };
    }
    case 'jurisdiction_check': {
      const d = data as JurisdictionCheckData;
      return {
        __typename: 'JurisdictionCheckEvidence' as const,
        publisher: d.publisher,
        publishedOn: d.published_on,
        checked: jurisdictionCheckEntries(d.checked),
      };
    }
    case 'upload':
      return {
        __typename: 'UploadEvidence' as const,
        fileName: file.fileName ?? '',
        contentType: file.contentType ?? '',
        size: file.size ?? 0,
        sha256: file.sha256 ?? '',
      };
  }
  throw new Error(`evidence kind ${kind} has no details type`);
}
