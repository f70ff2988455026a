// Monitoring settings: the workspace default frequencies and each profile group's overrides (a feed
// a group does not override follows the default). Admins edit; every other role reads.
import { FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  MonitoringFrequency,
  MonitoringSettingsDocument,
  MonitoringSettingsQuery,
  UpdateProfileGroupMonitoringDocument,
  UpdateWorkspaceMonitoringDefaultDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { codeWords } from '../ui/code-words';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';

type Feed = 'sanctions' | 'pep' | 'news';
const FEEDS: Feed[] = ['sanctions', 'pep', 'news'];
const PERIODIC: MonitoringFrequency[] = ['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'];
/** `deltas` is Sanctions only (the profiles domain refuses it elsewhere). */
const choicesFor = (feed: Feed): MonitoringFrequency[] => (feed === 'sanctions' ? ['deltas', ...PERIODIC] : PERIODIC);
const SETTINGS_QUERIES = ['MonitoringSettings'];
type Frequencies = Record<Feed, MonitoringFrequency | ''>;
type Group = MonitoringSettingsQuery['profileGroups']['nodes'][number];

export default function MonitoringSettingsPage() {
  const { t, formatDate } = useI18n();
  useTitle(t('monitoringSettings.title'));
  const admin = roleAtLeast(useConsoleSession().data?.role, 'admin');
  const query = useGraphQLQuery(MonitoringSettingsDocument, {});
  return (
    <>
      <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
        <Link href="/monitoring">{t('nav.monitoring')}</Link> <span aria-hidden="true">/</span> <span>{t('monitoringSettings.title')}</span>
      </nav>
      <PageHeader
        title={t('monitoringSettings.title')}
        subtitle={admin ? t('monitoringSettings.subtitle') : t('monitoringSettings.readOnly')}
      />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <div className="detail-grid">
          <section className="panel panel-wide" aria-labelledby="settings-default">
            <h2 id="settings-default" className="panel-title">
              {t('monitoringSettings.workspaceDefault')}
            </h2>
            <p className="muted small">
              {query.data.workspaceMonitoringDefault.customized
                ? t('monitoringSettings.savedAt', { when: formatDate(query.data.workspaceMonitoringDefault.updatedAt) })
                : t('monitoringSettings.builtIn')}
            </p>
            <DefaultForm current={query.data.workspaceMonitoringDefault.monitoringFeedFrequencies} editable={admin} />
          </section>
          <section className="panel panel-wide" aria-labelledby="settings-groups">
            <h2 id="settings-groups" className="panel-title">
              {t('monitoringSettings.groups')}
            </h2>
            {query.data.profileGroups.nodes.length === 0 ? (
              <Empty title={t('monitoringSettings.noGroups')} />
            ) : (
              query.data.profileGroups.nodes.map((group) => <GroupForm key={group.id} group={group} editable={admin} />)
            )}
          </section>
        </div>
      )}
    </>
  );
}

function FeedSelects({
  id,
  values,
  editable,
  inheritLabel,
  onChange,
}: {
  id: string;
  values: Frequencies;
  editable: boolean;
  inheritLabel?: (feed: Feed) => string;
  onChange: (feed: Feed, value: MonitoringFrequency | '') => void;
}) {
  const { t } = useI18n();
  return (
    <div className="toolbar">
      {FEEDS.map((feed) => (
        <div className="field" key={feed}>
          <label htmlFor={`${id}-${feed}`}>{t(`monitoringSettings.feed.${feed}`)}</label>
          <select
            id={`${id}-${feed}`}
            value={values[feed]}
            disabled={!editable}
            onChange={(event) => onChange(feed, event.target.value as MonitoringFrequency | '')}
          >
            {inheritLabel && <option value="">{inheritLabel(feed)}</option>}
            {choicesFor(feed).map((value) => (
              <option key={value} value={value}>
                {codeWords(t, 'frequency', value)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

function DefaultForm({ current, editable }: { current: Record<Feed, MonitoringFrequency>; editable: boolean }) {
  const { t } = useI18n();
  const [values, setValues] = useState<Frequencies>({ sanctions: current.sanctions, pep: current.pep, news: current.news });
  const save = useGraphQLMutation(UpdateWorkspaceMonitoringDefaultDocument, SETTINGS_QUERIES);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      input: { monitoringFeedFrequencies: { sanctions: values.sanctions || null, pep: values.pep || null, news: values.news || null } },
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('monitoringSettings.workspaceDefault')}>
      <FeedSelects id="default" values={values} editable={editable} onChange={(feed, value) => setValues({ ...values, [feed]: value })} />
      {editable && <SaveRow pending={save.isPending} error={save.error} saved={save.isSuccess} />}
    </form>
  );
}

function GroupForm({ group, editable }: { group: Group; editable: boolean }) {
  const { t } = useI18n();
  const own = group.monitoringFeedFrequencies;
  const [values, setValues] = useState<Frequencies>({ sanctions: own?.sanctions ?? '', pep: own?.pep ?? '', news: own?.news ?? '' });
  const save = useGraphQLMutation(UpdateProfileGroupMonitoringDocument, SETTINGS_QUERIES);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const overrides = FEEDS.some((feed) => values[feed])
      ? { sanctions: values.sanctions || null, pep: values.pep || null, news: values.news || null }
      : null;
    save.mutate({ id: group.id, input: { monitoringFeedFrequencies: overrides } });
  };
  return (
    <form onSubmit={submit} className="settings-group" aria-labelledby={`group-${group.id}`}>
      <h3 id={`group-${group.id}`} className="panel-subtitle">
        {group.name} <span className="muted small">{t('monitoringSettings.priority', { priority: group.priority })}</span>
      </h3>
      <FeedSelects
        id={`group-${group.id}`}
        values={values}
        editable={editable}
        inheritLabel={(feed) =>
          t('monitoringSettings.inherit', { value: codeWords(t, 'frequency', group.effectiveMonitoringFeedFrequencies[feed]) })
        }
        onChange={(feed, value) => setValues({ ...values, [feed]: value })}
      />
      {editable && <SaveRow pending={save.isPending} error={save.error} saved={save.isSuccess} />}
    </form>
  );
}

function SaveRow({ pending, error, saved }: { pending: boolean; error: Error | null; saved: boolean }) {
  const { t } = useI18n();
  return (
    <div className="action-group">
      <button type="submit" className="button button-primary" disabled={pending}>
        {t('monitoringSettings.save')}
      </button>
      <span aria-live="polite" className={error ? 'error-text' : 'muted'}>
        {error ? error.message : saved ? t('monitoringSettings.saved') : ''}
      </span>
    </div>
  );
}
