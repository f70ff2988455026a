// The adverse-media category taxonomy (raw keys, docs/screening-adverse-media.md) and the
// keyword/phrase rules that assign them to the sentence mentioning a name. Rules are deliberately
// plain word-boundary patterns: an analyst can read why a sentence got a category (the matched
// phrase is kept with the sentence as evidence).

export const ADVERSE_MEDIA_CATEGORIES = [
  'financial_crime',
  'fraud',
  'corruption_bribery',
  'money_laundering',
  'terrorism',
  'organised_crime',
  'sanctions_evasion',
  'narcotics',
  'human_trafficking',
  'arms_trafficking',
  'cybercrime',
  'tax_crime',
  'violent_crime',
  'war_crimes',
  'environmental_crime',
  'regulatory_action',
] as const;
export type AdverseMediaCategory = (typeof ADVERSE_MEDIA_CATEGORIES)[number];

export function isAdverseMediaCategory(key: string): key is AdverseMediaCategory {
  return (ADVERSE_MEDIA_CATEGORIES as readonly string[]).includes(key);
}

/** Phrases per category (case-insensitive, matched at word starts). English first; a few Russian,
 * French, German and Spanish stems so that articles in those languages are not silently neutral. */
/** A rule matches at the start of a word in any script (`\b` only knows ASCII words). */
const rule = (phrases: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases})`, 'iu');

const RULES: Record<AdverseMediaCategory, RegExp> = {
  financial_crime: rule(
    String.raw`financial crimes?|insider trading|market manipulation|securities fraud|accounting fraud|ponzi|pyramid scheme|финансов[\p{L}\p{N}-]* преступлен[\p{L}\p{N}-]*`,
  ),
  fraud: rule(
    String.raw`fraud[\p{L}\p{N}-]*|defraud[\p{L}\p{N}-]*|embezzl[\p{L}\p{N}-]*|swindl[\p{L}\p{N}-]*|scam[\p{L}\p{N}-]*|misappropriat[\p{L}\p{N}-]*|forg(ed|ery)|ponzi|мошенни[\p{L}\p{N}-]*|escroquerie|betrug|fraude`,
  ),
  corruption_bribery: rule(
    String.raw`brib[\p{L}\p{N}-]*|corrupt[\p{L}\p{N}-]*|kickbacks?|graft|взятк[\p{L}\p{N}-]*|коррупц[\p{L}\p{N}-]*|pots-de-vin|bestechung|soborno`,
  ),
  money_laundering: rule(
    String.raw`launder[\p{L}\p{N}-]*|money[- ]laundering|отмыван[\p{L}\p{N}-]*|blanchiment|geldwäsche|lavado de (dinero|activos)`,
  ),
  terrorism: rule(String.raw`terror[\p{L}\p{N}-]*|extremis[\p{L}\p{N}-]*|jihadi[\p{L}\p{N}-]*|insurgen[\p{L}\p{N}-]*|терро[\p{L}\p{N}-]*`),
  organised_crime: rule(
    String.raw`organi[sz]ed crime|crime (syndicate|family|ring)|cartel[\p{L}\p{N}-]*|mafia|racketeer[\p{L}\p{N}-]*|gangs?\b|gang members?|организованн[\p{L}\p{N}-]* преступн[\p{L}\p{N}-]*`,
  ),
  sanctions_evasion: rule(
    String.raw`evad[\p{L}\p{N}-]* ([\p{L}\p{N}.-]+ )?sanctions|sanctions?[- ](evasion|busting|violations?)|violat[\p{L}\p{N}-]* ([\p{L}\p{N}.-]+ )?sanctions|circumvent[\p{L}\p{N}-]* ([\p{L}\p{N}.-]+ )?sanctions|обход[\p{L}\p{N}-]* санкц[\p{L}\p{N}-]*`,
  ),
  narcotics: rule(
    String.raw`drug[- ]trafficking|drug smuggling|narcotic[\p{L}\p{N}-]*|cocaine|heroin|fentanyl|methamphetamine|drug cartel[\p{L}\p{N}-]*|наркот[\p{L}\p{N}-]*`,
  ),
  human_trafficking: rule(
    String.raw`human trafficking|trafficking (of|in) (persons|people|women|children)|people smuggling|migrant smuggling|forced labou?r|sex trafficking|торговл[\p{L}\p{N}-]* людьми`,
  ),
  arms_trafficking: rule(
    String.raw`arms (dealer[\p{L}\p{N}-]*|trafficking|smuggling)|weapons? (smuggling|trafficking)|gun[- ]running|торговл[\p{L}\p{N}-]* оружием`,
  ),
  cybercrime: rule(
    String.raw`hack(ed|ing|ers?)\b|ransomware|cyber[- ]?(attack[\p{L}\p{N}-]*|crime[\p{L}\p{N}-]*|fraud)|phishing|malware|киберпреступ[\p{L}\p{N}-]*`,
  ),
  tax_crime: rule(
    String.raw`tax (evasion|fraud|crimes?)|evad[\p{L}\p{N}-]* ([\p{L}\p{N}.-]+ )?taxes|уклонен[\p{L}\p{N}-]* от уплаты налог[\p{L}\p{N}-]*|fraude fiscale|steuerhinterziehung`,
  ),
  violent_crime: rule(
    String.raw`murder[\p{L}\p{N}-]*|homicide|assault[\p{L}\p{N}-]*|kidnap[\p{L}\p{N}-]*|armed robbery|убийств[\p{L}\p{N}-]*`,
  ),
  war_crimes: rule(String.raw`war crimes?|genocide|crimes against humanity|военн[\p{L}\p{N}-]* преступлен[\p{L}\p{N}-]*`),
  environmental_crime: rule(
    String.raw`illegal logging|poaching|wildlife trafficking|illegal (dumping|mining|fishing)|environmental crimes?`,
  ),
  regulatory_action: rule(
    String.raw`fined|penalt(y|ies) (of|imposed)|enforcement action|consent order|licen[cs]e (was )?(revoked|suspended)|censured|barred from|disqualified as a director|cease[- ]and[- ]desist|оштрафова[\p{L}\p{N}-]*`,
  ),
};

export interface CategoryEvidence {
  category: AdverseMediaCategory;
  /** The phrase of the sentence that triggered the category. */
  phrase: string;
}

/** The categories a sentence carries, in taxonomy order, each with the phrase that triggered it. */
export function categorizeSentence(sentence: string): CategoryEvidence[] {
  const found: CategoryEvidence[] = [];
  for (const category of ADVERSE_MEDIA_CATEGORIES) {
    const match = RULES[category].exec(sentence);
    if (match) found.push({ category, phrase: match[0] });
  }
  return found;
}
