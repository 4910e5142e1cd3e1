import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Grid, Image, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { localizedKey } from '@evcms/contracts/localized';
import type { MerchantEnvironmentItem, MerchantTagItem } from '@evcms/contracts/merchants';
import type { Station } from '@evcms/contracts/stations';
import { CatalogItemLabel } from '../../components/catalog-picker/catalog-item.tsx';
import { asCatalogItems } from '../../components/catalog-picker/catalog-items.ts';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { FORM_LANGS } from '../../components/multilingual-stepper/form-langs.ts';
import { ResponsiveDescriptions } from '../../components/responsive-descriptions.tsx';
import { ScheduleSummary } from '../../components/schedule-dialog/schedule-summary.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { StationGallery } from './station-gallery.tsx';
import { StationMessageLog } from './station-message-log.tsx';
import { StationModulesView } from './station-modules-view.tsx';
import { StationOcppCommands } from './station-ocpp-commands.tsx';
import { StationResetButton } from './station-reset.tsx';
import { parseRouteId, stationPaths, StationNotFound } from './station-route.tsx';
import { StationOnlineBadge, StationStatusSwitch } from './station-status.tsx';
import { stationsApi } from './stations-api.ts';

/**
 * /merchants/merchant/{id}/station-info/{stationId}: everything of one station but its OCPP key,
 * with its live state (online, each connector's OCPP status and charge in progress), its OCPP
 * commands and its OCPP messages; the live updates keep them current.
 */
export function StationDetail() {
  const params = useParams();
  const merchantId = parseRouteId(params.id);
  const stationId = parseRouteId(params.stationId);
  if (merchantId === undefined || stationId === undefined) return <StationNotFound merchantId={merchantId} />;
  return <StationDetailOf merchantId={merchantId} stationId={stationId} />;
}

function StationDetailOf({ merchantId, stationId }: { merchantId: number; stationId: number }) {
  const station = useQuery(stationsApi.detailQueryOptions(stationId));
  const notFound = <StationNotFound merchantId={merchantId} />;
  return (
    <QueryContent query={station} notFound={notFound}>
      {/* Another merchant's station at this merchant's address is not here either. */}
      {(data) => (data.merchant === merchantId ? <StationCard station={data} /> : notFound)}
    </QueryContent>
  );
}

function ItemTags({ items }: { items: readonly (MerchantTagItem | MerchantEnvironmentItem)[] }) {
  const { t } = useTranslation('stations');
  if (items.length === 0) return <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
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

function StationCard({ station }: { station: Station }) {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  // On a phone the restart is an icon, so the title keeps room beside the two buttons.
  const phone = Grid.useBreakpoint().sm === false;
  const localized = (field: 'name' | 'address') =>
    FORM_LANGS.map((lang) => {
      const key = localizedKey(field, lang);
      return { key, label: t(`fields.${field}_lang.${lang}`), children: station[key] };
    });

  const details = [
    ...localized('name'),
    { key: 'identity', label: t('fields.identity'), children: <Typography.Text copyable>{station.identity}</Typography.Text> },
    { key: 'pic', label: t('fields.pic'), children: station.pic },
    { key: 'manufacturer', label: t('fields.manufacturer'), children: station.manufacturer || t('detail.none') },
    { key: 'execution_type', label: t('fields.execution_type'), children: t(`execution_type.${station.execution_type}`) },
    ...localized('address'),
    { key: 'location', label: t('fields.location'), children: [station.country_name, station.city_name].filter(Boolean).join(', ') },
    { key: 'coordinates', label: t('fields.coordinates'), children: `${station.latitude}, ${station.longitude}` },
    { key: 'status', label: t('fields.status'), children: <StationStatusSwitch station={station} /> },
    { key: 'online', label: t('ocpp.connection'), children: <StationOnlineBadge online={station.online} /> },
    { key: 'last_seen_at', label: t('ocpp.last_seen'), children: formatDateTime(station.last_seen_at) || t('ocpp.never_seen') },
    { key: 'is_new', label: t('fields.is_new'), children: t(station.is_new ? 'detail.yes' : 'detail.no') },
    { key: 'created_at', label: t('fields.created_at'), children: formatDateTime(station.created_at) },
  ];

  return (
    <Flex vertical gap={24}>
      <Card
        title={
          <Flex align="center" gap={12}>
            {station.avatar && (
              <Image src={station.avatar} alt={t('fields.avatar')} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 8 }} />
            )}
            <span>{station.name}</span>
          </Flex>
        }
        extra={
          <Flex wrap gap="small" justify="flex-end">
            <StationResetButton station={station} compact={phone} />
            <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(stationPaths.edit(station.merchant, station.id))}>
              {t('detail.edit')}
            </Button>
          </Flex>
        }
      >
        <ResponsiveDescriptions items={details} data-testid="station-details" />
      </Card>
      <Card title={t('fields.media_files')}>
        <StationGallery media={station.media_files} />
      </Card>
      <Card title={t('fields.connectors')}>
        <StationModulesView connectors={station.connectors} />
      </Card>
      <StationOcppCommands station={station} />
      <StationMessageLog stationId={station.id} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <Card title={t('fields.schedule')} style={{ height: '100%' }}>
            <ScheduleSummary entries={station.schedule} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('fields.tags')} style={{ height: '100%' }}>
            <ItemTags items={station.tag_items} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('fields.environment')} style={{ height: '100%' }}>
            <ItemTags items={station.environment_items} />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
