// The audit panel of one object (a profile, a verification session): its newest entries, each
// expandable, and a link to the workspace audit log filtered to the object. Shown to reviewers and
// admins only (the trail is theirs to read); for other roles it renders nothing.
import { Link } from 'wouter';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import { AuditEntriesDocument, CreateEvidencePackDocument, EvidenceSubjectKind } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { AuditTable } from './audit-entries';
import { Empty, ErrorState, Loading } from './states';

const PANEL_SIZE = 10;

export function AuditTrail({ objectType, objectId }: { objectType: 'profile' | 'idv.session'; objectId: string }) {
  const session = useConsoleSession();
  const role = session.data?.role;
  const allowed = role === 'reviewer' || role === 'admin';
  if (!allowed) return null;
  return <AuditPanel objectType={objectType} objectId={objectId} />;
}

function AuditPanel({ objectType, objectId }: { objectType: string; objectId: string }) {
  const { t } = useI18n();
  // A profile's panel shows every entry about the profile (its searches, sessions and reviews too).
  const filter = objectType === 'profile' ? { profileId: objectId } : { objectType, objectId };
  const query = useGraphQLQuery(AuditEntriesDocument, { first: PANEL_SIZE, filter });
  const more = new URLSearchParams(objectType === 'profile' ? { profile: objectId } : { objectType, objectId }).toString();
  const rows = query.data?.auditEntries.nodes ?? [];
  return (
    <section className="panel panel-wide audit-panel" aria-labelledby={`audit-panel-${objectId}`}>
      <h2 id={`audit-panel-${objectId}`} className="panel-title">
        {t('audit.panelTitle')}
      </h2>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={t('audit.panelEmpty')} />
      ) : (
        <AuditTable rows={rows} caption={t('audit.panelTitle')} compact />
      )}
      <p>
        <Link href={`/audit?${more}`}>{t('audit.panelAll')}</Link>
      </p>
      <EvidencePackButton subjectKind={objectType === 'profile' ? 'profile' : 'verification_session'} subjectId={objectId} />
    </section>
  );
}

/** Builds a signed evidence pack of the object (docs/audit.md "Evidence packs") and offers its two
 * downloads: the PDF for a person, the signed JSON for `audit verify-pack`. */
function EvidencePackButton({ subjectKind, subjectId }: { subjectKind: EvidenceSubjectKind; subjectId: string }) {
  const { t } = useI18n();
  const create = useGraphQLMutation(CreateEvidencePackDocument);
  const pack = create.data?.createEvidencePack;
  return (
    <div className="evidence-pack">
      <button
        type="button"
        className="button"
        disabled={create.isPending}
        onClick={() => create.mutate({ input: { subjectKind, subjectId } })}
      >
        {create.isPending ? t('audit.packBuilding') : t('audit.packCreate')}
      </button>
      {create.isError && <ErrorState error={create.error} />}
      {pack && (
        <p role="status">
          {t('audit.packReady', { entries: pack.entryCount })} <a href={pack.consolePdfPath}>{t('audit.packPdf')}</a> ·{' '}
          <a href={pack.consoleJsonPath}>{t('audit.packJson')}</a>
          <br />
          <span className="muted">{t('audit.packFingerprint', { fingerprint: pack.fingerprint })}</span>
        </p>
      )}
    </div>
  );
}
