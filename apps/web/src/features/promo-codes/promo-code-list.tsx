import { HistoryOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promoCodeListQuery, type PromoCode } from '@evcms/contracts/promo-codes';
import { isActive, toggledStatus } from '@evcms/contracts/status';
import { ExportButton } from '../../components/export-button/export-button.tsx';
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
import { formatFee } from '../../lib/number-format.ts';
import { PromoCodeDialog, type PromoCodeDialogMode } from './promo-code-dialog.tsx';
import { PromoCodeRedemptions } from './promo-code-redemptions.tsx';
import { promoCodesApi } from './promo-codes-api.ts';

const rowIsActive = (code: PromoCode) => isActive(code.status);

/** The list's own filters, under the API's names: the Bishkek days the code's validity meets. */
const PROMO_CODE_FILTERS = ['period__from', 'period__to'] as const;
type PromoCodeFilter = (typeof PROMO_CODE_FILTERS)[number];
const promoCodeFiltersToSend = contractFilters(promoCodeListQuery.shape, PROMO_CODE_FILTERS);

const MIN_TABLE_WIDTH = 1100;

/**
 * Promo codes (spec 2.3 /list-of-promotional-codes, PRODUCT.md 'Promo code'): search by code,
 * status and validity filters, a paged table with each code's uses so far and left, a status
 * switch, bulk activate / deactivate, delete (refused by the server once redeemed, which says
 * why), a code's redemptions in a drawer, one code made or a batch generated in a dialog, and the
 * list's export.
 */
export function PromoCodeList() {
  const { t } = useTranslation('promo-codes');
  const lang = useLang();
  const screen = useListScreen<PromoCode, PromoCodeFilter>({
    query: promoCodesApi.listQueryOptions,
    filters: PROMO_CODE_FILTERS,
    send: promoCodeFiltersToSend,
    statuses: { isActive: rowIsActive, setStatuses: promoCodesApi.setStatuses },
  });
  const actions = useRowActions(screen, promoCodesApi.remove);
  const [dialog, setDialog] = useState<{ mode: PromoCodeDialogMode; stored?: PromoCode } | null>(null);
  const [opened, setOpened] = useState<PromoCode | null>(null);

  const toggle = (code: PromoCode) =>
    actions.setStatus(code, toggledStatus(code.status), listStatusTexts(t, code.code, rowIsActive(code)));
  const confirmDelete = (code: PromoCode) =>
    actions.remove(code, listDeleteTexts(t, code.code), showPageBeforeIfEmptied(screen));

  const columns: TableColumnsType<PromoCode> = [
    {
      key: 'code',
      title: t('fields.code'),
      render: (_, code) => (
        <Flex vertical>
          <Typography.Text strong copyable>
            {code.code}
          </Typography.Text>
          {code.batch && <Typography.Text type="secondary">{t('list.batch', { batch: code.batch })}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'bonus',
      title: t('fields.bonus'),
      width: 120,
      align: 'right',
      render: (_, code) => (
        <span style={{ whiteSpace: 'nowrap' }}>{t('units.som_value', { value: formatFee(code.bonus, lang) })}</span>
      ),
    },
    {
      key: 'validity',
      title: t('fields.validity'),
      width: 170,
      render: (_, code) => (
        <Flex vertical>
          <span>{code.valid_from ? formatDateTime(code.valid_from) : t('list.open_start')}</span>
          <span>{code.valid_to ? formatDateTime(code.valid_to) : t('list.open_end')}</span>
          {code.expired && (
            <Tag color="default" style={{ width: 'fit-content' }}>
              {t('list.expired')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'uses',
      title: t('fields.uses'),
      width: 150,
      render: (_, code) => (
        <Flex vertical>
          <span>{t('list.used', { count: code.used_count })}</span>
          <Typography.Text type="secondary">
            {code.remaining === null ? t('list.unlimited') : t('list.remaining', { count: code.remaining })}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'per_driver', title: t('fields.uses_per_driver'), dataIndex: 'uses_per_driver', width: 120, align: 'right' },
    statusSwitchColumn({
      t,
      testId: 'promo-code-status-switch',
      isActive: rowIsActive,
      toggling: actions.toggling,
      toggle,
    }),
    editDeleteColumn({
      t,
      width: 152,
      before: (code) => (
        <Tooltip title={t('list.redemptions')}>
          <Button
            aria-label={t('list.redemptions_of', { code: code.code })}
            icon={<HistoryOutlined aria-hidden />}
            onClick={() => setOpened(code)}
          />
        </Tooltip>
      ),
      edit: (code) => setDialog({ mode: 'edit', stored: code }),
      remove: (code) => void confirmDelete(code),
      deleteRefusal: (code) => code.used_count > 0 && t('list.delete_redeemed'),
    }),
  ];

  return (
    <>
      <ListCard>
        <ListToolbar
          screen={screen}
          searchLabel={t('list.search')}
          searchWidth={240}
          filters={
            <DateRangeFilter
              label={t('list.period')}
              placeholders={[t('list.date_from'), t('list.date_to')]}
              {...rangeFilterProps(screen.shown, 'period')}
              style={{ width: 280 }}
            />
          }
          actions={
            <>
              <ExportButton
                path={promoCodesApi.exportPath}
                query={{
                  ...(screen.params.search && { search: screen.params.search }),
                  ...(screen.params.active && { active: screen.params.active }),
                  ...screen.sent,
                }}
                fileName="promo-codes"
              />
              <Button icon={<ThunderboltOutlined aria-hidden />} onClick={() => setDialog({ mode: 'generate' })}>
                {t('list.generate')}
              </Button>
              <CreateButton onClick={() => setDialog({ mode: 'create' })}>{t('list.create')}</CreateButton>
            </>
          }
        />
        <ListScreenTable<PromoCode>
          screen={screen}
          columns={columns}
          minWidth={MIN_TABLE_WIDTH}
          emptyText={t('list.empty')}
        />
      </ListCard>
      {dialog && <PromoCodeDialog mode={dialog.mode} stored={dialog.stored} onClose={() => setDialog(null)} />}
      <PromoCodeRedemptions code={opened} onClose={() => setOpened(null)} />
    </>
  );
}
