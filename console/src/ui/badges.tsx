// Status words as coloured badges: the colour repeats what the word says (never the only signal).
import type { MessageKey } from '../i18n/en';
import { useI18n } from '../i18n/i18n';

type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

const TONES: Record<string, Tone> = {
  clear: 'good',
  accepted: 'good',
  automatic_pass: 'good',
  pass: 'good',
  assessed: 'neutral',
  concluded: 'good',
  confirmed_match: 'bad',
  rejected: 'bad',
  fail: 'bad',
  failed: 'bad',
  canceled: 'neutral',
  potential_match: 'warn',
  in_review: 'warn',
  requires_review: 'warn',
  escalation: 'bad',
  ready_for_review: 'warn',
  pending: 'info',
  request_sent: 'info',
  collecting_artifacts: 'info',
  queued: 'info',
  assessing: 'info',
  running: 'info',
  ready_for_assessment: 'info',
  not_screened: 'neutral',
  info: 'neutral',
  // Screening match review statuses.
  unresolved: 'warn',
  true_positive: 'bad',
  false_positive: 'good',
  // Risk assessments and monitoring alerts.
  draft: 'neutral',
  waiting_for_user: 'warn',
  interrupted: 'warn',
  reopened: 'warn',
  cancelled: 'neutral',
  completed: 'good',
  approved: 'good',
  complete: 'good',
  incomplete: 'warn',
  in_progress: 'info',
  active: 'bad',
  resolved: 'good',
  alert_open: 'warn',
  acknowledged: 'good',
};

/** A status in words: `status.<value>` from the catalogue, else the value itself with spaces. */
export function StatusBadge({ value }: { value: string }) {
  const { t } = useI18n();
  const key = `status.${value}` as MessageKey;
  const label = statusLabel(t, key, value);
  return <span className={`badge badge-${TONES[value] ?? 'neutral'}`}>{label}</span>;
}

export function statusLabel(t: (key: MessageKey) => string, key: MessageKey, value: string): string {
  const text = t(key);
  return text === undefined || text === key ? value.replace(/_/g, ' ') : text;
}
