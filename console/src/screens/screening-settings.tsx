// Screening settings of the workspace: automatic disposition (whether matches are analysed, the
// Direct API channel, Full Auto or Hint, the confidence threshold; admins change them, other roles
// read them), the adverse-media category set (read) and the watchlist versions the index serves.
import { FormEvent, ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  DispositionMode,
  ScreeningSettingsDocument,
  ScreeningSettingsQuery,
  UpdateAutomaticDispositionSettingsDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { screeningWords } from './screening-match';
import { ThresholdLab } from './screening-threshold-lab';

type Disposition = ScreeningSettingsQuery['automaticDispositionSettings'];

export default function ScreeningSettingsPage() {
  const { t, formatDate, formatNumber } = useI18n();
  useTitle(t('settings.title'));
  const role = useConsoleSession().data?.role;
  const query = useGraphQLQuery(ScreeningSettingsDocument, {});
  const breadcrumb = (
    <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
      <Link href="/screening">{t('nav.screening')}</Link> <span aria-hidden="true">/</span> <span>{t('settings.title')}</span>
    </nav>
  );
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <>
        {breadcrumb}
        <PageHeader title={t('settings.title')} />
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      </>
    );
  const { automaticDispositionSettings: disposition, adverseMediaSettings: media, watchlistSources: sources } = query.data;
  const admin = roleAtLeast(role, 'admin');
  return (
    <>
      {breadcrumb}
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className="detail-grid">
        <Panel title={t('settings.disposition')} id="settings-disposition" wide>
          {admin ? <DispositionForm settings={disposition} /> : <DispositionRead settings={disposition} />}
        </Panel>
        {roleAtLeast(role, 'analyst') && (
          <Panel title={t('lab.title')} id="settings-threshold-lab" wide>
            <ThresholdLab />
          </Panel>
        )}
        <Panel title={t('settings.media')} id="settings-media">
          <p className="muted small">
            {media.updatedAt ? t('settings.changedAt', { when: formatDate(media.updatedAt) }) : t('settings.mediaDefault')}
          </p>
          {media.categories.length ? (
            <ul className="chips" data-testid="media-categories">
              {media.categories.map((category) => (
                <li key={category} className="badge badge-neutral">
                  {screeningWords(t, 'category', category)}
                </li>
              ))}
            </ul>
          ) : (
            <Empty title={t('settings.mediaOff')} />
          )}
        </Panel>
        <Panel title={t('settings.lists')} id="settings-lists">
          {sources.length ? (
            <table className="table compact">
              <caption className="sr-only">{t('settings.lists')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('screening.list')}</th>
                  <th scope="col">{t('screening.version')}</th>
                  <th scope="col">{t('settings.entities')}</th>
                </tr>
              </thead>
              <tbody>
                {sources.map((source) => (
                  <tr key={source.source}>
                    <td className="mono">{source.source}</td>
                    <td>
                      {t('screening.versionSeq', { seq: source.seq })} <span className="muted small">{source.label}</span>
                      {source.importedAt && <div className="muted small">{formatDate(source.importedAt)}</div>}
                    </td>
                    <td>{formatNumber(source.entityCount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Empty title={t('settings.noLists')} />
          )}
        </Panel>
      </div>
    </>
  );
}

function Panel({ title, id, children, wide }: { title: string; id: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? 'panel panel-wide' : 'panel'} aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function DispositionRead({ settings }: { settings: Disposition }) {
  const { t, formatDate, formatNumber } = useI18n();
  return (
    <>
      <p className="alert alert-info" data-testid="read-only">
        {t('settings.readOnly')}
      </p>
      <dl className="fields" data-testid="disposition-settings">
        <Row label={t('settings.enabled')}>{settings.enabled ? t('settings.on') : t('settings.off')}</Row>
        <Row label={t('settings.directApi')}>{settings.directApiChannel ? t('settings.on') : t('settings.off')}</Row>
        <Row label={t('settings.mode')}>{t(`settings.mode.${settings.mode}`)}</Row>
        <Row label={t('settings.threshold')}>
          {formatNumber(settings.confidenceThreshold, { style: 'percent', maximumFractionDigits: 1 })}
        </Row>
        <Row label={t('settings.updated')}>{settings.updatedAt ? formatDate(settings.updatedAt) : t('settings.defaults')}</Row>
      </dl>
    </>
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

function DispositionForm({ settings }: { settings: Disposition }) {
  const { t, formatDate } = useI18n();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [directApi, setDirectApi] = useState(settings.directApiChannel);
  const [mode, setMode] = useState<DispositionMode>(settings.mode);
  const [threshold, setThreshold] = useState(String(Math.round(settings.confidenceThreshold * 1000) / 10));
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [enabled, directApi, mode, threshold]);
  const update = useGraphQLMutation(UpdateAutomaticDispositionSettingsDocument, ['ScreeningSettings']);
  const percent = Number(threshold.replace(',', '.'));
  const valid = threshold.trim() !== '' && Number.isFinite(percent) && percent >= 0 && percent <= 100;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    update.mutate(
      { input: { enabled, directApiChannel: directApi, mode, confidenceThreshold: Math.round(percent * 10) / 1000 } },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <form onSubmit={submit} className="settings-form" aria-label={t('settings.disposition')}>
      <p className="muted small">{t('settings.dispositionHelp')}</p>
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('settings.enabled')}
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={directApi} onChange={(event) => setDirectApi(event.target.checked)} />
        {t('settings.directApi')}
      </label>
      <fieldset>
        <legend>{t('settings.mode')}</legend>
        <div className="segmented">
          {(['hint', 'full_auto'] as const).map((value) => (
            <label key={value} className={mode === value ? 'segment selected' : 'segment'}>
              <input type="radio" name="disposition-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              {t(`settings.mode.${value}`)}
            </label>
          ))}
        </div>
        <p className="hint">{t(`settings.modeHint.${mode}`)}</p>
      </fieldset>
      <div className="field narrow-field">
        <label htmlFor="disposition-threshold">{t('settings.thresholdPercent')}</label>
        <input
          id="disposition-threshold"
          inputMode="decimal"
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
          aria-invalid={!valid}
          aria-describedby="disposition-threshold-hint"
        />
        <p id="disposition-threshold-hint" className={valid ? 'hint' : 'hint error-text'}>
          {t('settings.thresholdHint')}
        </p>
      </div>
      {update.isError && (
        <p role="alert" className="error-text">
          {update.error.message}
        </p>
      )}
      <div className="action-group">
        <button type="submit" className="button button-primary" disabled={update.isPending || !valid}>
          {t('settings.save')}
        </button>
        <span aria-live="polite" className="muted small">
          {saved
            ? t('settings.saved')
            : settings.updatedAt
              ? t('settings.changedAt', { when: formatDate(settings.updatedAt) })
              : t('settings.defaults')}
        </span>
      </div>
    </form>
  );
}
