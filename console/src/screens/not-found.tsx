import { Link } from 'wouter';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { Empty, PageHeader } from '../ui/states';

export default function NotFoundPage() {
  const { t } = useI18n();
  useTitle(t('state.notFound'));
  return (
    <>
      <PageHeader title={t('state.notFound')} />
      <Empty title={t('notFound.hint')}>
        <Link href="/">{t('nav.home')}</Link>
      </Empty>
    </>
  );
}
