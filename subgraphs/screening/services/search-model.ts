// The shapes a search hands between its steps: the normalized query and the stored match with its
// annotations (disposition, articles). A leaf: the services that build or read them (search,
// disposition, clearances, news) import it, and it imports none of them.
import type { AdverseMediaCategory } from '../news/services/categories';
import type { EntityType, Feed, QueryIdentifier, ScreeningMatch } from './engine-adapter';

export interface NormalizedQuery {
  name: string;
  type: EntityType | undefined;
  typeLabel: string | null;
  feeds: Feed[] | 'all';
  feedNames: string[];
  dateOfBirth: string | undefined;
  country: string | undefined;
  /** Documents of the screened party (validated, country as ISO-2); undefined when none were given. */
  identifiers?: QueryIdentifier[];
  limit: number;
  threshold: number;
  customId: string | null;
  profileId: string | null;
}

export interface StoredMatch {
  id: string;
  rank: number;
  score: number;
  name: ScreeningMatch['name'];
  aliases: ScreeningMatch['aliases'];
  checklist: ScreeningMatch['checklist'];
  match_score_info: ScreeningMatch['match_score_info'];
  source_details: ScreeningMatch['source_details'];
  review_status: 'unresolved' | 'true_positive' | 'false_positive';
  /** Present when a false_positive review of this listed entity for the same profile carried over. */
  previously_cleared?: { match_id: string; cleared_at: string; cleared_by: string };
  /** Full Auto decision (automatic disposition). */
  automatic_disposition?: DispositionAnnotation;
  /** Hint, undetermined or failed analysis (automatic disposition). */
  disposition_hint?: DispositionAnnotation;
  /** News feed matches only: the articles mentioning the linked name (adverse media). */
  articles?: ArticleHit[];
  /** News feed matches only: how many articles there are (at most 20 are listed). */
  article_count?: number;
  entity: {
    id: string;
    source: string;
    source_id: string;
    type: EntityType;
    name: string;
    feeds: Feed[];
    programs: string[];
    dates_of_birth: ScreeningMatch['entity']['birthDates'];
    nationalities: string[];
    countries: string[];
    listed_on: string | null;
  };
}

export interface DispositionAnnotation {
  prediction: 'true_positive' | 'false_positive' | 'undetermined';
  confidence: number;
  analysis_status: 'completed' | 'failed';
  rationale: string;
  evidence_refs: string[];
  score_summary: Record<string, number>;
  risk_flags: string[];
  signature_version: string;
  source: 'direct_api';
  error?: { code: string; message: string; retryable: boolean };
}

export interface ArticleEvidence {
  category: AdverseMediaCategory;
  sentence: string;
  phrase: string;
}

export interface ArticleHit {
  url: string;
  title: string;
  published_at: string | null;
  source: string | null;
  language: string | null;
  /** The first sentence of the article that mentions the name with an allowed category. */
  snippet: string;
  categories: AdverseMediaCategory[];
  evidence: ArticleEvidence[];
}
