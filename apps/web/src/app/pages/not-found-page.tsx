import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/not-found.tsx';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return <NotFound title={t('not_found.title')} text={t('not_found.text')} backTo="/" backText={t('not_found.home')} />;
}
