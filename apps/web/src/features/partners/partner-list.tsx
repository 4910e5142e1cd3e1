import { Button, Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Partner } from '@evcms/contracts/partners';
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
import { useLang } from '../../lib/i18n.ts';
import { formatFee, formatPercent } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { partnerPaths } from './partner-paths.ts';
import { partnersApi } from './partners-api.ts';

const rowIsActive = (partner: Partner) => isActive(partner.status);

const MIN_TABLE_WIDTH = 1100;

/**
 * Software rental partners (spec 2.3 /software-rental-partners): search, status filter, a paged
 * table with the fee terms and merchants, a status switch, edit and delete, bulk activate /
 * deactivate of the selected rows (spec 4), and the way to the report.
 */
export function PartnerList() {
  const { t } = useTranslation('partners');
  const lang = useLang();
  const navigate = useNavigate();
  const screen = useListScreen<Partner, never>({
    query: partnersApi.listQueryOptions,
    statuses: { isActive: rowIsActive, setStatuses: partnersApi.setStatuses },
  });
  const actions = useRowActions(screen, partnersApi.remove);

  const toggle = (partner: Partner) =>
    actions.setStatus(partner, toggledStatus(partner.status), listStatusTexts(t, partner.name, rowIsActive(partner)));
  const confirmDelete = (partner: Partner) =>
    actions.remove(partner, listDeleteTexts(t, partner.name), showPageBeforeIfEmptied(screen));

  const columns: TableColumnsType<Partner> = [
    { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 56 },
    { key: 'name', title: t('fields.name'), render: (_, partner) => <EllipsisText text={partner.name} /> },
    {
      key: 'contract',
      title: t('fields.contract_number'),
      width: 150,
      render: (_, partner) => (
        <Flex vertical>
          <span>{partner.contract_number}</span>
          <EllipsisText text={partner.legal_name} />
        </Flex>
      ),
    },
    {
      key: 'contact',
      title: t('fields.contact_person'),
      width: 190,
      render: (_, partner) => (
        <Flex vertical>
          <span>{partner.contact_person}</span>
          <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(partner.phone)}</span>
          <EllipsisText text={partner.email} />
        </Flex>
      ),
    },
    {
      key: 'fee',
      title: t('fields.fee'),
      width: 150,
      align: 'right',
      render: (_, partner) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {partner.fee_model === 'percent'
            ? formatPercent(partner.fee_percent ?? 0, lang)
            : t('units.som_month', { value: formatFee(partner.fee_fixed ?? 0, lang) })}
        </span>
      ),
    },
    {
      key: 'merchants',
      title: t('fields.merchants'),
      width: 180,
      render: (_, partner) => (
        <EllipsisText text={partner.merchants.map((merchant) => merchant.name).join(', ') || '—'} />
      ),
    },
    statusSwitchColumn({
      t,
      testId: 'partner-status-switch',
      isActive: rowIsActive,
      toggling: actions.toggling,
      toggle,
    }),
    editDeleteColumn({
      t,
      edit: (partner) => void navigate(partnerPaths.edit(partner.id)),
      remove: (partner) => void confirmDelete(partner),
      deleteRefusal: (partner) => rowIsActive(partner) && t('list.delete_active'),
    }),
  ];

  return (
    <ListCard>
      <ListToolbar
        screen={screen}
        searchLabel={t('list.search')}
        searchWidth={300}
        actions={
          <Flex gap="small">
            <Button onClick={() => void navigate(partnerPaths.report)}>{t('list.report')}</Button>
            <CreateButton to={partnerPaths.create}>{t('list.create')}</CreateButton>
          </Flex>
        }
      />
      <ListScreenTable<Partner>
        screen={screen}
        columns={columns}
        minWidth={MIN_TABLE_WIDTH}
        emptyText={t('list.empty')}
      />
    </ListCard>
  );
}
