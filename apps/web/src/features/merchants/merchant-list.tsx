import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MerchantListItem } from '@evcms/contracts/merchants';
import { isActive, type Status } from '@evcms/contracts/status';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { ListToolbar } from '../../components/list-screen/list-toolbar.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { merchantsApi } from './merchants-api.ts';
import { MerchantStatusTag } from './merchant-status.tsx';
import { formatPhone } from './phone-mask.ts';

const rowIsActive = (row: MerchantListItem) => isActive(row.status);

/** Merchants: search, status filter, paged table, bulk activate / deactivate of the selected rows. */
export function MerchantList() {
  const { t } = useTranslation('merchants');
  const navigate = useNavigate();
  const screen = useListScreen<MerchantListItem>(merchantsApi, rowIsActive);

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
      <Flex vertical gap="middle">
        <ListToolbar
          screen={screen}
          searchLabel={t('list.search')}
          searchWidth={440}
          actions={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/merchants/create-edit-merchant')}>
              {t('list.create')}
            </Button>
          }
        />
        <ListScreenTable<MerchantListItem>
          screen={screen}
          columns={columns}
          scroll={{ x: 'max-content' }}
          onRow={(row) => ({
            style: { cursor: 'pointer' },
            onClick: (event) => {
              // A click on the selection checkbox selects the row; it must not open it.
              if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
              void navigate(`/merchants/merchant/${row.id}`);
            },
          })}
        />
      </Flex>
    </Card>
  );
}
