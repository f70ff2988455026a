// The account: who is signed in, the password (set after a sign-in link, or changed), the
// authenticator app (enrol with the otpauth URI or the secret typed in, confirm with a code; or turn
// it off), and the workspaces with the role in each.
import { FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { SESSION_KEY, useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  AccountDocument,
  AccountQuery,
  ChangePasswordDocument,
  ConfirmTotpEnrolmentDocument,
  DisableTotpDocument,
  StartTotpEnrolmentDocument,
  StartTotpEnrolmentMutation,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { ErrorState, Loading, PageHeader } from '../ui/states';

type User = NonNullable<AccountQuery['viewer']['user']>;

export default function AccountPage() {
  const { t, formatDate } = useI18n();
  useTitle(t('account.title'));
  const [params] = useSearchParams();
  const session = useConsoleSession();
  const account = useGraphQLQuery(AccountDocument, {});
  if (session.isPending || account.isPending) return <Loading />;
  if (session.isError || !session.data) return <ErrorState error={session.error} />;
  if (account.isError) return <ErrorState error={account.error} retry={() => void account.refetch()} />;
  const user = account.data.viewer.user;
  const { workspaces, expiresAt, idleExpiresAt } = session.data;
  return (
    <>
      <PageHeader title={t('account.title')} subtitle={session.data.user.email} />
      {params.get('setup') === '1' && user && !user.hasPassword && (
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
              <dd>{session.data.user.name || '—'}</dd>
            </div>
            <div className="field-row">
              <dt>{t('signIn.email')}</dt>
              <dd>{session.data.user.email}</dd>
            </div>
            <div className="field-row">
              <dt>{t('account.expires')}</dt>
              <dd>
                {formatDate(expiresAt)} ({t('account.idle', { time: formatDate(idleExpiresAt) })})
              </dd>
            </div>
          </dl>
          <h3 className="panel-subtitle">{t('account.workspaces')}</h3>
          <ul className="activity">
            {workspaces.map((workspace) => (
              <li key={workspace.id}>
                <span>{workspace.name}</span>
                <span className="badge badge-neutral">{t(`role.${workspace.role}`)}</span>
              </li>
            ))}
          </ul>
        </section>
        {user && <PasswordPanel user={user} />}
        {user && <TotpPanel user={user} />}
      </div>
    </>
  );
}

function PasswordPanel({ user }: { user: User }) {
  const { t } = useI18n();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [saved, setSaved] = useState(false);
  const change = useGraphQLMutation(ChangePasswordDocument, ['Account']);
  const mismatch = repeat.length > 0 && next !== repeat;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch || next.length < 12) return;
    setSaved(false);
    change.mutate(
      { input: { newPassword: next, ...(user.hasPassword ? { currentPassword: current } : {}) } },
      {
        onSuccess: () => {
          setSaved(true);
          setCurrent('');
          setNext('');
          setRepeat('');
        },
      },
    );
  };
  return (
    <section className="panel" aria-labelledby="account-password">
      <h2 id="account-password" className="panel-title">
        {user.hasPassword ? t('account.changePassword') : t('account.setPassword')}
      </h2>
      <form onSubmit={submit} className="narrow-form">
        {user.hasPassword && (
          <div className="field">
            <label htmlFor="password-current">{t('account.currentPassword')}</label>
            <input
              id="password-current"
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor="password-new">{t('account.newPassword')}</label>
          <input
            id="password-new"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            maxLength={200}
            aria-describedby="password-new-hint"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <p id="password-new-hint" className="hint">
            {t('account.passwordHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="password-repeat">{t('account.repeatPassword')}</label>
          <input
            id="password-repeat"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={mismatch}
            aria-describedby={mismatch ? 'password-repeat-error' : undefined}
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
          {mismatch && (
            <p id="password-repeat-error" className="error-text">
              {t('account.passwordsDiffer')}
            </p>
          )}
        </div>
        {change.isError && (
          <p role="alert" className="error-text">
            {change.error.message}
          </p>
        )}
        {saved && (
          <p role="status" className="alert alert-success">
            {t('account.passwordSaved')}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={change.isPending || mismatch || next.length < 12}>
          {user.hasPassword ? t('account.changePassword') : t('account.setPassword')}
        </button>
      </form>
    </section>
  );
}

function TotpPanel({ user }: { user: User }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [enrolment, setEnrolment] = useState<StartTotpEnrolmentMutation['startTotpEnrolment'] | null>(null);
  const [code, setCode] = useState('');
  const start = useGraphQLMutation(StartTotpEnrolmentDocument);
  const confirm = useGraphQLMutation(ConfirmTotpEnrolmentDocument, ['Account']);
  const disable = useGraphQLMutation(DisableTotpDocument, ['Account']);
  const error = start.error ?? confirm.error ?? disable.error;
  const done = () => {
    setEnrolment(null);
    setCode('');
    void client.invalidateQueries({ queryKey: SESSION_KEY });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const input = { code: code.replace(/\s/g, '') };
    if (user.totpEnabled) disable.mutate({ input }, { onSuccess: done });
    else confirm.mutate({ input }, { onSuccess: done });
  };
  return (
    <section className="panel" aria-labelledby="account-totp">
      <h2 id="account-totp" className="panel-title">
        {t('account.totp')}
      </h2>
      <p className="muted">{user.totpEnabled ? t('account.totpOnHint') : t('account.totpOffHint')}</p>
      {!user.totpEnabled && !enrolment && (
        <button
          type="button"
          className="button"
          disabled={start.isPending || !user.hasPassword}
          onClick={() => start.mutate({}, { onSuccess: (result) => setEnrolment(result.startTotpEnrolment) })}
        >
          {t('account.totpStart')}
        </button>
      )}
      {!user.totpEnabled && !user.hasPassword && <p className="hint">{t('account.totpNeedsPassword')}</p>}
      {enrolment && (
        <div className="enrolment">
          <p>{t('account.totpScan')}</p>
          <dl className="fields">
            <div className="field-row">
              <dt>{t('account.totpSecret')}</dt>
              <dd className="mono selectable">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</dd>
            </div>
            <div className="field-row">
              <dt>{t('account.totpUri')}</dt>
              <dd className="mono selectable">{enrolment.otpauthUri}</dd>
            </div>
          </dl>
        </div>
      )}
      {(enrolment || user.totpEnabled) && (
        <form onSubmit={submitCode} className="narrow-form">
          <div className="field">
            <label htmlFor="totp-code">{user.totpEnabled ? t('account.totpDisableCode') : t('account.totpConfirmCode')}</label>
            <input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,8}"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={confirm.isPending || disable.isPending}>
            {user.totpEnabled ? t('account.totpDisable') : t('account.totpConfirm')}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error.message}
        </p>
      )}
    </section>
  );
}
