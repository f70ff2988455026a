/** The readings of a query: how it is prepared against records of each type (shared by search and compare). */
import type { EntityType } from '../lists/model';
import type { NameStyle } from '../../../lib/names/normalize';
import { styleForType } from './name-style';
import type { PreparedName } from '../../../lib/names/score';
import { TokenClass } from '../../../lib/names/vocabulary';

export interface QueryReadings {
  /** The query as typed (or untyped). */
  q: PreparedName;
  /** Untyped only, when it differs: the query read as an organisation name. */
  qOrg?: PreparedName;
  /** Untyped only, when it differs: the query read as a person's name. */
  qPerson?: PreparedName;
  /** The reading a record of this type is scored against. */
  queryFor: (e: { type: EntityType }) => PreparedName;
}

export function queryReadings(prepare: (style: NameStyle) => PreparedName, type: EntityType | undefined): QueryReadings {
  const q = prepare(styleForType(type));
  // An untyped query's titles ("Imam", "Lady", "Sheikh") are dropped for people but are words of organisation and vessel
  // names ("KATIBAT AL-IMAM AL-BUKHARI", "LADY MARIIA"); an untyped "K.A.S." or "A.S.P. BUILDERS" reads as a person's
  // initials but is the listed organisation "KAS": whenever the organisation reading differs, it scores the non-person
  // records (and retrieves candidates too).
  const orgRead = q.style === 'unknown' ? prepare('organization') : undefined;
  const qOrg = orgRead && !sameReading(q, orgRead) ? orgRead : undefined;
  // And an untyped "General Nkunda" or "CHATAEV, A.R." (read as a generic word, or as an organisation for its dotted
  // initials) is scored against people as a person's name: title dropped, "LAST, F.M." reordered.
  const personRead = !type && q.style !== 'person' ? prepare('person') : undefined;
  const qPerson = personRead && personReadingDiffers(q, personRead) ? personRead : undefined;
  return { q, qOrg, qPerson, queryFor: (e) => (e.type === 'individual' ? (qPerson ?? q) : (qOrg ?? q)) };
}

/** The person reading drops a title the untyped reading kept, or the untyped reading was taken for an organisation. */
function personReadingDiffers(untyped: PreparedName, person: PreparedName): boolean {
  if (untyped.style === 'organization') return !sameReading(untyped, person);
  return person.classes.some((c, i) => c === TokenClass.Honorific && untyped.classes[i] !== TokenClass.Honorific);
}

/** Two readings of a query with the same tokens of the same classes. */
function sameReading(a: PreparedName, b: PreparedName): boolean {
  return a.tokens.length === b.tokens.length && a.tokens.every((t, i) => t === b.tokens[i] && a.classes[i] === b.classes[i]);
}
