import { Descriptions, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConnectorCharge } from '@evcms/contracts/ocpp';
import { ChargeStatusTag } from '../../components/charge-status-tag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatEnergy, formatFee, formatPercent, formatPower } from '../../lib/number-format.ts';

/*
 * The charge in progress on a connector of the station card: its number (leading to the charge
 * list narrowed to it, where it can be opened and stopped), the driver, the start and what it has
 * come to so far. The paths are the app's; the stations feature does not import the others.
 */

const chargePath = (id: number) => `/chargers-list?search_by_tx_id=${id}`;
const driverPath = (id: number) => `/users/user/${id}`;

export function ConnectorChargeView({ charge }: { charge: ConnectorCharge }) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const none = <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  const items = [
    {
      key: 'number',
      label: t('ocpp.charge.number'),
      children: (
        <Link to={chargePath(charge.id)} aria-label={t('ocpp.charge.open', { id: charge.id })}>
          {charge.id}
        </Link>
      ),
    },
    {
      key: 'driver',
      label: t('ocpp.charge.driver'),
      children: charge.driver ? <Link to={driverPath(charge.driver.id)}>{charge.driver.name}</Link> : none,
    },
    { key: 'started_at', label: t('ocpp.charge.started_at'), children: formatDateTime(charge.started_at) },
    {
      key: 'consumed',
      label: t('ocpp.charge.consumed'),
      children: t('units.kwh', { value: formatEnergy(charge.consumed, lang) }),
    },
    {
      key: 'amount',
      label: t('ocpp.charge.amount'),
      children: t('units.som', { value: formatFee(charge.amount, lang) }),
    },
    {
      key: 'power',
      label: t('ocpp.charge.power'),
      children: charge.power_kw === null ? none : t('units.kw', { value: formatPower(charge.power_kw, lang) }),
    },
    { key: 'soc', label: t('ocpp.charge.soc'), children: charge.soc === null ? none : formatPercent(charge.soc, lang) },
  ];
  return (
    <div data-testid="connector-charge">
      <Divider style={{ margin: '12px 0' }} />
      <Descriptions
        size="small"
        column={1}
        title={t('ocpp.charge.title')}
        extra={<ChargeStatusTag status={charge.status} />}
        items={items}
      />
    </div>
  );
}
