import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@evcms/contracts/common';
import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { pagedQueryProps } from '../../components/paged-table/paged-query-props.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import type { ListState } from '../../components/paged-table/use-list-params.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { driverPaths } from './driver-route.tsx';
import { Money } from './driver-values.tsx';

export interface BalanceEntriesTableProps<F extends string> {
  query: UseQueryResult<Paged<BalanceEntry>>;
  list: ListState<F>;
  /** The ledger of every driver names each entry's driver; one driver's page does not. */
  showDriver: boolean;
  emptyText: ReactNode;
}

/** A debit or a credit: an empty cell when zero, so each row reads as the one movement it is. */
function Movement({ value, sign }: { value: number; sign: '+' | '−' }) {
  const lang = useLang();
  if (value === 0) return null;
  return (
    <Typography.Text type={sign === '+' ? 'success' : 'danger'} style={{ whiteSpace: 'nowrap' }}>
      {sign}
      {formatFee(value, lang)}
    </Typography.Text>
  );
}

// Date, driver, method and the sums are fixed (the sums wide enough for 'Зачисление,' whole on a
// line of its own), the reason takes what is left, at least 150 px:
// a 1366 px laptop sees every column (the whole ledger's manager joins from 1600 px), a narrower
// card scrolls the table sideways inside it.
const MIN_WIDTH = { withDriver: 1030, withoutDriver: 990 };

/**
 * Ledger entries (spec 3 'Balance transaction': date, base, method, debit, credit, deposit),
 * newest first: the manager who wrote a top-up, and the deposit, the balance after the entry.
 */
export function BalanceEntriesTable<F extends string>({
  query,
  list,
  showDriver,
  emptyText,
}: BalanceEntriesTableProps<F>) {
  const { t } = useTranslation('drivers');
  const lang = useLang();

  const columns: TableColumnsType<BalanceEntry> = [
    {
      key: 'date',
      title: t('ledger.date'),
      dataIndex: 'date',
      width: 140,
      render: (value: string) => formatDateTime(value),
    },
    ...(showDriver
      ? [
          {
            key: 'driver',
            title: t('ledger.driver'),
            width: 210,
            render: (_: unknown, entry: BalanceEntry) => (
              <Flex vertical>
                <EllipsisText text={entry.driver.name} to={driverPaths.detail(entry.driver.id)} />
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {entry.driver.account} · {formatPhone(entry.driver.phone)}
                </Typography.Text>
              </Flex>
            ),
          },
        ]
      : []),
    {
      key: 'reason',
      title: t('ledger.reason'),
      dataIndex: 'reason',
      render: (text: string) => <EllipsisText text={text} />,
    },
    // A method's name is two or three words: they wrap rather than be cut.
    { key: 'method', title: t('ledger.method'), dataIndex: 'method_name', width: 140 },
    {
      key: 'debit',
      title: t('ledger.debit'),
      width: 140,
      align: 'right',
      render: (_, entry) => <Movement value={entry.debit} sign="−" />,
    },
    {
      key: 'credit',
      title: t('ledger.credit'),
      width: 140,
      align: 'right',
      render: (_, entry) => <Movement value={entry.credit} sign="+" />,
    },
    {
      key: 'deposit',
      title: t('ledger.deposit'),
      width: 110,
      align: 'right',
      render: (_, entry) => <Money value={entry.deposit} lang={lang} />,
    },
    {
      key: 'manager',
      title: t('ledger.manager'),
      width: 130,
      ...(showDriver && { responsive: ['xxl'] as const }),
      render: (_, entry) => <EllipsisText text={entry.manager ?? ''} />,
    },
  ];

  return (
    <PagedTable<BalanceEntry>
      rowKey="id"
      columns={columns}
      minWidth={showDriver ? MIN_WIDTH.withDriver : MIN_WIDTH.withoutDriver}
      {...pagedQueryProps(query, list)}
      locale={{ emptyText }}
    />
  );
}
