// The screening threshold lab on the settings screen: an analyst enters a threshold and feeds and
// sees recall and false positives on the labelled sample, alerts per 1,000 of the workspace's recent
// screenings and the reviewed matches that would appear or disappear; an admin applies the setting
// through the screening settings (a proposal for a second person when four eyes are on).
import { FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  AlertFiguresFieldsFragment,
  ApplyScreeningSearchDefaultsDocument,
  LabelledRatesFieldsFragment,
  ScreeningFeed,
  ScreeningSearchDefaultsDocument,
  ScreeningThresholdLabDocument,
  ScreeningThresholdLabInput,
  ThresholdLabMatchFieldsFragment,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { ErrorState, Loading } from '../ui/states';
import { screeningWords } from './screening-match';
import { SEARCH_FEEDS } from './screening-search';

export function ThresholdLab() {
  const { t, formatNumber } = useI18n();
  const role = useConsoleSession().data?.role;
  const defaults = useGraphQLQuery(ScreeningSearchDefaultsDocument, {});
  const [threshold, setThreshold] = useState('');
  const [feeds, setFeeds] = useState<ScreeningFeed[] | null>(null);
  const [input, setInput] = useState<ScreeningThresholdLabInput | null>(null);
  const lab = useGraphQLQuery(ScreeningThresholdLabDocument, { input: input ?? { threshold: 0 } }, { enabled: input !== null });
  const apply = useGraphQLMutation(ApplyScreeningSearchDefaultsDocument, ['ScreeningSearchDefaults', 'ScreeningThresholdLab']);
  if (defaults.isPending) return <Loading />;
  if (defaults.isError) return <ErrorState error={defaults.error} retry={() => void defaults.refetch()} />;
  const current = defaults.data.automaticDispositionSettings;
  const chosen = feeds ?? current.searchFeeds.filter((feed) => feed !== 'all');
  const value = Number((threshold || String(current.searchThreshold)).replace(',', '.'));
  const valid = Number.isFinite(value) && value >= 0 && value <= 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) setInput({ threshold: value, feeds: chosen.length ? chosen : ['all'] });
  };
  const toggle = (feed: ScreeningFeed) => setFeeds(chosen.includes(feed) ? chosen.filter((f) => f !== feed) : [...chosen, feed]);
  const percent = (n: number) => formatNumber(n, { style: 'percent', maximumFractionDigits: 2 });
  const figures = lab.data?.screeningThresholdLab;
  return (
    <div data-testid="threshold-lab">
      <p className="muted small">{t('lab.help')}</p>
      <p className="small">
        {t('lab.current', {
          threshold: formatNumber(current.searchThreshold),
          feeds: current.searchFeeds.map((feed) => screeningWords(t, 'feed', feed)).join(', '),
        })}
      </p>
      <form onSubmit={submit} className="settings-form" aria-label={t('lab.title')}>
        <div className="field narrow-field">
          <label htmlFor="lab-threshold">{t('lab.threshold')}</label>
          <input
            id="lab-threshold"
            inputMode="decimal"
            value={threshold}
            placeholder={String(current.searchThreshold)}
            onChange={(event) => setThreshold(event.target.value)}
            aria-invalid={!valid}
            aria-describedby="lab-threshold-hint"
          />
          <p id="lab-threshold-hint" className={valid ? 'hint' : 'hint error-text'}>
            {t('lab.thresholdHint')}
          </p>
        </div>
        <fieldset>
          <legend>{t('screening.feeds')}</legend>
          <div className="chips">
            {SEARCH_FEEDS.map((feed) => (
              <label key={feed} className="checkbox">
                <input type="checkbox" checked={chosen.includes(feed)} onChange={() => toggle(feed)} />
                {screeningWords(t, 'feed', feed)}
              </label>
            ))}
          </div>
          <p className="hint">{t('screening.feedsHint')}</p>
        </fieldset>
        <div className="action-group">
          <button type="submit" className="button" disabled={!valid || lab.isFetching}>
            {t('lab.evaluate')}
          </button>
        </div>
      </form>
      {input && lab.isFetching && <Loading />}
      {lab.isError && <ErrorState error={lab.error} retry={() => void lab.refetch()} />}
      {figures && !lab.isFetching && (
        <>
          <table className="table compact" data-testid="lab-figures">
            <caption className="sr-only">{t('lab.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lab.figure')}</th>
                <th scope="col">{t('lab.now', { threshold: formatNumber(figures.current.threshold) })}</th>
                <th scope="col">{t('lab.proposed', { threshold: formatNumber(figures.proposed.threshold) })}</th>
              </tr>
            </thead>
            <tbody>
              <RateRows
                current={figures.labelledSet.current}
                proposed={figures.labelledSet.proposed}
                percent={percent}
                sample={t('lab.sample', { positives: figures.labelledSet.positives, negatives: figures.labelledSet.negatives })}
              />
              <AlertRow current={figures.recentScreenings.current} proposed={figures.recentScreenings.proposed} />
            </tbody>
          </table>
          <p className="muted small">
            {t('lab.screenings', { count: formatNumber(figures.recentScreenings.screenings) })}
            {!figures.recentScreenings.proposed.exact &&
              ' ' + t('lab.lowerBound', { count: formatNumber(figures.recentScreenings.proposed.screeningsNotRecountable) })}
          </p>
          <MatchList
            title={t('lab.disappearing', { count: figures.reviewedMatches.disappearingCount })}
            matches={figures.reviewedMatches.disappearing}
          />
          <MatchList
            title={t('lab.appearing', { count: figures.reviewedMatches.appearingCount })}
            matches={figures.reviewedMatches.appearing}
          />
          {roleAtLeast(role, 'admin') && (
            <div className="action-group">
              <button
                type="button"
                className="button button-primary"
                disabled={apply.isPending}
                onClick={() =>
                  apply.mutate({ input: { searchThreshold: figures.proposed.threshold, searchFeeds: figures.proposed.feeds } })
                }
              >
                {t('lab.apply')}
              </button>
              <span aria-live="polite" className="muted small">
                {apply.data
                  ? apply.data.updateAutomaticDispositionSettings.fourEyesProposal
                    ? t('lab.proposedForApproval')
                    : t('lab.applied')
                  : ''}
              </span>
            </div>
          )}
          {apply.isError && (
            <p role="alert" className="error-text">
              {apply.error.message}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function RateRows(props: {
  current: LabelledRatesFieldsFragment;
  proposed: LabelledRatesFieldsFragment;
  percent: (n: number) => string;
  sample: string;
}) {
  const { t } = useI18n();
  const { current, proposed, percent } = props;
  return (
    <>
      <tr>
        <th scope="row">
          {t('lab.recall')} <span className="muted small">{props.sample}</span>
        </th>
        <td>{percent(current.recall)}</td>
        <td>{percent(proposed.recall)}</td>
      </tr>
      <tr>
        <th scope="row">{t('lab.falsePositives')}</th>
        <td>{percent(current.falsePositiveRate)}</td>
        <td>{percent(proposed.falsePositiveRate)}</td>
      </tr>
    </>
  );
}

function AlertRow({ current, proposed }: { current: AlertFiguresFieldsFragment; proposed: AlertFiguresFieldsFragment }) {
  const { t, formatNumber } = useI18n();
  const show = (figures: AlertFiguresFieldsFragment) => (figures.exact ? '' : '≥ ') + formatNumber(figures.alertsPer1000);
  return (
    <tr>
      <th scope="row">{t('lab.alertsPer1000')}</th>
      <td>{show(current)}</td>
      <td>{show(proposed)}</td>
    </tr>
  );
}

function MatchList({ title, matches }: { title: string; matches: ThresholdLabMatchFieldsFragment[] }) {
  const { t, formatNumber } = useI18n();
  return (
    <section>
      <h3 className="small">{title}</h3>
      {matches.length > 0 && (
        <ul className="plain-list">
          {matches.map((match) => (
            <li key={match.matchId}>
              <Link href={`/screening?request=${encodeURIComponent(match.searchResultId)}&match=${encodeURIComponent(match.matchId)}`}>
                {match.listedName}
              </Link>{' '}
              <span className="muted small">
                {formatNumber(match.score)} · {screeningWords(t, 'status', match.reviewStatus)} · {t(`lab.cause.${match.cause}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
