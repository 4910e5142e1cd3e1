import { Button, Flex, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lang } from '@evcms/contracts/i18n';
import { REFERRAL_STATUSES } from '@evcms/contracts/referrals';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { pagedQueryProps } from '../../components/paged-table/paged-query-props.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { DateRangeFilter, rangeFilterProps } from '../../components/range-filters/range-filters.tsx';
import { SearchSelect } from '../../components/search-select/search-select.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';
import { ReferralSettingsCard } from './referral-settings.tsx';
import { REFERRAL_FILTERS, referralFiltersToSend, referralsApi, type ReferralLine } from './referrals-api.ts';

/**
 * /list-of-referrals (issue 32): the bonuses' settings above the invitations, newest link first,
 * filtered by the linked day, a driver on either side and status, and downloaded as xlsx or csv.
 */
export function ReferralList() {
  const { t } = useTranslation('referrals');
  const lang = useLang();
  const { list, shown, sent, query, filtered } = useListScreen({
    query: referralsApi.listQueryOptions,
    filters: REFERRAL_FILTERS,
    send: referralFiltersToSend,
    search: false,
  });
  const picked = referralFiltersToSend(shown.shown);

  return (
    <Flex vertical gap={24}>
      <ReferralSettingsCard />
      <ListCard>
        <Flex wrap gap="middle" align="center">
          <DateRangeFilter
            label={t('filters.period')}
            placeholders={[t('filters.date_from'), t('filters.date_to')]}
            {...rangeFilterProps(shown, 'period')}
            labelled
            style={{ width: 360 }}
          />
          <SearchSelect
            value={picked.driver ? Number(picked.driver) : undefined}
            onChange={(id) => shown.setFilter('driver', id === undefined ? null : String(id))}
            options={referralsApi.driverOptionsQueryOptions}
            placeholder={t('filters.driver')}
            aria-label={t('filters.driver')}
            notFound={t('filters.driver_none')}
            clearLabel={t('filters.clear', { field: t('filters.driver') })}
            style={{ width: 260 }}
          />
          <Select<string>
            aria-label={t('filters.status')}
            value={picked.status ?? ''}
            options={[
              { value: '', label: t('filters.status_all') },
              ...REFERRAL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
            ]}
            onChange={(value) => shown.setFilter('status', value || null)}
            style={{ width: 180 }}
          />
          {filtered && <Button onClick={shown.reset}>{t('filters.reset')}</Button>}
          <div style={{ marginInlineStart: 'auto' }}>
            <ExportButton path="/referrals/export/" query={sent} fileName="referrals" />
          </div>
        </Flex>
        <PagedTable<ReferralLine>
          {...pagedQueryProps(query, list)}
          rowKey="id"
          columns={referralColumns(t, lang)}
          locale={{ emptyText: t(filtered ? 'nothing_found' : 'empty') }}
          data-testid="referral-list"
        />
      </ListCard>
    </Flex>
  );
}

const driverLink = (driver: { id: number; name: string }) => <Link to={`/users/user/${driver.id}`}>{driver.name}</Link>;

type Translate = ReturnType<typeof useTranslation<'referrals'>>['t'];

function referralColumns(t: Translate, lang: Lang): ColumnsType<ReferralLine> {
  const bonus = (value: number | null) =>
    value === null ? '—' : `${formatFee(value, lang)} ${t('settings.currency')}`;
  return [
    { key: 'inviter', title: t('columns.inviter'), render: (_, row) => driverLink(row.inviter) },
    { key: 'invited', title: t('columns.invited'), render: (_, row) => driverLink(row.invited) },
    { key: 'linked_at', title: t('columns.linked_at'), render: (_, row) => formatDateTime(row.linked_at) },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, row) => <Tag color={row.status === 'rewarded' ? 'green' : 'gold'}>{t(`status.${row.status}`)}</Tag>,
    },
    {
      key: 'inviter_bonus',
      title: t('columns.inviter_bonus'),
      align: 'right',
      render: (_, row) => bonus(row.inviter_bonus),
    },
    {
      key: 'invited_bonus',
      title: t('columns.invited_bonus'),
      align: 'right',
      render: (_, row) => bonus(row.invited_bonus),
    },
    {
      key: 'rewarded_at',
      title: t('columns.rewarded_at'),
      render: (_, row) => (row.rewarded_at ? formatDateTime(row.rewarded_at) : '—'),
    },
  ];
}
