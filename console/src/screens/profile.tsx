// A profile: its fields and custom fields, status with a timeline, sessions, screenings, risk
// assessments, groups and comments. Analysts and up add comments, create sessions and send invites.
import { FormEvent, ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  CreateProfileCommentDocument,
  CreateSessionDocument,
  ProfileDocument,
  ProfileQuery,
  RequestProfileErasureDocument,
  SendInviteDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { Dialog } from '../ui/dialog';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { words } from '../ui/words';
import { AuditTrail } from '../ui/audit-trail';

type Profile = NonNullable<ProfileQuery['profile']>;

export default function ProfilePage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useI18n();
  const query = useGraphQLQuery(ProfileDocument, { id });
  useTitle(query.data?.profile?.name ?? t('nav.profiles'));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const profile = query.data.profile;
  if (!profile)
    return (
      <>
        <PageHeader title={t('profile.notFound')} />
        <Empty title={t('profile.notFoundHint')}>
          <Link href="/profiles">{t('profile.backToList')}</Link>
        </Empty>
      </>
    );
  return <ProfileView profile={profile} comments={query.data.profileComments?.nodes ?? []} />;
}

function ProfileView({ profile, comments }: { profile: Profile; comments: NonNullable<ProfileQuery['profileComments']>['nodes'] }) {
  const { t, formatDate } = useI18n();
  const role = useConsoleSession().data?.role;
  return (
    <>
      <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
        <Link href="/profiles">{t('nav.profiles')}</Link> <span aria-hidden="true">/</span> <span>{profile.name}</span>
      </nav>
      <PageHeader
        title={profile.name}
        subtitle={
          <>
            <StatusBadge value={profile.status} /> <span className="mono">{profile.id}</span>
          </>
        }
        actions={
          !profile.erasureClaimed && roleAtLeast(role, 'analyst') ? (
            <>
              <SessionActions profile={profile} />
              {roleAtLeast(role, 'admin') && <ErasureAction profile={profile} />}
            </>
          ) : undefined
        }
      />
      {profile.erasureClaimed && <ErasureState profile={profile} />}
      <div className="detail-grid">
        <Panel title={t('profile.fields')}>
          <dl className="fields">
            <Field label={t('profiles.kind')}>{profile.kind}</Field>
            <Field label={t('profile.email')}>{profile.email ?? '—'}</Field>
            <Field label={t('profile.dateOfBirth')}>{formatDate(profile.dateOfBirth, 'date')}</Field>
            <Field label={t('profile.created')}>{formatDate(profile.createdAt)}</Field>
            <Field label={t('profiles.updated')}>{formatDate(profile.updatedAt)}</Field>
            <Field label={t('profiles.groups')}>{profile.groups.map((entry) => entry.name).join(', ') || '—'}</Field>
          </dl>
        </Panel>
        <Panel title={t('profile.customFields')}>
          {profile.profileCustomFields?.length ? (
            <dl className="fields">
              {profile.profileCustomFields.map((field) => (
                <Field key={field.key} label={field.label}>
                  {field.valueLabel ?? displayJson(field.value)}
                </Field>
              ))}
            </dl>
          ) : (
            <Empty title={t('profile.noCustomFields')} />
          )}
        </Panel>
        <Panel title={t('profile.timeline')}>
          <Timeline profile={profile} />
        </Panel>
        <Panel title={t('profile.sessions')}>
          {profile.verificationSessions.length ? (
            <ul className="activity">
              {profile.verificationSessions.map((session) => (
                <li key={session.id}>
                  <Link href={`/sessions/${session.id}`} className="mono">
                    {session.id}
                  </Link>
                  <StatusBadge value={session.reviewStatus} />
                  <span className="muted">{formatDate(session.createdAt)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty title={t('profile.noSessions')} />
          )}
        </Panel>
        <Panel title={t('profile.screenings')}>
          {profile.screening?.latestSearch ? (
            <dl className="fields">
              <Field label={t('profile.searchCount')}>{profile.screening.searchCount}</Field>
              <Field label={t('profile.latestSearch')}>
                <Link href={`/screening/requests/${profile.screening.latestSearch.id}`}>
                  {formatDate(profile.screening.latestSearch.createdAt)}
                </Link>
              </Field>
              <Field label={t('profile.matches')}>{profile.screening.latestSearch.matchCount}</Field>
            </dl>
          ) : (
            <Empty title={t('profile.noScreenings')} />
          )}
          {roleAtLeast(role, 'analyst') && !profile.erasureClaimed && (
            <Link href={`/screening?${new URLSearchParams({ profile: profile.id, name: profile.name }).toString()}`} className="button">
              {t('screening.screenProfile')}
            </Link>
          )}
        </Panel>
        <Panel title={t('profile.risk')}>
          {profile.riskAssessments.length ? (
            <ul className="activity">
              {profile.riskAssessments.map((assessment) => (
                <li key={assessment.id}>
                  <span>{assessment.title}</span>
                  <StatusBadge value={assessment.status} />
                  {assessment.conclusion && <span className="muted">{words(t, 'status', assessment.conclusion.decision)}</span>}
                  <span className="muted">{formatDate(assessment.updatedAt)}</span>
                  <a href={`/console/files/risk/assessments/${encodeURIComponent(assessment.id)}/report`} target="_blank" rel="noreferrer">
                    {t('profile.riskReport')}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <Empty title={t('profile.noRisk')} />
          )}
        </Panel>
        <Panel title={t('profile.comments')} wide>
          <Comments profileId={profile.id} comments={comments} canAdd={roleAtLeast(role, 'analyst')} />
        </Panel>
        <AuditTrail objectType="profile" objectId={profile.id} />
      </div>
    </>
  );
}

function Panel({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={wide ? 'panel panel-wide' : 'panel'} aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Custom field values arrive as exact JSON text: strings without quotes, the rest as written. */
function displayJson(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') return parsed;
    if (typeof parsed === 'boolean' || parsed === null) return String(parsed);
  } catch {
    // Not JSON: show as stored.
  }
  return value;
}

/** The profile's status changes from `statusHistory` (each with its cause and, for IDV, a link to
 * the session), newest first, after its creation. */
function Timeline({ profile }: { profile: Profile }) {
  const { t, formatDate } = useI18n();
  const changes = [...profile.statusHistory].reverse();
  return (
    <ol className="timeline" data-testid="status-timeline">
      {changes.map((change, index) => (
        <li key={index}>
          <time dateTime={change.at}>{formatDate(change.at)}</time>
          <span>
            {words(t, 'status', change.previousStatus)} → <strong>{words(t, 'status', change.newStatus)}</strong>
          </span>
          <span className="muted">
            {change.sessionId ? (
              <Link href={`/sessions/${change.sessionId}`}>{words(t, 'origin', change.origin)}</Link>
            ) : (
              words(t, 'origin', change.origin)
            )}
          </span>
        </li>
      ))}
      <li>
        <time dateTime={profile.createdAt}>{formatDate(profile.createdAt)}</time>
        <span>{t('timeline.created')}</span>
      </li>
    </ol>
  );
}

function Comments({
  profileId,
  comments,
  canAdd,
}: {
  profileId: string;
  comments: NonNullable<ProfileQuery['profileComments']>['nodes'];
  canAdd: boolean;
}) {
  const { t, formatDate } = useI18n();
  const [text, setText] = useState('');
  const create = useGraphQLMutation(CreateProfileCommentDocument, ['Profile']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    create.mutate({ profileId, input: { kind: 'profile', text: text.trim() } }, { onSuccess: () => setText('') });
  };
  return (
    <>
      {comments.length ? (
        <ul className="comments">
          {comments.map((comment) => (
            <li key={comment.id}>
              <p className="comment-meta">
                <strong>{comment.createdBy}</strong> <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
              </p>
              <p className="comment-text">{comment.text}</p>
            </li>
          ))}
        </ul>
      ) : (
        <Empty title={t('profile.noComments')} />
      )}
      {canAdd && (
        <form className="comment-form" onSubmit={submit}>
          <label htmlFor="comment-text">{t('profile.addComment')}</label>
          <textarea id="comment-text" rows={3} value={text} onChange={(event) => setText(event.target.value)} required maxLength={5000} />
          {create.isError && (
            <p role="alert" className="error-text">
              {create.error.message}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={create.isPending || !text.trim()}>
            {t('profile.postComment')}
          </button>
        </form>
      )}
    </>
  );
}

function SessionActions({ profile }: { profile: Profile }) {
  const { t, locale } = useI18n();
  const [, navigate] = useLocation();
  const create = useGraphQLMutation(CreateSessionDocument, ['Profile', 'Sessions']);
  const invite = useGraphQLMutation(SendInviteDocument, ['Profile', 'Sessions']);
  const [message, setMessage] = useState<string | null>(null);
  const busy = create.isPending || invite.isPending;
  const error = create.error ?? invite.error;
  const createSession = async (sendInvite: boolean) => {
    setMessage(null);
    const created = await create.mutateAsync({ input: { profileId: profile.id, idempotencyKey: `console:${crypto.randomUUID()}` } });
    const sessionId = created.createVerificationSession.session.id;
    if (!sendInvite) return navigate(`/sessions/${sessionId}`);
    await invite.mutateAsync({ sessionId, input: { delivery: 'email', locale } });
    setMessage(t('profile.inviteSent', { email: profile.email ?? '' }));
  };
  return (
    <div className="action-group">
      <button type="button" className="button" disabled={busy} onClick={() => void createSession(false).catch(() => undefined)}>
        {t('profile.createSession')}
      </button>
      <button
        type="button"
        className="button button-primary"
        disabled={busy || !profile.email}
        title={profile.email ? undefined : t('profile.inviteNeedsEmail')}
        onClick={() => void createSession(true).catch(() => undefined)}
      >
        {t('profile.sendInvite')}
      </button>
      <span aria-live="polite" className={error ? 'error-text' : 'muted'}>
        {error ? error.message : message}
      </span>
    </div>
  );
}

/** Where the profile's erasure stands: claimed (no new sessions, no edits), then erased. */
function ErasureState({ profile }: { profile: Profile }) {
  const { t, formatDate } = useI18n();
  return (
    <div className="alert alert-info" role="status" data-testid="erasure-state">
      <strong>{profile.erasedAt ? t('erasure.erased') : t('erasure.claimed')}</strong>
      <span>
        {t('erasure.claimedAt', { at: formatDate(profile.erasureClaimedAt) })}
        {profile.erasedAt && ` · ${t('erasure.erasedAt', { at: formatDate(profile.erasedAt) })}`}
      </span>
    </div>
  );
}

/** Admins request a GDPR erasure after typing the profile's name: it cannot be undone. */
function ErasureAction({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-danger-ghost" onClick={() => setOpen(true)}>
        {t('erasure.request')}
      </button>
      {open && <ErasureDialog profile={profile} onClose={() => setOpen(false)} />}
    </>
  );
}

function ErasureDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useI18n();
  const erase = useGraphQLMutation(RequestProfileErasureDocument, ['Profile', 'Profiles', 'HomeOverview']);
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  // One key per dialog: a repeated click (or a retry after a dropped answer) is the same request.
  const [idempotencyKey] = useState(() => `console:${crypto.randomUUID()}`);
  const confirmed = typed.trim() === profile.name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    erase.mutate({ id: profile.id, input: reason.trim() ? { reason: reason.trim() } : {}, idempotencyKey }, { onSuccess: () => onClose() });
  };
  return (
    <Dialog title={t('erasure.title', { name: profile.name })} onClose={onClose} describedBy="erasure-text">
      <form onSubmit={submit}>
        <p id="erasure-text" className="alert alert-error">
          {t('erasure.warning')}
        </p>
        <div className="field">
          <label htmlFor="erasure-confirm">{t('erasure.typeName', { name: profile.name })}</label>
          <input id="erasure-confirm" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="erasure-reason">{t('erasure.reason')}</label>
          <textarea id="erasure-reason" rows={2} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        {erase.isError && (
          <p role="alert" className="error-text">
            {erase.error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('users.cancel')}
          </button>
          <button type="submit" className="button button-danger" disabled={!confirmed || erase.isPending}>
            {t('erasure.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
