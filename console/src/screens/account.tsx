// The account: who is signed in, in which workspaces with which role, and when the session ends.
// Password and TOTP management follow the access subgraph's account mutations (see docs/console.md).
import { useSearchParams } from 'wouter';
import { useConsoleSession } from '../api/queries';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { ErrorState, Loading, PageHeader } from '../ui/states';

export default function AccountPage() {
  const { t, formatDate } = useI18n();
  useTitle(t('account.title'));
  const [params] = useSearchParams();
  const session = useConsoleSession();
  if (session.isPending) return <Loading />;
  if (session.isError || !session.data) return <ErrorState error={session.error} />;
  const { user, workspaces, expiresAt, idleExpiresAt } = session.data;
  return (
    <>
      <PageHeader title={t('account.title')} subtitle={user.email} />
      {params.get('setup') === '1' && (
        <p className="alert alert-info" role="status">
          {t('account.setupHint')}
        </p>
      )}
      <div className="detail-grid">
        <section className="panel" aria-labelledby="account-user">
          <h2 id="account-user" className="panel-title">
            {t('account.you')}
          </h2>
          <dl className="fields">
            <div className="field-row">
              <dt>{t('account.name')}</dt>
              <dd>{user.name ?? '—'}</dd>
            </div>
            <div className="field-row">
              <dt>{t('signIn.email')}</dt>
              <dd>{user.email}</dd>
            </div>
            <div className="field-row">
              <dt>{t('account.totp')}</dt>
              <dd>{user.totpEnabled ? t('account.totpOn') : t('account.totpOff')}</dd>
            </div>
            <div className="field-row">
              <dt>{t('account.expires')}</dt>
              <dd>
                {formatDate(expiresAt)} ({t('account.idle', { time: formatDate(idleExpiresAt) })})
              </dd>
            </div>
          </dl>
        </section>
        <section className="panel" aria-labelledby="account-workspaces">
          <h2 id="account-workspaces" className="panel-title">
            {t('account.workspaces')}
          </h2>
          <ul className="activity">
            {workspaces.map((workspace) => (
              <li key={workspace.id}>
                <span>{workspace.name}</span>
                <span className="badge badge-neutral">{t(`role.${workspace.role}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
