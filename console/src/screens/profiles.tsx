// Profiles: newest first, searched (name, email, id, external reference) and filtered by status,
// group and creation date on the server, paged by cursor. Filters and page live in the URL.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { ProfileGroupsDocument, ProfilesDocument, ProfileStatus } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { DateRangeFilter } from '../ui/date-range-filter';
import { Icon } from '../ui/icons';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, PageHeader, QueryStates } from '../ui/states';
import { words } from '../ui/words';
import { FilterSelect } from '../ui/filter-select';

const STATUSES: ProfileStatus[] = ['not_screened', 'pending', 'clear', 'potential_match', 'confirmed_match', 'in_review', 'rejected'];
const PAGE_SIZE = 50;

export default function ProfilesPage() {
  const { t, formatDate } = useI18n();
  useTitle(t('nav.profiles'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const group = params.get('group') ?? '';
  const status = params.get('status') ?? '';
  const text = params.get('q') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  // The field updates at once; the URL (and with it the query) once typing pauses.
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  const groups = useGraphQLQuery(ProfileGroupsDocument, {});
  const query = useGraphQLQuery(ProfilesDocument, {
    first: PAGE_SIZE,
    after: page.after,
    profileGroupIds: group ? [group] : undefined,
    search: text.trim() || undefined,
    statuses: status ? [status as ProfileStatus] : undefined,
    createdFrom: from ? `${from}T00:00:00.000Z` : undefined,
    createdTo: to ? `${to}T23:59:59.999Z` : undefined,
  });
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const rows = query.data?.profiles.nodes ?? [];
  const filtered = Boolean(text.trim() || status || group || from || to);
  useEffect(() => {
    if (draft === text) return;
    const timer = setTimeout(() => update({ q: draft || undefined, after: undefined, prev: undefined }), 300);
    return () => clearTimeout(timer);
  });
  const groupName = new Map((groups.data?.profileGroups.nodes ?? []).map((entry) => [entry.id, entry.name]));

  return (
    <>
      <PageHeader title={t('profiles.title')} subtitle={t('profiles.subtitle')} />
      <div className="toolbar" role="search">
        <label className="input-icon">
          <Icon name="search" />
          <span className="sr-only">{t('profiles.search')}</span>
          <input
            type="search"
            data-search
            placeholder={t('profiles.searchPlaceholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <FilterSelect
          label={t('profiles.status')}
          anyLabel={t('profiles.anyStatus')}
          value={status}
          options={STATUSES.map((value) => ({ value, label: words(t, 'status', value) }))}
          onChange={(value) => update({ status: value, after: undefined, prev: undefined })}
        />
        <FilterSelect
          label={t('profiles.group')}
          anyLabel={t('profiles.anyGroup')}
          value={group}
          options={(groups.data?.profileGroups.nodes ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
          onChange={(value) => update({ group: value, after: undefined, prev: undefined })}
        />
        <DateRangeFilter
          fromLabel={t('profiles.createdFrom')}
          toLabel={t('profiles.createdTo')}
          from={from}
          to={to}
          onChange={(range) => update({ from: range.from, to: range.to, after: undefined, prev: undefined })}
        />
      </div>
      <QueryStates
        query={query}
        isEmpty={rows.length === 0}
        empty={<Empty title={filtered ? t('profiles.noMatch') : t('profiles.empty')} />}
      >
        {() => (
          <div className="table-wrap" ref={table}>
            <table className="table">
              <caption className="sr-only">{t('profiles.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('profiles.name')}</th>
                  <th scope="col">{t('profiles.status')}</th>
                  <th scope="col" className="hide-narrow">
                    {t('profiles.kind')}
                  </th>
                  <th scope="col" className="hide-narrow">
                    {t('profiles.groups')}
                  </th>
                  <th scope="col" className="hide-narrow">
                    {t('profiles.updated')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((profile) => (
                  <tr key={profile.id}>
                    <td>
                      <Link href={`/profiles/${profile.id}`} data-row-link className="row-link">
                        {profile.name}
                      </Link>
                      <div className="muted small mono">{profile.email ?? profile.id}</div>
                    </td>
                    <td>
                      <StatusBadge value={profile.status} />
                    </td>
                    <td className="hide-narrow">{profile.kind}</td>
                    <td className="hide-narrow">{profile.profileGroupIds.map((id) => groupName.get(id) ?? id).join(', ') || '—'}</td>
                    <td className="hide-narrow">
                      <time dateTime={profile.updatedAt}>{formatDate(profile.updatedAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
      {query.data && (
        <Pager
          page={page}
          hasNext={query.data.profiles.pageInfo.hasNextPage}
          endCursor={query.data.profiles.pageInfo.endCursor}
          total={query.data.profiles.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined })}
        />
      )}
    </>
  );
}
