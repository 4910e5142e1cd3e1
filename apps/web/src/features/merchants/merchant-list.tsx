import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Segmented, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Status } from '@evcms/contracts/catalog';
import type { MerchantListItem } from '@evcms/contracts/merchants';
import { BulkStatusButton } from '../../components/bulk-status/bulk-status-button.tsx';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { useListParams } from '../../components/paged-table/use-list-params.ts';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useMerchants } from './api/list-merchants.ts';
import { useSetMerchantStatuses } from './api/set-merchant-statuses.ts';
import { isActive, MerchantStatusTag } from './merchant-status.tsx';
import { formatPhone } from './phone-mask.ts';

type ActiveFilter = 'all' | 'true' | 'false';

/** Merchants: search, status filter, paged table, bulk activate / deactivate of the selected rows. */
export function MerchantList() {
  const { t } = useTranslation('merchants');
  const navigate = useNavigate();
  const list = useListParams({ filters: ['active'] });
  const merchants = useMerchants(list.params);
  const setStatuses = useSetMerchantStatuses();
  // The selection belongs to the rows on screen: another page, search or filter starts afresh.
  const listKey = JSON.stringify(list.params);
  const [selection, setSelection] = useState<{ listKey: string; rows: MerchantListItem[] }>({ listKey, rows: [] });
  const selected = selection.listKey === listKey ? selection.rows : [];
  const filtered = Boolean(list.search || list.filters.active);

  const changeStatuses = async (status: Status) => {
    await setStatuses.mutateAsync({ ids: selected.map((row) => row.id), status });
    setSelection({ listKey, rows: [] });
  };

  // Status sits next to the name so that what a bulk change changes is in view on a laptop screen.
  const columns: TableColumnsType<MerchantListItem> = [
    { title: t('fields.id'), dataIndex: 'id', width: 80 },
    { title: t('fields.name'), dataIndex: 'name', ellipsis: true, width: 200 },
    { title: t('fields.status'), dataIndex: 'status', width: 130, render: (status: Status) => <MerchantStatusTag status={status} /> },
    { title: t('fields.legal_name'), dataIndex: 'legal_name', ellipsis: true, width: 220 },
    { title: t('fields.agreement_number'), dataIndex: 'agreement_number', width: 150 },
    { title: t('fields.city'), dataIndex: 'city_name', width: 130 },
    { title: t('fields.phone'), dataIndex: 'phone', render: (phone: string) => formatPhone(phone), width: 180 },
    {
      title: t('fields.stations_counts'),
      key: 'stations',
      width: 170,
      render: (_, row) => `${row.stations_count} / ${row.active_stations} / ${row.inactive_stations}`,
    },
    { title: t('fields.created_at'), dataIndex: 'created_at', render: (value: string) => formatDateTime(value), width: 150 },
  ];

  return (
    <Card>
      <Flex gap="middle" wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap="middle" wrap>
          <SearchInput
            value={list.search}
            onChange={list.setSearch}
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            style={{ width: 440 }}
          />
          <Segmented<ActiveFilter>
            aria-label={t('list.status_filter')}
            value={(list.filters.active as ActiveFilter | undefined) ?? 'all'}
            onChange={(value) => list.setFilter('active', value === 'all' ? null : value)}
            options={[
              { value: 'all', label: t('list.all') },
              { value: 'true', label: t('status.active') },
              { value: 'false', label: t('status.inactive') },
            ]}
          />
        </Flex>
        <Flex gap="middle" wrap align="center">
          {selected.length > 0 && <Typography.Text>{t('components:bulk.selected', { count: selected.length })}</Typography.Text>}
          <BulkStatusButton selected={selected.map((row) => ({ active: isActive(row.status) }))} onChange={changeStatuses} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/merchants/create-edit-merchant')}>
            {t('list.create')}
          </Button>
        </Flex>
      </Flex>
      {merchants.isError && <Alert type="error" showIcon title={merchants.error.message} style={{ marginBottom: 16 }} />}
      <PagedTable<MerchantListItem>
        data={merchants.data}
        page={list.page}
        pageSize={list.size}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        loading={merchants.isFetching}
        columns={columns}
        rowKey="id"
        scroll={{ x: 'max-content' }}
        locale={filtered ? { emptyText: t('list.nothing_found') } : undefined}
        rowSelection={{
          selectedRowKeys: selected.map((row) => row.id),
          onChange: (_keys, rows) => setSelection({ listKey, rows }),
        }}
        onRow={(row) => ({
          style: { cursor: 'pointer' },
          onClick: (event) => {
            // A click on the selection checkbox selects the row; it must not open it.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            void navigate(`/merchants/merchant/${row.id}`);
          },
        })}
      />
    </Card>
  );
}
