import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Grid, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARGE_SOURCES, type ChargeDetail } from '@evcms/contracts/charges';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { ChargeStatusTag } from '../../components/charge-status-tag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatEnergy, formatFee, formatPercent, formatPower } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { ChargeStopButton } from './charge-stop.tsx';
import {
  ChargeResultText,
  ChargeTotal,
  connectorText,
  Duration,
  PaymentMethodName,
  StopReasonText,
} from './charge-values.tsx';
import { chargesApi } from './charges-api.ts';

export interface ChargeDrawerProps {
  /** The charge shown; null keeps the drawer closed. */
  id: number | null;
  onClose: () => void;
}

/** One charge with its meter's story (GET /users/transactions/{id}/), beside the list it was opened from; its stop while it runs. */
export function ChargeDrawer({ id, onClose }: ChargeDrawerProps) {
  const { t } = useTranslation('charges');
  const screens = Grid.useBreakpoint();
  useFocusReturn(id !== null);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={id === null ? null : t('detail.title', { id })}
      closable={{ 'aria-label': t('detail.close') }}
      extra={id !== null && <DrawerStop id={id} />}
      // A phone gives it the whole width; a wider screen keeps the list in view beside it.
      size={screens.md === false ? '100%' : 'large'}
      destroyOnHidden
      data-testid="charge-drawer"
    >
      {id !== null && <ChargeDetailOf id={id} />}
    </Drawer>
  );
}

/**
 * Gives the focus back to what opened the drawer (a row's number) when it closes. antd does so
 * only once the drawer has finished sliding in: an Escape pressed sooner left the keyboard's
 * focus at the start of the page.
 */
function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // Before the drawer's own effects take the focus into it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  // After them: the drawer's focus lock has let go by then.
  useEffect(() => {
    if (open || !opener.current) return;
    if (opener.current.isConnected) opener.current.focus({ preventScroll: true });
    opener.current = null;
  }, [open]);
}

/** The stop, once the charge is read, while it runs (the same query as the fields: one request). */
function DrawerStop({ id }: { id: number }) {
  const charge = useQuery(chargesApi.detailQueryOptions(id));
  return charge.data ? <ChargeStopButton charge={charge.data} /> : null;
}

function ChargeDetailOf({ id }: { id: number }) {
  const charge = useQuery(chargesApi.detailQueryOptions(id));
  return <QueryContent query={charge}>{(data) => <ChargeFields charge={data} />}</QueryContent>;
}

function ChargeFields({ charge }: { charge: ChargeDetail }) {
  const { t } = useTranslation('charges');
  const lang = useLang();
  const none = <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  const or = (value: string | null) => value || none;
  const kwh = (value: number | null) => (value === null ? none : t('units.kwh', { value: formatEnergy(value, lang) }));
  const som = (value: number) => t('units.som', { value: formatFee(value, lang) });
  const driver = charge.driver ? `${charge.driver.name}, ${formatPhone(charge.driver.phone)}` : t('list.unknown_tag');
  const lastMeter =
    charge.last_meter === null
      ? none
      : t('units.reading_at', {
          value: formatEnergy(charge.last_meter, lang),
          time: formatDateTime(charge.last_meter_at),
        });

  const items = [
    { key: 'status', label: t('fields.status'), children: <ChargeStatusTag status={charge.status} /> },
    {
      key: 'result',
      label: t('fields.result'),
      children: charge.result === null ? none : <ChargeResultText result={charge.result} />,
    },
    { key: 'driver', label: t('fields.driver'), children: driver },
    { key: 'id_tag', label: t('fields.id_tag'), children: or(charge.id_tag) },
    { key: 'source', label: t('fields.source'), children: CHARGE_SOURCES[charge.source][lang] },
    { key: 'station', label: t('fields.station'), children: charge.station.name },
    { key: 'connector', label: t('fields.connector'), children: connectorText(charge.connector) },
    { key: 'started_at', label: t('fields.started_at'), children: formatDateTime(charge.started_at) },
    { key: 'finished_at', label: t('fields.finished_at'), children: or(formatDateTime(charge.finished_at)) },
    {
      key: 'duration',
      label: t('fields.duration'),
      children: charge.duration_seconds === null ? none : <Duration seconds={charge.duration_seconds} />,
    },
    { key: 'meter_start', label: t('fields.meter_start'), children: kwh(charge.meter_start) },
    { key: 'meter_stop', label: t('fields.meter_stop'), children: kwh(charge.meter_stop) },
    { key: 'last_meter', label: t('fields.last_meter'), children: lastMeter },
    { key: 'consumed', label: t('fields.consumed'), children: formatEnergy(charge.consumed, lang) },
    {
      key: 'power',
      label: t('fields.power'),
      children: charge.power === null ? none : t('units.kw', { value: formatPower(charge.power, lang) }),
    },
    {
      key: 'soc',
      label: t('fields.soc'),
      children: charge.soc_percent === null ? none : formatPercent(charge.soc_percent, lang),
    },
    { key: 'price', label: t('fields.price'), children: charge.price === null ? none : formatFee(charge.price, lang) },
    {
      key: 'price_source',
      label: t('fields.price_source'),
      children: charge.price_source ? t(`price_source.${charge.price_source}`) : none,
    },
    { key: 'amount', label: t('fields.amount'), children: formatFee(charge.amount, lang) },
    { key: 'discount', label: t('fields.discount'), children: formatFee(charge.discount, lang) },
    { key: 'promotion', label: t('fields.promotion'), children: or(charge.promotion_name) },
    {
      key: 'total',
      label: t('fields.total'),
      children: (
        <ChargeTotal charge={charge} full>
          <Typography.Text strong>{som(charge.total)}</Typography.Text>
        </ChargeTotal>
      ),
    },
    {
      key: 'payment_method',
      label: t('fields.payment_method'),
      children: charge.payment_method === null ? none : <PaymentMethodName method={charge.payment_method} />,
    },
    {
      key: 'stop_reason',
      label: t('fields.stop_reason'),
      children: charge.stop_reason === null ? none : <StopReasonText reason={charge.stop_reason} />,
    },
    ...(charge.refusal
      ? [{ key: 'refusal', label: t('fields.refusal'), children: t(`refusal.${charge.refusal}`) }]
      : []),
    ...(charge.review_reason
      ? [
          {
            key: 'review',
            label: t('fields.review'),
            children: <Typography.Text type="warning">{t(`review_detail.${charge.review_reason}`)}</Typography.Text>,
          },
        ]
      : []),
    ...(charge.reservation_id === null
      ? []
      : [{ key: 'reservation', label: t('fields.reservation'), children: charge.reservation_id }]),
    ...(charge.stop_requested_at
      ? [
          {
            key: 'stop_requested_at',
            label: t('fields.stop_requested_at'),
            children: formatDateTime(charge.stop_requested_at),
          },
        ]
      : []),
  ];
  return <Descriptions bordered size="small" column={1} items={items} data-testid="charge-details" />;
}
