// Identifiers of a screening search (passport, national id, tax or registration numbers): the repeatable fields of the
// search form, and the agreement of a match's secondary facts said in words (a badge's colour only repeats them).
import { useEffect, useRef } from 'react';
import { AgreementOutcome, ScreeningIdentifierKind } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';

export const IDENTIFIER_KINDS: ScreeningIdentifierKind[] = ['passport', 'national_id', 'tax_id', 'registration_number', 'other'];
/** As the screening service refuses more (docs/screening.md). */
export const IDENTIFIERS_MAX = 10;

export interface IdentifierRow {
  /** Stable key of the row while others are added and removed. */
  key: number;
  kind: ScreeningIdentifierKind | '';
  value: string;
  country: string;
}

let nextKey = 1;
export const newIdentifierRow = (): IdentifierRow => ({ key: nextKey++, kind: '', value: '', country: '' });

/** The rows with a number, as the `screen` mutation takes them (empty rows are left out). */
export function identifiersInput(rows: IdentifierRow[]) {
  const filled = rows.filter((row) => row.value.trim());
  return filled.length
    ? filled.map((row) => ({ value: row.value.trim(), kind: row.kind || undefined, country: row.country.trim() || undefined }))
    : undefined;
}

export function IdentifierFields({ rows, onChange }: { rows: IdentifierRow[]; onChange: (rows: IdentifierRow[]) => void }) {
  const { t } = useI18n();
  const addButton = useRef<HTMLButtonElement>(null);
  const focusKey = useRef<number | null>(null);
  // After "Add", the new row's number field takes the focus; after "Remove", the add button does.
  useEffect(() => {
    if (focusKey.current === null) return;
    const target = focusKey.current < 0 ? addButton.current : document.getElementById(`screen-id-value-${focusKey.current}`);
    focusKey.current = null;
    target?.focus();
  }, [rows]);
  const update = (key: number, change: Partial<IdentifierRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const add = () => {
    const row = newIdentifierRow();
    focusKey.current = row.key;
    onChange([...rows, row]);
  };
  const remove = (key: number) => {
    focusKey.current = -1;
    onChange(rows.filter((row) => row.key !== key));
  };
  return (
    <fieldset data-testid="identifier-fields">
      <legend>{t('screening.identifiers')}</legend>
      <p className="hint" id="screen-id-hint">
        {t('screening.identifiersHint')}
      </p>
      {rows.map((row, index) => (
        <div key={row.key} className="form-grid identifier-row" role="group" aria-label={t('screening.identifierN', { n: index + 1 })}>
          <div className="field">
            <label htmlFor={`screen-id-kind-${row.key}`}>{t('screening.identifierKind')}</label>
            <select
              id={`screen-id-kind-${row.key}`}
              value={row.kind}
              onChange={(event) => update(row.key, { kind: event.target.value as ScreeningIdentifierKind | '' })}
            >
              <option value="">{t('screening.identifierAnyKind')}</option>
              {IDENTIFIER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`identifierKind.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`screen-id-value-${row.key}`}>{t('screening.identifierValue')}</label>
            <input
              id={`screen-id-value-${row.key}`}
              value={row.value}
              maxLength={64}
              autoComplete="off"
              aria-describedby="screen-id-hint"
              onChange={(event) => update(row.key, { value: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`screen-id-country-${row.key}`}>{t('screening.identifierCountry')}</label>
            <input
              id={`screen-id-country-${row.key}`}
              value={row.country}
              maxLength={64}
              onChange={(event) => update(row.key, { country: event.target.value })}
            />
          </div>
          <div className="field identifier-remove">
            <button type="button" className="button button-ghost" onClick={() => remove(row.key)}>
              {t('screening.removeIdentifier', { n: index + 1 })}
            </button>
          </div>
        </div>
      ))}
      {rows.length < IDENTIFIERS_MAX && (
        <button type="button" ref={addButton} className="button" onClick={add}>
          {t('screening.addIdentifier')}
        </button>
      )}
    </fieldset>
  );
}

const AGREEMENT_CLASS: Record<AgreementOutcome, string> = { match: 'badge-good', mismatch: 'badge-bad', unknown: 'badge-neutral' };

/** Agreement of one fact in words (and a sign), the colour only repeating them. */
export function AgreementBadge({ outcome }: { outcome: AgreementOutcome | null | undefined }) {
  const { t } = useI18n();
  if (!outcome) return null;
  const sign = outcome === 'match' ? '✓' : outcome === 'mismatch' ? '✗' : '?';
  return (
    <span className={`badge ${AGREEMENT_CLASS[outcome]}`} data-testid="agreement">
      <span aria-hidden="true">{sign}</span>&nbsp;{t(`agreement.${outcome}`)}
    </span>
  );
}
