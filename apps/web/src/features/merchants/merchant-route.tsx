import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/not-found.tsx';

/** A merchant id that does not exist (or is not a number), on the detail and edit routes: say so and lead back to the list. */
export function MerchantNotFound() {
  const { t } = useTranslation('merchants');
  return (
    <NotFound
      data-testid="merchant-not-found"
      title={t('detail.not_found')}
      text={t('detail.not_found_text')}
      backTo="/merchants"
      backText={t('detail.back_to_list')}
    />
  );
}
