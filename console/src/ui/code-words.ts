// Codes of the risk and monitoring areas in words (rating bands, severities, categories, event
// types, frequencies, triggers): the catalogue's `<prefix>.<code>`, else the code with spaces.
import type { MessageKey } from '../i18n/en';
import type { Translate } from '../i18n/i18n';

export type CodePrefix = 'rating' | 'severity' | 'category' | 'trajectory' | 'frequency' | 'trigger' | 'status';

export function codeWords(t: Translate, prefix: CodePrefix, code: string): string {
  const key = `${prefix}.${code}` as MessageKey;
  const text = t(key);
  return text === key ? code.replace(/_/g, ' ') : text;
}
