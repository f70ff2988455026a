// The rows of the audit trail, shared by the workspace audit log (/console/audit) and the panel on
// an object's page (AuditTrail): each row opens to its details (the detail object, request id and
// chain hash) with a disclosure button, so keyboard and screen reader users reach them too.
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import type { AuditRowFragment } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { Icon } from './icons';

export function AuditTable({ rows, caption, compact = false }: { rows: AuditRowFragment[]; caption: string; compact?: boolean }) {
  const { t, formatDate } = useI18n();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="table-wrap">
      <table className="table audit-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.actor')}</th>
            {!compact && (
              <th scope="col" className="hide-narrow">
                {t('audit.object')}
              </th>
            )}
            <th scope="col" className="hide-narrow">
              {t('audit.address')}
            </th>
            <th scope="col">{t('audit.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => {
            const expanded = open.has(entry.id);
            const detailsId = `audit-detail-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <tr>
                  <td>
                    <button
                      type="button"
                      className="disclosure"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      data-row-link
                      onClick={() => toggle(entry.id)}
                    >
                      <Icon name={expanded ? 'chevronDown' : 'chevronRight'} />
                      <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
                    </button>
                    <div className="muted small">#{entry.sequence}</div>
                  </td>
                  <td className="mono small">{entry.action}</td>
                  <td>
                    <span className="small">{t(`audit.actorKind.${entry.actorKind}`)}</span>
                    <div className="muted small mono audit-id">{entry.actorId}</div>
                  </td>
                  {!compact && (
                    <td className="hide-narrow">
                      <span className="small mono">{entry.objectType}</span>
                      <div className="muted small mono audit-id">{entry.objectId}</div>
                    </td>
                  )}
                  <td className="hide-narrow mono small">{entry.clientAddress ?? '—'}</td>
                  <td>
                    <span className={`badge ${entry.outcome === 'succeeded' || entry.outcome === 'allowed' ? 'badge-good' : 'badge-warn'}`}>
                      {t(`audit.outcome.${entry.outcome}`)}
                    </span>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsId} className="audit-details">
                    <td colSpan={compact ? 5 : 6}>
                      <dl className="audit-dl">
                        <dt>{t('audit.object')}</dt>
                        <dd className="mono">
                          {entry.objectType} {entry.objectId}
                        </dd>
                        <dt>{t('audit.address')}</dt>
                        <dd className="mono">{entry.clientAddress ?? '—'}</dd>
                        {entry.profileId && (
                          <>
                            <dt>{t('audit.profile')}</dt>
                            <dd>
                              <Link href={`/profiles/${entry.profileId}`} className="mono">
                                {entry.profileId}
                              </Link>
                            </dd>
                          </>
                        )}
                        <dt>{t('audit.requestId')}</dt>
                        <dd className="mono">{entry.requestId ?? '—'}</dd>
                        <dt>{t('audit.hash')}</dt>
                        <dd className="mono audit-id">{entry.entryHash}</dd>
                        {entry.personalDataErased && (
                          <>
                            <dt>{t('audit.personal')}</dt>
                            <dd>{t('audit.personalErased')}</dd>
                          </>
                        )}
                      </dl>
                      <pre className="audit-json" tabIndex={0} aria-label={t('audit.detail')}>
                        {JSON.stringify(entry.detail, null, 2)}
                      </pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
