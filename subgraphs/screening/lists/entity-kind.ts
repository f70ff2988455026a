/** Guesses person vs organisation for lists that do not say (BIS DPL). */
const ORG_WORDS = /\b(ltd|limited|llc|l\.l\.c|inc|incorporated|corp|corporation|co|company|gmbh|ag|s\.?a|s\.?a\.?s|s\.?r\.?l|b\.?v|n\.?v|plc|pte|pty|jsc|ojsc|cjsc|ooo|zao|oao|fze|fzco|llp|lp|group|holding|holdings|industries|industrial|trading|enterprises?|international|technology|technologies|electronics|aviation|airlines?|shipping|bank|services|systems|engineering|logistics|import|export|manufacturing|corporacion|compania|sociedad|institute|university|partners|associates|agency|foundation)\b\.?/i;

export function looksLikeOrganization(name: string): boolean {
  return ORG_WORDS.test(name);
}
