// Loading, empty and error states shared by every screen, so each looks and reads the same.
import type { ReactNode } from 'react';
import { ApiRequestError } from '../api/csrf';
import { useI18n } from '../i18n/i18n';
import { Icon } from './icons';

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('state.loading')}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useI18n();
  const notFound = error instanceof ApiRequestError && error.status === 404;
  const forbidden = error instanceof ApiRequestError && error.status === 403;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="state state-error" role="alert">
      <Icon name="alert" size={20} />
      <p className="state-title">{notFound ? t('state.notFound') : forbidden ? t('state.forbidden') : t('state.error')}</p>
      {!notFound && <p className="muted">{message}</p>}
      {retry && (
        <button type="button" className="button" onClick={retry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 id="page-title" tabIndex={-1}>
          {title}
        </h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}

/** The states of a screen's main query, in the one order every screen shows them: loading, the
 * error (with a retry), `empty` when it answered nothing to show, else the content. `children` is
 * called only then, with the query's data. */
export function QueryStates<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  isEmpty: boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError || query.data === undefined) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  return isEmpty ? empty : children(query.data);
}
