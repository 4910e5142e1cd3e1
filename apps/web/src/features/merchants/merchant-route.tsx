import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/not-found.tsx';

/** The :id of a merchant route as a number; undefined when absent or not a whole positive number. */
export function parseMerchantId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

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
