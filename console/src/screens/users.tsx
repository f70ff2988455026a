// The workspace's dashboard users (admins only): each member's role here (changed in place), status
// (active, invited, deactivated) and last sign-in; inviting a user (the one-time sign-in link is
// shown to copy, and whether the email went out) and deactivating one, each in a dialog. Paging
// (`after`, `prev`) and the open invite dialog (`invite=1`) live in the URL.
import { FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  ChangeDashboardUserRoleDocument,
  DashboardRole,
  DashboardUserRowFragment,
  DashboardUsersDocument,
  DeactivateDashboardUserDocument,
  InviteDashboardUserDocument,
  InviteDashboardUserMutation,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { Dialog } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, PageHeader, QueryStates } from '../ui/states';

const ROLES: DashboardRole[] = ['viewer', 'analyst', 'reviewer', 'admin'];

/** A confirmation of the last change (a role is put in words when shown). */
interface Notice {
  key: 'users.deactivated' | 'users.roleChanged';
  values: { name: string };
  role?: DashboardRole;
}
const STATUS_TONE = { active: 'good', invited: 'info', deactivated: 'neutral' } as const;

export default function UsersPage() {
  const { t } = useI18n();
  useTitle(t('users.title'));
  const session = useConsoleSession().data;
  const admin = roleAtLeast(session?.role, 'admin');
  return (
    <>
      {admin ? (
        <UsersList selfId={session?.user.id} />
      ) : (
        <>
          <PageHeader title={t('users.title')} />
          <Empty title={t('users.adminOnly')} />
        </>
      )}
    </>
  );
}

function UsersList({ selfId }: { selfId: string | undefined }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const inviting = params.get('invite') === '1';
  const query = useGraphQLQuery(DashboardUsersDocument, { first: 50, after: page.after });
  const [deactivating, setDeactivating] = useState<DashboardUserRowFragment | null>(null);
  // Kept as a key and its values, so the message follows a change of language.
  const [notice, setNotice] = useState<Notice | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          <button type="button" className="button button-primary" ref={inviteButton} onClick={() => setParam('invite', '1')}>
            <Icon name="user" /> {t('users.invite')}
          </button>
        }
      />
      <p aria-live="polite" className={notice ? 'alert alert-success' : 'sr-only'}>
        {notice && t(notice.key, { ...notice.values, ...(notice.role ? { role: t(`role.${notice.role}`) } : {}) })}
      </p>
      <QueryStates query={query} isEmpty={query.data?.dashboardUsers.nodes.length === 0} empty={<Empty title={t('users.empty')} />}>
        {(data) => (
          <>
            <UsersTable rows={data.dashboardUsers.nodes} selfId={selfId} onDeactivate={setDeactivating} onNotice={setNotice} />
            <Pager
              page={page}
              hasNext={data.dashboardUsers.pageInfo.hasNextPage}
              endCursor={data.dashboardUsers.pageInfo.endCursor}
              total={data.dashboardUsers.totalCount}
              shown={data.dashboardUsers.nodes.length}
              go={(after, previous) =>
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  if (after) next.set('after', after);
                  else next.delete('after');
                  if (previous.length) next.set('prev', previous.join(','));
                  else next.delete('prev');
                  return next;
                })
              }
            />
          </>
        )}
      </QueryStates>
      {inviting && <InviteDialog onClose={() => setParam('invite', undefined)} returnFocus={() => inviteButton.current} />}
      {deactivating && (
        <DeactivateDialog
          user={deactivating}
          returnFocus={() => document.querySelector<HTMLElement>(`[data-deactivate="${deactivating.id}"]`)}
          onClose={() => setDeactivating(null)}
          onDone={(user) => {
            setDeactivating(null);
            setNotice({ key: 'users.deactivated', values: { name: user.name } });
          }}
        />
      )}
    </>
  );
}

function UsersTable({
  rows,
  selfId,
  onDeactivate,
  onNotice,
}: {
  rows: DashboardUserRowFragment[];
  selfId: string | undefined;
  onDeactivate: (user: DashboardUserRowFragment) => void;
  onNotice: (notice: Notice | null) => void;
}) {
  const { t, formatDate, formatRelative } = useI18n();
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  const change = useGraphQLMutation(ChangeDashboardUserRoleDocument, ['DashboardUsers', 'WorkspaceReviewers']);
  const changeRole = (user: DashboardUserRowFragment, role: DashboardRole) => {
    onNotice(null);
    change.mutate(
      { input: { userId: user.id, role } },
      { onSuccess: () => onNotice({ key: 'users.roleChanged', values: { name: user.name }, role }) },
    );
  };
  return (
    <>
      {change.isError && (
        <p role="alert" className="alert alert-error">
          {change.error.message}
        </p>
      )}
      <div className="table-wrap" ref={table}>
        <table className="table users-table">
          <caption className="sr-only">{t('users.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('users.name')}</th>
              <th scope="col">{t('users.role')}</th>
              <th scope="col">{t('users.status')}</th>
              <th scope="col" className="hide-narrow">
                {t('users.lastSignIn')}
              </th>
              <th scope="col">
                <span className="sr-only">{t('users.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => {
              const deactivated = user.status === 'deactivated';
              return (
                <tr key={user.id} data-user={user.email}>
                  <th scope="row">
                    <span data-row-link tabIndex={-1}>
                      {user.name}
                    </span>
                    {user.id === selfId && <span className="badge badge-neutral">{t('users.you')}</span>}
                    <div className="muted small user-email">{user.email}</div>
                  </th>
                  <td>
                    <label>
                      <span className="sr-only">{t('users.roleOf', { name: user.name })}</span>
                      <select
                        value={user.role ?? 'viewer'}
                        disabled={deactivated || change.isPending}
                        onChange={(event) => changeRole(user, event.target.value as DashboardRole)}
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(`role.${role}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  </td>
                  <td>
                    <span className={`badge badge-${STATUS_TONE[user.status]}`}>{t(`users.status.${user.status}`)}</span>
                  </td>
                  <td className="hide-narrow">
                    {user.lastSignInAt ? (
                      <time dateTime={user.lastSignInAt} title={formatDate(user.lastSignInAt)}>
                        {formatRelative(user.lastSignInAt)}
                      </time>
                    ) : (
                      <span className="muted">{t('users.never')}</span>
                    )}
                  </td>
                  <td>
                    {!deactivated && user.id !== selfId && (
                      <button
                        type="button"
                        className="button button-danger-ghost"
                        data-deactivate={user.id}
                        onClick={() => onDeactivate(user)}
                      >
                        {t('users.deactivate')}
                        <span className="sr-only"> {user.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function InviteDialog({ onClose, returnFocus }: { onClose: () => void; returnFocus: () => HTMLElement | null }) {
  const { t } = useI18n();
  const invite = useGraphQLMutation(InviteDashboardUserDocument, ['DashboardUsers', 'WorkspaceReviewers']);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<DashboardRole>('analyst');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ input: { email: email.trim(), name: name.trim(), role } });
  };
  if (invite.data) return <InviteResult result={invite.data.inviteDashboardUser} onClose={onClose} returnFocus={returnFocus} />;
  return (
    <Dialog title={t('users.inviteTitle')} onClose={onClose} returnFocus={returnFocus}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="invite-email">{t('users.email')}</label>
          <input
            id="invite-email"
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-name">{t('users.name')}</label>
          <input
            id="invite-name"
            required
            maxLength={200}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">{t('users.role')}</label>
          <select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as DashboardRole)}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {t(`role.${option}`)}
              </option>
            ))}
          </select>
        </div>
        {invite.isError && (
          <p role="alert" className="error-text">
            {invite.error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('users.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={invite.isPending || !email.trim() || !name.trim()}>
            {t('users.sendInvite')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function InviteResult({
  result,
  onClose,
  returnFocus,
}: {
  result: InviteDashboardUserMutation['inviteDashboardUser'];
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}) {
  const { t, formatDate } = useI18n();
  const link = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.signInLink);
    } catch {
      // No clipboard API (an http origin other than localhost): select the text for Ctrl+C.
      link.current?.select();
      return;
    }
    setCopied(true);
  };
  const delivery = { sent: 'users.emailSent', not_configured: 'users.emailNotConfigured', failed: 'users.emailFailed' } as const;
  return (
    <Dialog
      title={t('users.invitedTitle', { name: result.user.name })}
      onClose={onClose}
      describedBy="invite-delivery"
      returnFocus={returnFocus}
    >
      <p id="invite-delivery" className={result.emailDelivery === 'sent' ? 'alert alert-success' : 'alert alert-info'} role="status">
        {t(delivery[result.emailDelivery], { email: result.user.email })}
      </p>
      <div className="field">
        <label htmlFor="invite-link">{t('users.link')}</label>
        <div className="copy-row">
          <input
            id="invite-link"
            ref={link}
            readOnly
            value={result.signInLink}
            className="mono"
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button" onClick={() => void copy()} data-autofocus>
            {copied ? t('users.copied') : t('users.copy')}
          </button>
        </div>
        <p className="hint">{t('users.linkHint', { expires: formatDate(result.signInLinkExpiresAt) })}</p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('users.done')}
        </button>
      </div>
    </Dialog>
  );
}

function DeactivateDialog({
  user,
  onClose,
  onDone,
  returnFocus,
}: {
  user: DashboardUserRowFragment;
  onClose: () => void;
  onDone: (user: DashboardUserRowFragment) => void;
  returnFocus: () => HTMLElement | null;
}) {
  const { t } = useI18n();
  const deactivate = useGraphQLMutation(DeactivateDashboardUserDocument, ['DashboardUsers', 'WorkspaceReviewers']);
  return (
    <Dialog
      title={t('users.deactivateTitle', { name: user.name })}
      onClose={onClose}
      describedBy="deactivate-text"
      returnFocus={returnFocus}
    >
      <p id="deactivate-text">{t('users.deactivateText', { email: user.email })}</p>
      {deactivate.isError && (
        <p role="alert" className="error-text">
          {deactivate.error.message}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('users.cancel')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={deactivate.isPending}
          onClick={() => deactivate.mutate({ input: { userId: user.id } }, { onSuccess: () => onDone(user) })}
        >
          {t('users.deactivateConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
