import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isActive, type Status } from '@evcms/contracts/status';

/** 'Active' in green or 'Inactive' in grey. */
export function MerchantStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation('merchants');
  return isActive(status) ? <Tag color="success">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>;
}
