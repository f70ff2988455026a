// Screening search: name, entity type, date of birth, country, identifiers and feeds, run as the `screen`
// mutation (stored in the search history). The result is the stored request, kept in the URL
// (`?request=<id>&match=<matchId>`), so a reload or a shared link shows the same matches.
import { FormEvent, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { operationName, useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import { ScreenDocument, ScreeningFeed, ScreeningQueryType, ScreeningRequestDocument, ScreeningRequestQuery } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { screeningWords, SearchResults } from './screening-match';
import { IdentifierFields, IdentifierRow, identifiersInput } from './screening-identifiers';

export const SEARCH_FEEDS: ScreeningFeed[] = [
  'Sanctions',
  'PEP',
  'News',
  'Criminal',
  'Legal',
  'Offshore',
  'Ownership',
  'Registries',
  'Social_Media',
  'Open_Source',
];
const TYPES: ScreeningQueryType[] = ['individual', 'entity', 'vessel', 'aircraft'];
/** Queries the screening screens read: a review on any of them refreshes them all. */
export const SCREENING_QUERIES = ['ScreeningRequest', 'ScreeningSearches', 'HomeOverview'];

export default function ScreeningSearchPage() {
  const { t } = useI18n();
  useTitle(t('nav.screening'));
  const role = useConsoleSession().data?.role;
  const [params, setParams] = useSearchParams();
  const requestId = params.get('request') ?? '';
  // `?profile=<id>&name=<name>` (the profile page's "Screen" link): the search is linked to the
  // profile, so its status follows and a false positive clears the listed entity for it.
  const profileId = params.get('profile') ?? '';
  const matchId = params.get('match');
  const client = useQueryClient();
  const stored = useGraphQLQuery(ScreeningRequestDocument, { id: requestId }, { enabled: !!requestId });
  const search = stored.data?.screeningSearch;

  const [name, setName] = useState(params.get('name') ?? '');
  const [type, setType] = useState<ScreeningQueryType | ''>('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [country, setCountry] = useState('');
  // Stored searches answer their identifiers masked: a deep link cannot refill them (they stay empty).
  const [identifiers, setIdentifiers] = useState<IdentifierRow[]>([]);
  const [feeds, setFeeds] = useState<ScreeningFeed[]>([]);
  // A deep link to a result fills the form with what was searched (once, before the user types).
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  useEffect(() => {
    if (!search || filledFrom === search.id) return;
    setFilledFrom(search.id);
    setName(search.name);
    setType(
      search.type === 'person' ? 'individual' : search.type && TYPES.includes(search.type) ? search.type : search.type ? 'entity' : '',
    );
    setDateOfBirth(search.dateOfBirth ?? '');
    setCountry(search.country ?? '');
    setFeeds(search.feeds.filter((feed) => feed !== 'all'));
  }, [search, filledFrom]);

  const screen = useGraphQLMutation(ScreenDocument, ['ScreeningSearches', 'HomeOverview']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    screen.mutate(
      {
        input: {
          name: name.trim(),
          type: type || undefined,
          dateOfBirth: dateOfBirth.trim() || undefined,
          country: country.trim() || undefined,
          identifiers: identifiersInput(identifiers),
          feeds: feeds.length ? feeds : undefined,
          profileId: profileId || undefined,
        },
      },
      {
        onSuccess: (result) => {
          const data: ScreeningRequestQuery = { screeningSearch: result.screen };
          client.setQueryData([operationName(ScreeningRequestDocument), { id: result.screen.id }], data);
          setFilledFrom(result.screen.id);
          setParams(new URLSearchParams({ request: result.screen.id, ...(profileId ? { profile: profileId } : {}) }));
        },
      },
    );
  };
  const toggleFeed = (feed: ScreeningFeed) =>
    setFeeds((current) => (current.includes(feed) ? current.filter((entry) => entry !== feed) : [...current, feed]));
  const canSearch = roleAtLeast(role, 'analyst');

  return (
    <>
      <PageHeader
        title={t('screening.title')}
        subtitle={t('screening.subtitle')}
        actions={
          <div className="action-group">
            <Link href="/screening/history" className="button">
              {t('screening.history')}
            </Link>
            <Link href="/screening/batches" className="button">
              {t('screening.batches')}
            </Link>
            <Link href="/screening/settings" className="button">
              {t('screening.settings')}
            </Link>
          </div>
        }
      />
      {canSearch ? (
        <form className="panel screening-form" onSubmit={submit} aria-label={t('screening.formLabel')}>
          <div className="form-grid">
            <div className="field field-wide">
              <label htmlFor="screen-name">{t('screening.name')}</label>
              <input
                id="screen-name"
                data-search
                required
                maxLength={512}
                value={name}
                onChange={(event) => setName(event.target.value)}
                autoComplete="off"
              />
            </div>
            <div className="field">
              <label htmlFor="screen-type">{t('screening.type')}</label>
              <select id="screen-type" value={type} onChange={(event) => setType(event.target.value as ScreeningQueryType | '')}>
                <option value="">{t('screening.anyType')}</option>
                {TYPES.map((value) => (
                  <option key={value} value={value}>
                    {screeningWords(t, 'queryType', value)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="screen-dob">{t('screening.dateOfBirth')}</label>
              <input
                id="screen-dob"
                value={dateOfBirth}
                onChange={(event) => setDateOfBirth(event.target.value)}
                pattern="\d{4}(-\d{2}(-\d{2})?)?"
                placeholder={t('screening.dateOfBirthPlaceholder')}
                aria-describedby="screen-dob-hint"
                inputMode="numeric"
              />
              <p id="screen-dob-hint" className="hint">
                {t('screening.dateOfBirthHint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor="screen-country">{t('screening.country')}</label>
              <input
                id="screen-country"
                value={country}
                onChange={(event) => setCountry(event.target.value)}
                maxLength={64}
                aria-describedby="screen-country-hint"
              />
              <p id="screen-country-hint" className="hint">
                {t('screening.countryHint')}
              </p>
            </div>
          </div>
          <IdentifierFields rows={identifiers} onChange={setIdentifiers} />
          {profileId && (
            <p className="alert alert-info" data-testid="linked-profile">
              <span>
                {t('screening.linkedProfile')} <Link href={`/profiles/${profileId}`}>{t('request.openProfile')}</Link>
              </span>
              <Link href="/screening">{t('screening.unlinkProfile')}</Link>
            </p>
          )}
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
          {screen.isError && (
            <p role="alert" className="error-text">
              {screen.error.message}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={screen.isPending || !name.trim()}>
            {screen.isPending ? t('screening.searching') : t('screening.search')}
          </button>
        </form>
      ) : (
        <p className="alert alert-info">{t('screening.searchNeedsRole')}</p>
      )}
      {requestId && (
        <section className="results" aria-labelledby="results-title">
          <h2 id="results-title" className="section-heading">
            {t('screening.results')}
          </h2>
          {stored.isPending ? (
            <Loading />
          ) : stored.isError ? (
            <ErrorState error={stored.error} retry={() => void stored.refetch()} />
          ) : !search ? (
            <Empty title={t('screening.requestNotFound')} />
          ) : (
            <>
              <p className="muted">
                {t('screening.resultsLine', { count: search.matches.length, name: search.name })}{' '}
                <Link href={`/screening/requests/${search.id}`}>{t('screening.openRequest')}</Link>
              </p>
              <SearchResults
                search={search}
                selectedId={matchId}
                hrefOf={(id) => `/screening?request=${search.id}&match=${id}`}
                invalidate={SCREENING_QUERIES}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
