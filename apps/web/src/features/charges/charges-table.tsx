import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARGE_SOURCES, type ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import { ChargeStatusTag } from '../../components/charge-status-tag.tsx';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { pagedQueryProps } from '../../components/paged-table/paged-query-props.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { rowOpens } from '../../components/paged-table/row-opens.ts';
import type { ListState } from '../../components/paged-table/use-list-params.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatEnergy, formatFee } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { ChargeStopButton } from './charge-stop.tsx';
import {
  ChargeResultText,
  ChargeTotal,
  connectorText,
  Duration,
  PaymentMethodName,
  ReviewMark,
} from './charge-values.tsx';

export interface ChargesTableProps<F extends string> {
  query: UseQueryResult<Paged<ChargeListItem>>;
  list: ListState<F>;
  /** One driver's page: no driver column, and only what tells that driver's charges apart. */
  compact?: boolean;
  emptyText: ReactNode;
  /** A row's number, or a click on the row, opens the charge. */
  onOpen: (id: number) => void;
}

/** Where the driver's page is; the charges feature does not import the drivers feature. */
const driverPath = (id: number) => `/users/user/${id}`;

// Every column of spec 3 'Charge' and issues 11 and 31 has a fixed width: about 2,460 px, which the
// table scrolls sideways inside its card on any screen, the number (and the stop) staying in
// view. The driver's page keeps eight of them, about 1,170 px.
const MIN_WIDTH = { full: 2460, compact: 1170 };

/** The charges of a list, newest start first: the charge list of every driver, or one driver's. */
export function ChargesTable<F extends string>({
  query,
  list,
  compact = false,
  emptyText,
  onOpen,
}: ChargesTableProps<F>) {
  const { t } = useTranslation('charges');
  const lang = useLang();
  const money = (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatFee(value, lang)}</span>;

  const all: (TableColumnsType<ChargeListItem>[number] & { key: string; brief?: true })[] = [
    {
      key: 'number',
      title: t('fields.number'),
      width: 140,
      fixed: 'start',
      brief: true,
      // The stop sits by the number, in the column that stays in view however far the table scrolls.
      render: (_, charge) => (
        <Flex align="center" justify="space-between" gap={4}>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={t('list.open', { id: charge.id })}
            onClick={() => onOpen(charge.id)}
          >
            {charge.id}
          </Button>
          <ChargeStopButton charge={charge} compact />
        </Flex>
      ),
    },
    { key: 'driver', title: t('fields.driver'), width: 200, render: (_, charge) => <DriverCell charge={charge} /> },
    {
      key: 'station',
      title: t('fields.station'),
      width: 180,
      brief: true,
      render: (_, charge) => <EllipsisText text={charge.station.name} />,
    },
    {
      key: 'connector',
      title: t('fields.connector'),
      width: 150,
      render: (_, charge) => <EllipsisText text={connectorText(charge.connector)} />,
    },
    {
      key: 'source',
      title: t('fields.source'),
      width: 150,
      render: (_, charge) => <EllipsisText text={CHARGE_SOURCES[charge.source][lang]} />,
    },
    {
      key: 'started_at',
      title: t('fields.started_at'),
      width: 160,
      brief: true,
      render: (_, charge) => formatDateTime(charge.started_at),
    },
    {
      key: 'finished_at',
      title: t('fields.finished_at'),
      width: 160,
      render: (_, charge) => formatDateTime(charge.finished_at),
    },
    {
      key: 'duration',
      title: t('fields.duration'),
      width: 140,
      brief: true,
      render: (_, charge) => <Duration seconds={charge.duration_seconds} />,
    },
    {
      key: 'consumed',
      title: t('fields.consumed'),
      width: 140,
      align: 'right',
      brief: true,
      render: (_, charge) => formatEnergy(charge.consumed, lang),
    },
    {
      key: 'price',
      title: t('fields.price'),
      width: 110,
      align: 'right',
      render: (_, charge) => (charge.price === null ? null : money(charge.price)),
    },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 110,
      align: 'right',
      render: (_, charge) => money(charge.amount),
    },
    {
      key: 'discount',
      title: t('fields.discount'),
      width: 110,
      align: 'right',
      render: (_, charge) => money(charge.discount),
    },
    {
      key: 'promotion',
      title: t('fields.promotion'),
      width: 180,
      render: (_, charge) => charge.promotion_name && <EllipsisText text={charge.promotion_name} />,
    },
    {
      key: 'total',
      title: t('fields.total'),
      width: 110,
      align: 'right',
      brief: true,
      render: (_, charge) => <ChargeTotal charge={charge}>{money(charge.total)}</ChargeTotal>,
    },
    {
      key: 'payment_method',
      title: t('fields.payment_method'),
      width: 140,
      brief: true,
      render: (_, charge) => <PaymentMethodName method={charge.payment_method} />,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 160,
      brief: true,
      render: (_, charge) => <ChargeStatusTag status={charge.status} />,
    },
    {
      key: 'result',
      title: t('fields.result'),
      width: 120,
      // A charge marked for review says so where its outcome is read.
      render: (_, charge) => (
        <Flex gap={6} align="center">
          <ChargeResultText result={charge.result} />
          <ReviewMark reason={charge.review_reason} />
        </Flex>
      ),
    },
  ];
  const columns = all.filter((column) => !compact || column.brief).map(({ brief: _brief, ...column }) => column);

  return (
    <PagedTable<ChargeListItem>
      rowKey="id"
      columns={columns}
      minWidth={compact ? MIN_WIDTH.compact : MIN_WIDTH.full}
      {...pagedQueryProps(query, list)}
      locale={{ emptyText }}
      onRow={rowOpens((charge) => onOpen(charge.id))}
    />
  );
}

/** The driver's name (a link to their page) over their phone; a start by a tag nobody holds names the tag. */
function DriverCell({ charge }: { charge: ChargeListItem }) {
  const { t } = useTranslation('charges');
  const { driver } = charge;
  return (
    <Flex vertical>
      {driver ? (
        <EllipsisText text={driver.name} to={driverPath(driver.id)} />
      ) : (
        <Typography.Text type="secondary">{t('list.unknown_tag')}</Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {driver ? formatPhone(driver.phone) : (charge.id_tag ?? '')}
      </Typography.Text>
    </Flex>
  );
}
