import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A merchant id that does not exist (or is not a number): say so and lead back to the list. */
export function MerchantNotFound() {
  const { t } = useTranslation('merchants');
  return (
    <Result
      data-testid="merchant-not-found"
      status="404"
      title={t('detail.not_found')}
      subTitle={t('detail.not_found_text')}
      extra={<Link to="/merchants">{t('detail.back_to_list')}</Link>}
    />
  );
}
