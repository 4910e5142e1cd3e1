import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { localizedKey } from '@evcms/contracts/localized';
import type { Merchant } from '@evcms/contracts/merchants';
import { CatalogItemLabel } from '../../components/catalog-picker/catalog-item.tsx';
import { asCatalogItems } from '../../components/catalog-picker/catalog-items.ts';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { FORM_LANGS } from '../../components/multilingual-stepper/form-langs.ts';
import { ResponsiveDescriptions } from '../../components/responsive-descriptions.tsx';
import { ScheduleSummary } from '../../components/schedule-dialog/schedule-summary.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatPercent } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { MerchantNotFound, parseMerchantId } from './merchant-route.tsx';
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
  const id = parseMerchantId(useParams().id);
  return id === undefined ? <MerchantNotFound /> : <MerchantDetailOf id={id} stations={stations} />;
}

function MerchantDetailOf({ id, stations }: { id: number } & MerchantDetailProps) {
  const merchant = useQuery(merchantsApi.detailQueryOptions(id));
  return (
    <QueryContent query={merchant} notFound={<MerchantNotFound />}>
      {(data) => <MerchantCard merchant={data} stations={stations} />}
    </QueryContent>
  );
}

function ItemTags({ items, empty }: { items: Merchant['tag_items'] | Merchant['environment_items']; empty: ReactNode }) {
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex wrap gap="small">
      {asCatalogItems(items).map((item) => (
        <Tag key={item.id} style={{ marginInlineEnd: 0 }}>
          <CatalogItemLabel item={item} />
        </Tag>
      ))}
    </Flex>
  );
}

function MerchantCard({ merchant, stations }: { merchant: Merchant } & MerchantDetailProps) {
  const { t } = useTranslation('merchants');
  const uiLang = useLang();
  const navigate = useNavigate();
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
      <Card
        title={merchant.name}
        extra={
          <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(`/merchants/create-edit-merchant/${merchant.id}`)}>
            {t('detail.edit')}
          </Button>
        }
      >
        <ResponsiveDescriptions items={details} data-testid="merchant-details" />
      </Card>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <Card title={t('fields.schedule')} style={{ height: '100%' }}>
            <ScheduleSummary entries={merchant.schedule} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('fields.tags')} style={{ height: '100%' }}>
            <ItemTags items={merchant.tag_items} empty={t('detail.none')} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('fields.environment')} style={{ height: '100%' }}>
            <ItemTags items={merchant.environment_items} empty={t('detail.none')} />
          </Card>
        </Col>
      </Row>
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
