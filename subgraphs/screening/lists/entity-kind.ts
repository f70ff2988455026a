/**
 * Guesses person vs organisation for lists that do not say (BIS DPL), with the name engine's vocabulary of legal forms
 * and business words, so that a listed name is typed as a query of the same name is read: "KOTO COMMERCIO IBERICA,
 * S.L." (a dotted legal form), "PJSC AEROFLOT", "SKY BLUE BIRD FZC" are organisations. A company typed as a person
 * lost the type penalty and the organisation reading of its own name: a search for it as an entity found nothing.
 */
import { looksLikeOrganization as carriesLegalForm } from '../../../lib/names/normalize';
import { foldToAscii } from '../../../lib/names/text';
import { AMBIGUOUS_LEGAL_FORMS, GENERIC_WORDS, HONORIFICS } from '../../../lib/names/vocabulary';

/** Words of organisation names that the engine's vocabulary does not weigh as generic business words. */
const MORE_ORGANIZATION_WORDS = new Set([
  'corporacion',
  'sociedad',
  'university',
  'universidad',
  'computers',
  'airways',
  'contracting',
  'invest',
]);

export function looksLikeOrganization(name: string): boolean {
  const folded = foldToAscii(name);
  // a legal form, unambiguous ("LLC", "GmbH", "PJSC", "FZC") or dotted ("S.L.", "A.G.", "S.A. DE C.V.")
  if (carriesLegalForm(folded)) return true;
  const words = folded.split(/[^a-z0-9]+/).filter(Boolean);
  // a business word ("TRADING", "AIRLINES", "METALS"); not one that is also a title ("General Nkunda")
  if (words.some((w) => (GENERIC_WORDS.has(w) && !HONORIFICS.has(w)) || MORE_ORGANIZATION_WORDS.has(w))) return true;
  // an ambiguous legal form ending a name not written "LAST, First": "ELMONT AG", "GLOBE METALS AB" (but "GHALI, Iyad Ag")
  return words.length >= 2 && !folded.includes(',') && AMBIGUOUS_LEGAL_FORMS.has(words[words.length - 1]);
}
