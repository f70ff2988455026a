// A new batch: a CSV of names read in the browser, its columns mapped to the fields of a search
// (guessed from the header, changeable), every row checked before anything is sent, the bad rows
// listed by line with the reason. The user uploads a corrected file or leaves the bad rows out,
// then submits the good ones as one `submitScreeningBatch` (one idempotency key per prepared
// submission, so a double click or a retry queues one job).
import { FormEvent, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation } from '../api/queries';
import { ScreeningFeed, SubmitScreeningBatchDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/en';
import { useTitle } from '../ui/keys';
import { PageHeader } from '../ui/states';
import {
  BATCH_FIELDS,
  BATCH_MAX_BYTES,
  BATCH_MAX_ROWS,
  BatchField,
  checkRows,
  ColumnMapping,
  CsvTable,
  guessMapping,
  lineOfRefusal,
  parseCsv,
  RowProblem,
} from './batch-csv';
import { BatchBreadcrumb } from './screening-batches';
import { screeningWords } from './screening-match';
import { SEARCH_FEEDS } from './screening-search';

/** Bad rows listed on the page; the count says how many more there are. */
const PROBLEMS_SHOWN = 200;
const FIELD_LABELS: Record<BatchField, MessageKey> = {
  name: 'screening.name',
  type: 'screening.type',
  dateOfBirth: 'screening.dateOfBirth',
  country: 'screening.country',
  customId: 'request.customId',
};

export default function ScreeningBatchNewPage() {
  const { t, formatNumber } = useI18n();
  useTitle(t('batch.newTitle'));
  const role = useConsoleSession().data?.role;
  const [, navigate] = useLocation();
  const [fileName, setFileName] = useState('');
  const [table, setTable] = useState<CsvTable | null>(null);
  const [readError, setReadError] = useState('');
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [skipBad, setSkipBad] = useState(false);
  const [feeds, setFeeds] = useState<ScreeningFeed[]>([]);
  const [refused, setRefused] = useState<RowProblem | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const submit = useGraphQLMutation(SubmitScreeningBatchDocument, ['ScreeningBatchJobs', 'ScreeningSearches', 'HomeOverview']);

  const checked = useMemo(() => (table && mapping ? checkRows(table.records, mapping) : null), [table, mapping]);
  const input = useMemo(
    () =>
      checked ? { requests: checked.entities.map((row) => row.entity), feeds: feeds.length ? feeds : (['all'] as ScreeningFeed[]) } : null,
    [checked, feeds],
  );
  const bytes = useMemo(() => (input ? new TextEncoder().encode(JSON.stringify(input)).length : 0), [input]);
  const problemLines = new Set(checked?.problems.map((problem) => problem.line));
  const tooMany = (checked?.entities.length ?? 0) > BATCH_MAX_ROWS;
  const tooBig = bytes > BATCH_MAX_BYTES;
  const ready = !!checked && checked.entities.length > 0 && (checked.problems.length === 0 || skipBad) && !tooMany && !tooBig;

  const readFile = async (file: File | undefined) => {
    setReadError('');
    setRefused(null);
    submit.reset();
    idempotencyKey.current = crypto.randomUUID();
    if (!file) return;
    setFileName(file.name);
    try {
      const parsed = parseCsv(await file.text());
      if (!parsed.header.length || !parsed.records.length) {
        setTable(null);
        setReadError(t('batch.fileEmpty'));
        return;
      }
      setTable(parsed);
      setMapping(guessMapping(parsed.header));
      setSkipBad(false);
    } catch (error) {
      setTable(null);
      setReadError(error instanceof Error ? error.message : String(error));
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !input || !checked) return;
    setRefused(null);
    submit.mutate(
      { input, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (result) => navigate(`/screening/batches/${result.submitScreeningBatch.id}`),
        onError: (error) =>
          setRefused(
            lineOfRefusal(
              error.message,
              checked.entities.map((row) => row.line),
            ) ?? null,
          ),
      },
    );
  };
  const changeMapping = (field: BatchField, column: number) => {
    setMapping((current) => (current ? { ...current, [field]: column } : current));
    idempotencyKey.current = crypto.randomUUID();
  };
  const toggleFeed = (feed: ScreeningFeed) =>
    setFeeds((current) => (current.includes(feed) ? current.filter((entry) => entry !== feed) : [...current, feed]));

  if (!roleAtLeast(role, 'analyst'))
    return (
      <>
        <BatchBreadcrumb last={t('batch.newTitle')} />
        <PageHeader title={t('batch.newTitle')} />
        <p className="alert alert-info">{t('batch.needsRole')}</p>
      </>
    );

  return (
    <>
      <BatchBreadcrumb last={t('batch.newTitle')} />
      <PageHeader title={t('batch.newTitle')} subtitle={t('batch.newSubtitle')} />
      <form className="panel batch-form" onSubmit={send} aria-label={t('batch.newTitle')}>
        <div className="field">
          <label htmlFor="batch-file">{t('batch.file')}</label>
          <input
            id="batch-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby="batch-file-hint"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
          <p id="batch-file-hint" className="hint">
            {t('batch.fileHint', { max: formatNumber(BATCH_MAX_ROWS) })}
          </p>
          {readError && (
            <p role="alert" className="error-text">
              {readError}
            </p>
          )}
        </div>

        {table && mapping && checked && (
          <>
            <fieldset>
              <legend>{t('batch.columns')}</legend>
              <p className="hint">{t('batch.columnsHint', { file: fileName, rows: formatNumber(table.records.length) })}</p>
              <div className="form-grid">
                {BATCH_FIELDS.map((field) => (
                  <div className="field" key={field}>
                    <label htmlFor={`batch-column-${field}`}>{t(FIELD_LABELS[field])}</label>
                    <select
                      id={`batch-column-${field}`}
                      value={mapping[field]}
                      onChange={(event) => changeMapping(field, Number(event.target.value))}
                    >
                      <option value={-1}>{field === 'name' ? t('batch.chooseColumn') : t('batch.notMapped')}</option>
                      {table.header.map((name, index) => (
                        <option key={index} value={index}>
                          {name || t('batch.columnN', { n: index + 1 })}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
            </fieldset>

            <section aria-labelledby="batch-check-title" className="batch-check">
              <h2 id="batch-check-title" className="section-heading">
                {t('batch.check')}
              </h2>
              <p role="status" data-testid="batch-check-summary">
                {checked.problems.length === 0
                  ? t('batch.allGood', { rows: formatNumber(checked.entities.length) })
                  : t('batch.someBad', { good: formatNumber(checked.entities.length), bad: formatNumber(problemLines.size) })}
              </p>
              {checked.problems.length > 0 && (
                <>
                  <div className="table-wrap">
                    <table className="table" data-testid="batch-problems">
                      <caption className="sr-only">{t('batch.problems')}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('batch.line')}</th>
                          <th scope="col">{t('batch.reason')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {checked.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                          <tr key={`${problem.line}-${index}`}>
                            <td>{formatNumber(problem.line)}</td>
                            <td>{t(`batch.problem.${problem.code}`, { value: problem.value })}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {checked.problems.length > PROBLEMS_SHOWN && (
                    <p className="muted small">
                      {t('batch.moreProblems', { count: formatNumber(checked.problems.length - PROBLEMS_SHOWN) })}
                    </p>
                  )}
                  <p className="hint">{t('batch.fixHint')}</p>
                  <label className="checkbox">
                    <input type="checkbox" checked={skipBad} onChange={(event) => setSkipBad(event.target.checked)} />
                    {t('batch.skipBad', { count: formatNumber(problemLines.size) })}
                  </label>
                </>
              )}
              {tooMany && (
                <p role="alert" className="error-text">
                  {t('batch.tooMany', { max: formatNumber(BATCH_MAX_ROWS) })}
                </p>
              )}
              {tooBig && (
                <p role="alert" className="error-text">
                  {t('batch.tooBig')}
                </p>
              )}
            </section>

            <fieldset>
              <legend>{t('screening.feeds')}</legend>
              <p className="hint">{t('screening.feedsHint')}</p>
              <div className="feed-choices">
                {SEARCH_FEEDS.map((feed) => (
                  <label key={feed} className="checkbox">
                    <input type="checkbox" checked={feeds.includes(feed)} onChange={() => toggleFeed(feed)} />
                    {screeningWords(t, 'feed', feed)}
                  </label>
                ))}
              </div>
            </fieldset>

            {submit.isError && (
              <div role="alert" className="alert alert-error">
                {refused ? t('batch.refusedRow', { line: formatNumber(refused.line), message: refused.value }) : submit.error.message}
              </div>
            )}
            <button type="submit" className="button button-primary" disabled={!ready || submit.isPending}>
              {submit.isPending ? t('batch.submitting') : t('batch.submit', { rows: formatNumber(checked.entities.length) })}
            </button>
          </>
        )}
      </form>
    </>
  );
}
