// Workspace settings: the four-eyes policy (which decisions need a second person, how long a
// proposal waits, whether application keys may make covered decisions). Admins change it; other
// roles read it.
import { FormEvent, useEffect, useState } from 'react';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import { FourEyesKind, FourEyesPolicyDocument, FourEyesPolicyQuery, UpdateFourEyesPolicyDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { usePersonName } from '../ui/four-eyes';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { FOUR_EYES_KINDS } from './approvals';

type Policy = FourEyesPolicyQuery['fourEyesPolicy'];

export default function SettingsPage() {
  const { t } = useI18n();
  useTitle(t('workspaceSettings.title'));
  const role = useConsoleSession().data?.role;
  const query = useGraphQLQuery(FourEyesPolicyDocument, {});
  return (
    <>
      <PageHeader title={t('workspaceSettings.title')} subtitle={t('workspaceSettings.subtitle')} />
      <div className="detail-grid">
        <section className="panel panel-wide" aria-labelledby="four-eyes-settings">
          <h2 id="four-eyes-settings" className="panel-title">
            {t('fourEyes.settings')}
          </h2>
          <p className="muted small">{t('fourEyes.settingsHelp')}</p>
          {query.isPending ? (
            <Loading />
          ) : query.isError ? (
            <ErrorState error={query.error} retry={() => void query.refetch()} />
          ) : roleAtLeast(role, 'admin') ? (
            <PolicyForm policy={query.data.fourEyesPolicy} />
          ) : (
            <PolicyRead policy={query.data.fourEyesPolicy} />
          )}
        </section>
      </div>
    </>
  );
}

function Changed({ policy }: { policy: Policy }) {
  const { t, formatDate } = useI18n();
  const nameOf = usePersonName();
  return (
    <>
      {policy.updatedAt
        ? t('fourEyes.changedBy', { when: formatDate(policy.updatedAt), who: nameOf(policy.updatedBy) })
        : t('fourEyes.neverChanged')}
    </>
  );
}

function PolicyRead({ policy }: { policy: Policy }) {
  const { t } = useI18n();
  return (
    <>
      <p className="alert alert-info" data-testid="read-only">
        {t('fourEyes.readOnly')}
      </p>
      {policy.kinds.length === 0 ? (
        <Empty title={t('fourEyes.off')} />
      ) : (
        <ul className="chips" data-testid="four-eyes-kinds">
          {policy.kinds.map((kind) => (
            <li key={kind} className="badge badge-info">
              {t(`fourEyes.kind.${kind}`)}
            </li>
          ))}
        </ul>
      )}
      <dl className="fields">
        <div className="field-row">
          <dt>{t('fourEyes.expiryHours')}</dt>
          <dd>{policy.proposalExpiryHours}</dd>
        </div>
        <div className="field-row">
          <dt>{t('fourEyes.refuseApplications')}</dt>
          <dd>{policy.refuseApplicationDecisions ? t('settings.on') : t('settings.off')}</dd>
        </div>
      </dl>
      <p className="muted small">
        <Changed policy={policy} />
      </p>
    </>
  );
}

function PolicyForm({ policy }: { policy: Policy }) {
  const { t } = useI18n();
  const [kinds, setKinds] = useState<FourEyesKind[]>(policy.kinds);
  const [hours, setHours] = useState(String(policy.proposalExpiryHours));
  const [refuse, setRefuse] = useState(policy.refuseApplicationDecisions);
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [kinds, hours, refuse]);
  const update = useGraphQLMutation(UpdateFourEyesPolicyDocument, ['FourEyesPolicy']);
  const expiry = Number(hours);
  const valid = /^\d+$/.test(hours.trim()) && expiry >= 1 && expiry <= 720;
  const toggle = (kind: FourEyesKind, on: boolean) =>
    setKinds((current) => (on ? [...current, kind] : current.filter((entry) => entry !== kind)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    // Kept in the catalogue's order, so the stored policy reads the same however it was ticked.
    const ordered = FOUR_EYES_KINDS.filter((kind) => kinds.includes(kind));
    update.mutate(
      { input: { kinds: ordered, proposalExpiryHours: expiry, refuseApplicationDecisions: refuse } },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <form onSubmit={submit} className="settings-form" aria-label={t('fourEyes.settings')}>
      <fieldset>
        <legend>{t('fourEyes.kindsLegend')}</legend>
        {/* One kind a line (the labels are long). */}
        {FOUR_EYES_KINDS.map((kind) => (
          <div key={kind}>
            <label className="checkbox">
              <input type="checkbox" checked={kinds.includes(kind)} onChange={(event) => toggle(kind, event.target.checked)} />
              {t(`fourEyes.kind.${kind}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="field narrow-field">
        <label htmlFor="four-eyes-expiry">{t('fourEyes.expiryHours')}</label>
        <input
          id="four-eyes-expiry"
          inputMode="numeric"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          aria-invalid={!valid}
          aria-describedby="four-eyes-expiry-hint"
        />
        <p id="four-eyes-expiry-hint" className={valid ? 'hint' : 'hint error-text'}>
          {t('fourEyes.expiryHint')}
        </p>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={refuse} onChange={(event) => setRefuse(event.target.checked)} />
        {t('fourEyes.refuseApplications')}
      </label>
      <p className="hint">{t('fourEyes.refuseHint')}</p>
      {update.isError && (
        <p role="alert" className="error-text">
          {update.error.message}
        </p>
      )}
      <div className="action-group">
        <button type="submit" className="button button-primary" disabled={update.isPending || !valid}>
          {t('fourEyes.save')}
        </button>
        <span aria-live="polite" className="muted small">
          {saved ? t('settings.saved') : <Changed policy={policy} />}
        </span>
      </div>
    </form>
  );
}
