// A table of sessions (review queue, sessions list): the profile, the statuses, waiting time.
import { useRef } from 'react';
import { Link } from 'wouter';
import type { SessionRowFragment } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from './badges';
import { useRowNavigation } from './keys';
import { words } from './words';

export function SessionTable({ rows, hrefBase, caption }: { rows: SessionRowFragment[]; hrefBase: string; caption: string }) {
  const { t, formatDate, formatRelative } = useI18n();
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  return (
    <div className="table-wrap" ref={table}>
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sessions.profile')}</th>
            <th scope="col">{t('sessions.review')}</th>
            <th scope="col" className="hide-narrow">
              {t('sessions.flow')}
            </th>
            <th scope="col" className="hide-narrow">
              {t('sessions.flags')}
            </th>
            <th scope="col">{t('sessions.submitted')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((session) => (
            <tr key={session.id}>
              <td>
                <Link href={`${hrefBase}/${session.id}`} data-row-link className="row-link">
                  {session.profile.name}
                </Link>
                <div className="muted small mono">{session.id}</div>
              </td>
              <td>
                <StatusBadge value={session.reviewStatus} />
              </td>
              <td className="hide-narrow">
                <StatusBadge value={session.status} />
              </td>
              <td className="hide-narrow">{session.flagCategories.map((category) => words(t, 'kind', category)).join(', ') || '—'}</td>
              <td>
                {session.submittedAt ? (
                  <time dateTime={session.submittedAt} title={formatDate(session.submittedAt)}>
                    {formatRelative(session.submittedAt)}
                  </time>
                ) : (
                  <span className="muted">{t('sessions.notSubmitted')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
