// Codes of the API in words: reason codes, check names, fields. The catalogue holds the words; a
// code the catalogue does not know yet reads as the code with spaces (never an empty cell).
import type { MessageKey } from '../i18n/en';
import type { Translate } from '../i18n/i18n';

export function words(
  t: Translate,
  prefix: 'reason' | 'check' | 'field' | 'status' | 'kind' | 'artifact' | 'event' | 'origin' | 'activity',
  code: string,
): string {
  const key = `${prefix}.${code}` as MessageKey;
  const text = t(key);
  return text === key ? code.replace(/_/g, ' ') : text;
}
