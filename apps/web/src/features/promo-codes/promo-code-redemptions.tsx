import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@evcms/contracts/common';
import type { PromoCode, PromoCodeRedemption } from '@evcms/contracts/promo-codes';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { promoCodesApi } from './promo-codes-api.ts';

/** A code's redemptions in a drawer beside the list: date, driver, the manager who applied it, the amount. */
export function PromoCodeRedemptions({ code, onClose }: { code: PromoCode | null; onClose: () => void }) {
  const { t } = useTranslation('promo-codes');
  return (
    <Drawer
      open={code !== null}
      onClose={onClose}
      title={code && t('redemptions.title', { code: code.code })}
      closable={{ 'aria-label': t('redemptions.close') }}
      size="large"
      destroyOnHidden
    >
      {code && <RedemptionsTable id={code.id} />}
    </Drawer>
  );
}

function RedemptionsTable({ id }: { id: number }) {
  const { t } = useTranslation('promo-codes');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const query = useQuery(promoCodesApi.redemptionsQueryOptions(id, { page, size }));

  const columns: TableColumnsType<PromoCodeRedemption> = [
    { key: 'date', title: t('redemptions.date'), width: 140, render: (_, row) => formatDateTime(row.date) },
    {
      key: 'driver',
      title: t('redemptions.driver'),
      render: (_, row) => (
        <Flex vertical>
          <span>{row.driver.name}</span>
          <Typography.Text type="secondary">{formatPhone(row.driver.phone)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'manager',
      title: t('redemptions.manager'),
      render: (_, row) => row.manager ?? t('redemptions.by_driver'),
    },
    {
      key: 'amount',
      title: t('redemptions.amount'),
      width: 110,
      align: 'right',
      render: (_, row) => t('units.som_value', { value: formatFee(row.amount, lang) }),
    },
  ];

  return (
    <PagedTable<PromoCodeRedemption>
      rowKey="id"
      columns={columns}
      data={query.data}
      loading={query.isFetching}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      page={page}
      pageSize={size}
      onPageChange={setPage}
      onSizeChange={(next) => {
        setSize(next);
        setPage(1);
      }}
      locale={{ emptyText: t('redemptions.empty') }}
    />
  );
}
