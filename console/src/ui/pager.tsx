// Cursor paging kept in the URL: `after` is the cursor of the page shown, `prev` the cursors before
// it (so Back returns exactly; the API's cursors only go forward).
import { useI18n } from '../i18n/i18n';
import { Icon } from './icons';

export interface PageState {
  after: string | undefined;
  previous: string[];
}

export function readPage(params: URLSearchParams): PageState {
  const prev = params.get('prev');
  return { after: params.get('after') ?? undefined, previous: prev ? prev.split(',').filter(Boolean) : [] };
}

export function Pager({
  page,
  hasNext,
  endCursor,
  total,
  shown,
  go,
}: {
  page: PageState;
  hasNext: boolean;
  endCursor: string | null | undefined;
  total: number | null | undefined;
  shown: number;
  go: (after: string | undefined, previous: string[]) => void;
}) {
  const { t, formatNumber } = useI18n();
  const back = () => {
    const previous = [...page.previous];
    const before = previous.pop();
    go(before === '' || before === '-' ? undefined : before, previous);
  };
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <span className="muted">
        {total === null || total === undefined
          ? t('pager.shown', { count: formatNumber(shown) })
          : t('pager.total', { shown: formatNumber(shown), total: formatNumber(total) })}
      </span>
      <button type="button" className="button" disabled={!page.after} onClick={back}>
        <Icon name="chevronLeft" /> {t('pager.previous')}
      </button>
      <button
        type="button"
        className="button"
        disabled={!hasNext || !endCursor}
        onClick={() => go(endCursor ?? undefined, [...page.previous, page.after ?? '-'])}
      >
        {t('pager.next')} <Icon name="chevronRight" />
      </button>
    </nav>
  );
}
