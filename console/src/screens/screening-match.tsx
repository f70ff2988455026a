// A screening search's matches and the explanation of one of them, in words: which query words met
// which listed words and how, what the date of birth, country and type did to the score, the list
// (its version and programmes) and its sources, adverse-media articles, automatic disposition and
// the review (true or false positive with a reason; a false positive clears the listed entity for
// the linked profile). Shared by the search page and the request page.
import { FormEvent, ReactNode, useRef, useState } from 'react';
import { Link } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation } from '../api/queries';
import {
  DispositionAnnotationDetailFragment,
  MatchReviewStatus,
  ReviewScreeningMatchDocument,
  ScreeningMatchDetailFragment,
  ScreeningSearchDetailFragment,
} from '../graphql/generated';
import type { MessageKey } from '../i18n/en';
import { Translate, useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { useRowNavigation } from '../ui/keys';
import { Empty } from '../ui/states';
import { AgreementBadge } from './screening-identifiers';

export type Match = ScreeningMatchDetailFragment;
export type Search = ScreeningSearchDetailFragment & { matches: Match[] };

/** A code in words from the catalogue (`<prefix>.<code>`), else the code with spaces. */
export function screeningWords(t: Translate, prefix: string, code: string): string {
  const key = `${prefix}.${code}` as MessageKey;
  const text = t(key);
  return text === key ? code.replace(/_/g, ' ') : text;
}

/** The matches of a search as a table (j / k between rows, Enter opens one) and the chosen match explained. */
export function SearchResults({
  search,
  selectedId,
  hrefOf,
  invalidate,
}: {
  search: Search;
  selectedId: string | null;
  hrefOf: (matchId: string) => string;
  invalidate: string[];
}) {
  const { t, formatNumber } = useI18n();
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  if (!search.matches.length)
    return (
      <Empty title={t('screening.noMatches')}>
        <p>{t('screening.noMatchesHint', { threshold: formatNumber(search.threshold ?? 0.8, { maximumFractionDigits: 2 }) })}</p>
      </Empty>
    );
  const selected = search.matches.find((match) => match.id === selectedId) ?? search.matches[0];
  return (
    <>
      <div className="table-wrap" ref={table}>
        <table className="table">
          <caption className="sr-only">{t('screening.matches')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('screening.listedName')}</th>
              <th scope="col">{t('screening.score')}</th>
              <th scope="col" className="hide-narrow">
                {t('screening.list')}
              </th>
              <th scope="col" className="hide-narrow">
                {t('screening.feeds')}
              </th>
              <th scope="col">{t('screening.review')}</th>
            </tr>
          </thead>
          <tbody>
            {search.matches.map((match) => (
              <tr
                key={match.id}
                aria-current={match.id === selected.id ? 'true' : undefined}
                className={match.id === selected.id ? 'row-selected' : undefined}
              >
                <td>
                  <Link href={hrefOf(match.id)} data-row-link className="row-link">
                    {match.listedName}
                  </Link>
                  {match.matchedName !== match.listedName && (
                    <div className="muted small">{t('screening.via', { name: match.matchedName })}</div>
                  )}
                </td>
                <td>
                  <span className="mono">{formatNumber(match.score, { maximumFractionDigits: 2, minimumFractionDigits: 2 })}</span>{' '}
                  <span className="muted small">{screeningWords(t, 'level', match.criteriaMatchLevel)}</span>
                </td>
                <td className="hide-narrow">
                  {match.source}
                  {match.programs.length > 0 && <div className="muted small">{match.programs.join(', ')}</div>}
                </td>
                <td className="hide-narrow">{match.checklist.hits.map((feed) => screeningWords(t, 'feed', feed)).join(', ') || '—'}</td>
                <td>
                  <StatusBadge value={match.reviewStatus} />
                  {(match.automaticDisposition || match.dispositionHint) && <div className="muted small">{t('screening.annotated')}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MatchDetail key={selected.id} search={search} match={selected} invalidate={invalidate} />
    </>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h3 id={id} className="panel-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function MatchDetail({ search, match, invalidate }: { search: Search; match: Match; invalidate: string[] }) {
  const { t, formatNumber } = useI18n();
  const info = match.matchScoreInfo;
  const score = (value: number) => formatNumber(value, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  return (
    <article className="match-detail" aria-labelledby={`match-${match.id}`} data-testid="match-detail">
      <header className="match-head">
        <div>
          <h2 id={`match-${match.id}`}>{match.listedName}</h2>
          <p className="muted">
            {t('screening.matchOf', { rank: match.rank + 1, count: search.matches.length })} ·{' '}
            {screeningWords(t, 'entityType', match.entityType)} · <span className="mono">{match.sourceId}</span>
          </p>
        </div>
        <StatusBadge value={match.reviewStatus} />
      </header>
      <div className="score match-score">
        <meter min={0} max={1} value={match.score} low={info.threshold} optimum={1} aria-label={t('screening.score')} />
        <span>
          {t('screening.scoreLine', {
            score: score(match.score),
            threshold: score(info.threshold),
            level: screeningWords(t, 'level', match.criteriaMatchLevel),
          })}
        </span>
      </div>
      <p className="explain-summary" data-testid="match-summary">
        {summaryOf(t, match, score)}
      </p>
      <div className="detail-grid">
        <Section title={t('screening.whyTitle')} id={`why-${match.id}`}>
          <p className="muted small">
            {t('screening.compared', {
              query: info.query,
              name: info.bestName.value,
              kind: screeningWords(t, 'nameKind', info.bestName.kind),
            })}
          </p>
          <TokenTable match={match} />
          {info.caps.length > 0 && (
            <>
              <h4 className="panel-subtitle">{t('screening.caps')}</h4>
              <ul className="plain-list">
                {info.caps.map((cap) => (
                  <li key={cap}>{cap}</li>
                ))}
              </ul>
            </>
          )}
          <dl className="fields">
            <Row label={t('screening.nameScore')}>{score(info.bestName.score)}</Row>
            <Row label={t('screening.phonetic')}>{score(info.phoneticAgreement)}</Row>
          </dl>
        </Section>
        <Section title={t('screening.factsTitle')} id={`facts-${match.id}`}>
          <Facts search={search} match={match} />
        </Section>
        <Section title={t('screening.listTitle')} id={`list-${match.id}`}>
          <ListAndSources search={search} match={match} />
        </Section>
        <Section title={t('screening.namesTitle')} id={`names-${match.id}`}>
          <Names match={match} />
        </Section>
        {(match.articleCount > 0 || match.checklist.hits.includes('News')) && (
          <div className="panel-wide">
            <Section title={t('media.title', { count: match.articleCount })} id={`media-${match.id}`}>
              <Articles match={match} />
            </Section>
          </div>
        )}
        {(match.automaticDisposition || match.dispositionHint) && (
          <div className="panel-wide">
            <Section title={t('disposition.title')} id={`disposition-${match.id}`}>
              {match.automaticDisposition && <Annotation annotation={match.automaticDisposition} full />}
              {match.dispositionHint && <Annotation annotation={match.dispositionHint} full={false} />}
            </Section>
          </div>
        )}
        <div className="panel-wide">
          <Section title={t('screening.reviewTitle')} id={`review-${match.id}`}>
            <Review search={search} match={match} invalidate={invalidate} />
          </Section>
        </div>
      </div>
    </article>
  );
}

/** One sentence an analyst reads first: how many words met, how, and what else moved the score. */
function summaryOf(t: Translate, match: Match, score: (value: number) => string): string {
  const info = match.matchScoreInfo;
  const pairs = info.tokenAlignment;
  const exact = pairs.filter((pair) => pair.how === 'exact').length;
  const parts = [
    t('screening.summaryWords', { met: pairs.length, total: pairs.length + info.unmatchedQueryTokens.length, exact }),
    info.unmatchedQueryTokens.length ? t('screening.summaryMissing', { words: info.unmatchedQueryTokens.join(', ') }) : '',
    ...info.adjustments
      .filter((adjustment) => adjustment.delta !== 0)
      .map((adjustment) =>
        t('screening.summaryAdjustment', {
          feature: screeningWords(t, 'feature', adjustment.feature),
          outcome: outcomeWords(t, adjustment.feature, adjustment.outcome),
          delta: signed(adjustment.delta),
        }),
      ),
    t('screening.summaryFinal', { score: score(match.score) }),
  ];
  return parts.filter(Boolean).join(' ');
}

function signed(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(2)}`;
}

function outcomeWords(t: Translate, feature: string, outcome: string): string {
  return screeningWords(t, `outcome.${feature}`, outcome);
}

function TokenTable({ match }: { match: Match }) {
  const { t, formatNumber } = useI18n();
  const info = match.matchScoreInfo;
  const rows = [
    ...info.tokenAlignment.map((pair) => ({ query: pair.query, list: pair.list, how: pair.how, similarity: pair.similarity })),
    ...info.unmatchedQueryTokens.map((token) => ({ query: token, list: '', how: 'missing_list', similarity: null })),
    ...info.unmatchedListTokens.map((token) => ({ query: '', list: token, how: 'missing_query', similarity: null })),
  ];
  if (!rows.length) return <p className="muted">{t('screening.noTokens')}</p>;
  return (
    <table className="table compact token-table" data-testid="token-table">
      <caption className="sr-only">{t('screening.tokensCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('screening.queryWord')}</th>
          <th scope="col">{t('screening.listedWord')}</th>
          <th scope="col">{t('screening.how')}</th>
          <th scope="col">{t('screening.similarity')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} className={row.similarity === null ? 'row-missing' : undefined}>
            <td>{row.query || <span className="muted">—</span>}</td>
            <td>{row.list || <span className="muted">—</span>}</td>
            <td>
              <span className={`how how-${row.how}`}>{screeningWords(t, 'how', row.how)}</span>
            </td>
            <td className="mono">
              {row.similarity === null ? '—' : formatNumber(row.similarity, { maximumFractionDigits: 2, minimumFractionDigits: 2 })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The query's date of birth, country, type and identifiers against the listing, with what each did to the score and
 * whether it agrees (in words). */
function Facts({ search, match }: { search: Search; match: Match }) {
  const { t, formatDate } = useI18n();
  const adjustments = match.matchScoreInfo.adjustments;
  const byFeature = (feature: string) => adjustments.find((adjustment) => adjustment.feature === feature);
  const dates = match.entity.datesOfBirth.map((date) =>
    date.kind === 'range'
      ? `${date.from ?? '?'} – ${date.to ?? '?'}`
      : date.kind === 'full' && date.value
        ? formatDate(date.value, 'date')
        : (date.value ?? ''),
  );
  const countries = [...new Set([...match.entity.nationalities, ...match.entity.countries])];
  const agreement = match.matchScoreInfo.agreement;
  const agreementOf = (feature: string) =>
    feature === 'birth_date'
      ? agreement.birthDate
      : feature === 'country'
        ? agreement.country
        : feature === 'identifier'
          ? agreement.identifier
          : undefined;
  const line = (feature: string, queried: string | null | undefined, listed: string) => {
    const adjustment = byFeature(feature);
    return (
      <>
        <div>
          {t('screening.searched')}: <strong>{queried || t('screening.notGiven')}</strong> · {t('screening.listed')}:{' '}
          <strong>{listed || t('screening.notListed')}</strong> <AgreementBadge outcome={agreementOf(feature)} />
        </div>
        <div className="muted small">
          {adjustment
            ? `${outcomeWords(t, feature, adjustment.outcome)} (${adjustment.delta === 0 ? t('screening.noEffect') : signed(adjustment.delta)})`
            : queried
              ? t('screening.notCompared')
              : t('screening.notComparedNoInput')}
        </div>
      </>
    );
  };
  const identifier = byFeature('identifier');
  return (
    <dl className="fields" data-testid="facts">
      <Row label={t('feature.birth_date')}>
        {line(
          'birth_date',
          search.dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(search.dateOfBirth)
            ? formatDate(search.dateOfBirth, 'date')
            : search.dateOfBirth,
          dates.join(', '),
        )}
      </Row>
      <Row label={t('feature.country')}>{line('country', search.country, countries.join(', '))}</Row>
      <Row label={t('feature.type')}>
        {line('type', search.type ? screeningWords(t, 'queryType', search.type) : null, screeningWords(t, 'entityType', match.entityType))}
      </Row>
      <Row label={t('screening.identifiers')}>
        {search.identifiers.length ? (
          <>
            <div>
              {t('screening.searched')}:{' '}
              <strong>
                {search.identifiers
                  .map(
                    (entry) =>
                      `${entry.kind ? t(`identifierKind.${entry.kind}`) : t('screening.identifierAnyKind')} ${entry.maskedValue}${entry.country ? ` (${entry.country})` : ''}`,
                  )
                  .join(', ')}
              </strong>{' '}
              <AgreementBadge outcome={agreement.identifier} />
            </div>
            <div className="muted small" data-testid="identifier-detail">
              {identifier
                ? `${outcomeWords(t, 'identifier', identifier.outcome)} (${identifier.delta === 0 ? t('screening.noEffect') : signed(identifier.delta)})${identifier.outcome === 'unknown' ? '' : `: ${identifier.detail}`}`
                : t('screening.notCompared')}
            </div>
          </>
        ) : (
          <span className="muted small">{t('screening.identifiersNotCompared')}</span>
        )}
      </Row>
      {match.entity.listedOn && <Row label={t('screening.listedOn')}>{formatDate(match.entity.listedOn, 'date')}</Row>}
    </dl>
  );
}

function ListAndSources({ search, match }: { search: Search; match: Match }) {
  const { t, formatDate } = useI18n();
  const version = search.listVersions.find((entry) => entry.source === match.source);
  return (
    <>
      <dl className="fields">
        <Row label={t('screening.list')}>
          <span className="mono">{match.source}</span>
        </Row>
        <Row label={t('screening.version')}>
          {version ? (
            <>
              {version.seq !== null ? t('screening.versionSeq', { seq: version.seq }) : ''}{' '}
              {version.label && <span className="muted">{version.label}</span>}
            </>
          ) : (
            '—'
          )}
        </Row>
        <Row label={t('screening.programmes')}>{match.programs.join(', ') || '—'}</Row>
        <Row label={t('screening.feeds')}>{match.feeds.map((feed) => screeningWords(t, 'feed', feed)).join(', ')}</Row>
        <Row label={t('screening.searchedAt')}>{formatDate(search.createdAt)}</Row>
      </dl>
      {match.sourceDetails.map((detail, index) => (
        <div key={index} className="source-detail">
          <p>{detail.description}</p>
          {detail.inferenceContext && <p className="muted small">{detail.inferenceContext}</p>}
          {detail.urls.length > 0 && (
            <ul className="plain-list">
              {detail.urls.map((url) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noopener noreferrer" className="break">
                    {url}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}

function Names({ match }: { match: Match }) {
  const { t, formatNumber } = useI18n();
  const names = [
    { value: match.name.value, kind: 'primary', score: match.name.matchScore, level: match.name.criteriaMatchLevel, best: false },
    ...match.aliases.map((alias) => ({
      value: alias.value,
      kind: alias.kind,
      score: alias.matchScore,
      level: alias.criteriaMatchLevel,
      best: !!alias.matchedQuery,
    })),
  ];
  const shown = names.slice(0, 12);
  return (
    <>
      <ul className="plain-list names-list">
        {shown.map((name, index) => (
          <li key={index}>
            <span className={name.value === match.matchedName ? 'strong' : undefined}>{name.value}</span>{' '}
            <span className="muted small">
              {screeningWords(t, 'nameKind', name.kind)} ·{' '}
              {formatNumber(name.score, { maximumFractionDigits: 2, minimumFractionDigits: 2 })} · {screeningWords(t, 'level', name.level)}
              {name.value === match.matchedName ? ` · ${t('screening.bestName')}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {names.length > shown.length && <p className="muted small">{t('screening.moreNames', { count: names.length - shown.length })}</p>}
    </>
  );
}

/** The articles behind a News match: headline (a plain link), date, publisher, categories and the
 * sentence that mentions the name, the phrase that set the category marked. */
function Articles({ match }: { match: Match }) {
  const { t, formatDate } = useI18n();
  if (!match.articles.length) return <Empty title={t('media.none')} />;
  return (
    <>
      <ul className="articles" data-testid="articles">
        {match.articles.map((article) => (
          <li key={article.url} className="article">
            <a href={article.url} target="_blank" rel="noopener noreferrer" className="article-title">
              {article.title}
            </a>
            <p className="muted small">
              {article.publishedAt ? (
                <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, 'date')}</time>
              ) : (
                t('media.undated')
              )}
              {article.source ? ` · ${article.source}` : ''}
              {article.language ? ` · ${article.language}` : ''}
            </p>
            <p className="chips">
              {article.categories.map((category) => (
                <span key={category} className="badge badge-warn">
                  {screeningWords(t, 'category', category)}
                </span>
              ))}
            </p>
            {article.evidence.length ? (
              article.evidence.map((evidence, index) => (
                <blockquote key={index} className="evidence">
                  <Highlighted sentence={evidence.sentence} phrase={evidence.phrase} />
                  <footer className="muted small">
                    {t('media.because', { category: screeningWords(t, 'category', evidence.category), phrase: evidence.phrase })}
                  </footer>
                </blockquote>
              ))
            ) : (
              <blockquote className="evidence">{article.snippet}</blockquote>
            )}
          </li>
        ))}
      </ul>
      {match.articleCount > match.articles.length && (
        <p className="muted small">{t('media.more', { shown: match.articles.length, count: match.articleCount })}</p>
      )}
    </>
  );
}

function Highlighted({ sentence, phrase }: { sentence: string; phrase: string }) {
  const at = phrase ? sentence.toLowerCase().indexOf(phrase.toLowerCase()) : -1;
  if (at < 0) return <>{sentence}</>;
  return (
    <>
      {sentence.slice(0, at)}
      <mark>{sentence.slice(at, at + phrase.length)}</mark>
      {sentence.slice(at + phrase.length)}
    </>
  );
}

function Annotation({ annotation, full }: { annotation: DispositionAnnotationDetailFragment; full: boolean }) {
  const { t, formatNumber } = useI18n();
  return (
    <div className="annotation" data-testid="annotation">
      <p>
        <strong>{full ? t('disposition.automatic') : t('disposition.hint')}</strong>{' '}
        {t('disposition.predicts', {
          prediction: screeningWords(t, 'prediction', annotation.prediction),
          confidence: formatNumber(annotation.confidence, { style: 'percent', maximumFractionDigits: 0 }),
        })}
      </p>
      <p>{annotation.rationale}</p>
      {annotation.analysisStatus === 'failed' && (
        <p className="error-text">
          {t('disposition.failed')} {annotation.error ? `${annotation.error.message} (${annotation.error.code})` : ''}
        </p>
      )}
      {annotation.riskFlags.length > 0 && (
        <p className="muted small">
          {t('disposition.riskFlags')}: {annotation.riskFlags.join(', ')}
        </p>
      )}
      {annotation.scoreSummary.length > 0 && (
        <dl className="fields">
          {annotation.scoreSummary.map((item) => (
            <Row key={item.field} label={screeningWords(t, 'weighed', item.field)}>
              {signed(item.weight)} {item.weight > 0 ? t('disposition.forListed') : item.weight < 0 ? t('disposition.againstListed') : ''}
            </Row>
          ))}
        </dl>
      )}
    </div>
  );
}

const REVIEW_CHOICES: MatchReviewStatus[] = ['true_positive', 'false_positive', 'unresolved'];

function Review({ search, match, invalidate }: { search: Search; match: Match; invalidate: string[] }) {
  const { t, formatDate } = useI18n();
  const role = useConsoleSession().data?.role;
  const [status, setStatus] = useState<MatchReviewStatus | ''>('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState(false);
  const review = useGraphQLMutation(ReviewScreeningMatchDocument, invalidate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status || !note.trim()) return;
    review.mutate({ id: match.id, input: { reviewStatus: status, note: note.trim() } }, { onSuccess: () => setDone(true) });
  };
  const choices = REVIEW_CHOICES.filter((choice) => choice !== match.reviewStatus);
  return (
    <>
      <dl className="fields">
        <Row label={t('screening.reviewStatus')}>
          <StatusBadge value={match.reviewStatus} />
          {match.reviewedAt && (
            <span className="muted small">
              {' '}
              {t('screening.reviewedBy', { who: match.reviewedBy ?? '—', when: formatDate(match.reviewedAt) })}
            </span>
          )}
        </Row>
        {match.previouslyCleared && (
          <Row label={t('screening.previouslyCleared')}>
            {t('screening.previouslyClearedText', {
              who: match.previouslyCleared.clearedBy,
              when: formatDate(match.previouslyCleared.clearedAt),
            })}
          </Row>
        )}
      </dl>
      {match.reviewHistory.length > 0 && (
        <ol className="timeline" data-testid="review-history">
          {[...match.reviewHistory].reverse().map((change) => (
            <li key={change.id}>
              <time dateTime={change.createdAt}>{formatDate(change.createdAt)}</time>
              <span>
                {screeningWords(t, 'status', change.fromStatus)} → <strong>{screeningWords(t, 'status', change.toStatus)}</strong>
              </span>
              <span className="muted">
                {change.actorName ?? change.actorId}
                {change.note ? ` · ${change.note}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
      {!roleAtLeast(role, 'reviewer') ? (
        <p className="muted small">{t('screening.reviewNeedsRole')}</p>
      ) : done ? (
        <div className="alert alert-success" role="status">
          <p>{t('screening.reviewRecorded')}</p>
          <button type="button" className="button" onClick={() => (setDone(false), setStatus(''), setNote(''))}>
            {t('screening.reviewAgain')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} className="decision-form" aria-label={t('screening.reviewTitle')}>
          <fieldset>
            <legend>{t('screening.reviewChoose')}</legend>
            <div className="segmented">
              {choices.map((choice) => (
                <label key={choice} className={status === choice ? `segment selected segment-${choice}` : 'segment'}>
                  <input
                    type="radio"
                    name={`review-${match.id}`}
                    value={choice}
                    checked={status === choice}
                    onChange={() => setStatus(choice)}
                    required
                  />
                  {t(`screening.choice.${choice}` as MessageKey)}
                </label>
              ))}
            </div>
          </fieldset>
          {status === 'false_positive' && (
            <p className="hint">{search.profileId ? t('screening.clearHintProfile') : t('screening.clearHintNoProfile')}</p>
          )}
          <div className="field">
            <label htmlFor={`review-note-${match.id}`}>{t('screening.reason')}</label>
            <textarea
              id={`review-note-${match.id}`}
              rows={3}
              required
              maxLength={4000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {review.isError && (
            <p role="alert" className="error-text">
              {review.error.message}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={review.isPending || !status || !note.trim()}>
            {t('screening.saveReview')}
          </button>
        </form>
      )}
    </>
  );
}
