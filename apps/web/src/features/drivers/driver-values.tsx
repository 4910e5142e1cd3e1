import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@evcms/contracts/i18n';
import { PLATFORMS, type Platform } from '@evcms/contracts/drivers';
import { formatFee } from '../../lib/number-format.ts';

/** Som as the operator reads them ('1 250,50 сом'); below zero in red: a debt the next top-up covers. */
export function Money({ value, lang }: { value: number; lang: Lang }) {
  const { t } = useTranslation('drivers');
  const text = t('units.som', { value: formatFee(value, lang) });
  return (
    <Typography.Text type={value < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Typography.Text>
  );
}

/** Spec 3: 1 iOS, 2 Android; a card customer has no app. */
export function PlatformName({ platform }: { platform: Platform | null }) {
  const { t } = useTranslation('drivers');
  if (platform === PLATFORMS.ios) return t('platform.ios');
  if (platform === PLATFORMS.android) return t('platform.android');
  return <Typography.Text type="secondary">{t('platform.none')}</Typography.Text>;
}

/** Whether the driver may charge: a blocked driver is refused by every charge point. */
export function DriverBlockedTag({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation('drivers');
  return <Tag color={blocked ? 'red' : 'green'}>{t(blocked ? 'state.blocked' : 'state.active')}</Tag>;
}
