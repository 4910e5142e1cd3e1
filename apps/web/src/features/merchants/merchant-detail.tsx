import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { localizedKey } from '@evcms/contracts/localized';
import type { Merchant } from '@evcms/contracts/merchants';
import { FORM_LANGS } from '../../components/multilingual-stepper/form-langs.ts';
import { DetailContent, DetailHeader, ScheduleAndItems } from '../../components/resource-detail/resource-detail.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatPercent } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { MerchantNotFound } from './merchant-route.tsx';
import { MerchantStatusSwitch } from './merchant-status-switch.tsx';
import { merchantsApi } from './merchants-api.ts';

export interface MerchantDetailProps {
  /**
   * The merchant's station list, under its counts. The stations feature owns it, and a feature
   * does not import another: the app composes the two (app/pages/merchant-detail-page.tsx).
   */
  stations: (merchant: Merchant) => ReactNode;
}

/** /merchants/merchant/{id}: everything about one merchant, its schedule, tags, infrastructure and stations. */
export function MerchantDetail({ stations }: MerchantDetailProps) {
  const id = parseRouteId(useParams().id);
  return id === undefined ? <MerchantNotFound /> : <MerchantDetailOf id={id} stations={stations} />;
}

function MerchantDetailOf({ id, stations }: { id: number } & MerchantDetailProps) {
  const merchant = useQuery(merchantsApi.detailQueryOptions(id));
  return (
    <DetailContent query={merchant} notFound={<MerchantNotFound />}>
      {(data) => <MerchantCard merchant={data} stations={stations} />}
    </DetailContent>
  );
}

function MerchantCard({ merchant, stations }: { merchant: Merchant } & MerchantDetailProps) {
  const { t } = useTranslation('merchants');
  const uiLang = useLang();
  const location = [merchant.country_name, merchant.district_name, merchant.city_name, merchant.street]
    .filter(Boolean)
    .join(', ');

  const details = [
    ...FORM_LANGS.map((lang) => {
      const name = localizedKey('name', lang);
      return { key: name, label: t(`fields.name_lang.${lang}`), children: merchant[name] };
    }),
    { key: 'agreement_number', label: t('fields.agreement_number'), children: merchant.agreement_number },
    { key: 'legal_name', label: t('fields.legal_name'), children: merchant.legal_name },
    { key: 'location', label: t('fields.location'), children: location },
    { key: 'phone', label: t('fields.phone'), children: formatPhone(merchant.phone) },
    { key: 'email', label: t('fields.email'), children: merchant.email },
    { key: 'percentage', label: t('fields.percentage'), children: formatPercent(merchant.percentage, uiLang) },
    { key: 'status', label: t('fields.status'), children: <MerchantStatusSwitch merchant={merchant} /> },
    { key: 'created_by', label: t('fields.created_by'), children: merchant.created_by ?? t('detail.account_gone') },
    { key: 'created_at', label: t('fields.created_at'), children: formatDateTime(merchant.created_at) },
  ];

  return (
    <Flex vertical gap={24}>
      <DetailHeader
        title={merchant.name}
        items={details}
        editTo={`/merchants/create-edit-merchant/${merchant.id}`}
        editText={t('detail.edit')}
        data-testid="merchant-details"
      />
      <ScheduleAndItems
        schedule={merchant.schedule}
        tagItems={merchant.tag_items}
        environmentItems={merchant.environment_items}
        texts={{
          schedule: t('fields.schedule'),
          tags: t('fields.tags'),
          environment: t('fields.environment'),
          none: t('detail.none'),
        }}
      />
      <Card title={t('fields.stations')}>
        <Flex gap={48} wrap style={{ marginBottom: 16 }}>
          <Statistic title={t('detail.stations_total')} value={merchant.stations_count} />
          <Statistic title={t('detail.stations_active')} value={merchant.active_stations} />
          <Statistic title={t('detail.stations_inactive')} value={merchant.inactive_stations} />
        </Flex>
        {stations(merchant)}
      </Card>
    </Flex>
  );
}
