import { Flex, Image, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { promotionListQuery, type PromotionListItem } from '@evcms/contracts/promotions';
import { isActive, toggledStatus } from '@evcms/contracts/status';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { CreateButton } from '../../components/list-screen/create-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { ListToolbar } from '../../components/list-screen/list-toolbar.tsx';
import { editDeleteColumn, statusSwitchColumn } from '../../components/list-screen/row-buttons.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import {
  listDeleteTexts,
  listStatusTexts,
  showPageBeforeIfEmptied,
  useRowActions,
} from '../../components/list-screen/use-row-actions.ts';
import { DateRangeFilter, rangeFilterProps } from '../../components/range-filters/range-filters.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { contractFilters } from '../../lib/list-filters.ts';
import { formatFee, formatPercent } from '../../lib/number-format.ts';
import { promotionPaths } from './promotion-paths.ts';
import { promotionsApi } from './promotions-api.ts';

const rowIsActive = (promotion: PromotionListItem) => isActive(promotion.status);

/** The list's own filters, under the API's names: the Bishkek days the promotion's period meets. */
const PROMOTION_FILTERS = ['period__from', 'period__to'] as const;
type PromotionFilter = (typeof PROMOTION_FILTERS)[number];
const promotionFiltersToSend = contractFilters(promotionListQuery.shape, PROMOTION_FILTERS);

const hhmm = (time: string | null) => time?.slice(0, 5) ?? '';

// The fixed columns take about 880 px and the name what is left (at least 140: it fits a 1366 px laptop's card);
// a narrower card scrolls the table sideways.
const MIN_TABLE_WIDTH = 1024;

/**
 * Promotions (spec 2.3 /promotions): search, status and period filters, a paged table with a
 * status switch (an ended promotion's activation is refused by the server, which says why), edit
 * and delete, and bulk activate / deactivate of the selected rows (spec 4).
 */
export function PromotionList() {
  const { t } = useTranslation('promotions');
  const lang = useLang();
  const navigate = useNavigate();
  const screen = useListScreen<PromotionListItem, PromotionFilter>({
    query: promotionsApi.listQueryOptions,
    filters: PROMOTION_FILTERS,
    send: promotionFiltersToSend,
    statuses: { isActive: rowIsActive, setStatuses: promotionsApi.setStatuses },
  });
  const actions = useRowActions(screen, promotionsApi.remove);

  // The bulk call with one id: a refused activation (409, the promotion has ended) says why.
  const toggle = (promotion: PromotionListItem) =>
    actions.setStatus(
      promotion,
      toggledStatus(promotion.status),
      listStatusTexts(t, promotion.name, rowIsActive(promotion)),
    );

  // A 409 (it gave discounts, or was activated meanwhile) carries the server's explanation.
  const confirmDelete = (promotion: PromotionListItem) =>
    actions.remove(promotion, listDeleteTexts(t, promotion.name), showPageBeforeIfEmptied(screen));

  const columns: TableColumnsType<PromotionListItem> = [
    { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 56 },
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, promotion) => (
        <Flex gap="small" align="center">
          <Image
            src={promotion.image}
            alt={promotion.name}
            width={48}
            height={27}
            style={{ objectFit: 'cover', flex: 'none' }}
          />
          <EllipsisText text={promotion.name} />
        </Flex>
      ),
    },
    {
      key: 'initiator',
      title: t('fields.initiator'),
      width: 130,
      render: (_, promotion) => (
        <Flex vertical>
          <span>{promotion.initiator_name}</span>
          {promotion.merchant_name && <EllipsisText text={promotion.merchant_name} />}
        </Flex>
      ),
    },
    {
      key: 'discount',
      title: t('fields.discount'),
      width: 128,
      align: 'right',
      render: (_, promotion) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {promotion.discount_percent !== null
            ? formatPercent(promotion.discount_percent, lang)
            : t('units.som_value', { value: formatFee(promotion.discount_amount ?? 0, lang) })}
        </span>
      ),
    },
    {
      // The period and, under it, the happy hours of each day in it.
      key: 'period',
      title: t('fields.period'),
      width: 170,
      render: (_, promotion) => (
        <Flex vertical>
          <span>{formatDateTime(promotion.start_at)}</span>
          <span>{formatDateTime(promotion.end_at)}</span>
          <Typography.Text type="secondary">
            {t('fields.happy_hours')}:{' '}
            {promotion.happy_hours_start
              ? `${hhmm(promotion.happy_hours_start)}–${hhmm(promotion.happy_hours_end)}`
              : t('list.all_day')}
          </Typography.Text>
          {promotion.expired && (
            <Tag color="default" style={{ width: 'fit-content' }}>
              {t('list.expired')}
            </Tag>
          )}
        </Flex>
      ),
    },
    { key: 'stations', title: t('fields.stations'), dataIndex: 'stations_count', width: 124, align: 'right' },
    statusSwitchColumn({
      t,
      testId: 'promotion-status-switch',
      isActive: rowIsActive,
      toggling: actions.toggling,
      toggle,
    }),
    editDeleteColumn({
      t,
      edit: (promotion) => void navigate(promotionPaths.edit(promotion.id)),
      remove: (promotion) => void confirmDelete(promotion),
      deleteRefusal: (promotion) => rowIsActive(promotion) && t('list.delete_active'),
    }),
  ];

  return (
    <ListCard>
      <ListToolbar
        screen={screen}
        searchLabel={t('list.search')}
        searchWidth={260}
        filters={
          <DateRangeFilter
            label={t('list.period')}
            placeholders={[t('list.date_from'), t('list.date_to')]}
            {...rangeFilterProps(screen.shown, 'period')}
            style={{ width: 280 }}
          />
        }
        actions={<CreateButton to={promotionPaths.create}>{t('list.create')}</CreateButton>}
      />
      <ListScreenTable<PromotionListItem>
        screen={screen}
        columns={columns}
        minWidth={MIN_TABLE_WIDTH}
        emptyText={t('list.empty')}
      />
    </ListCard>
  );
}
