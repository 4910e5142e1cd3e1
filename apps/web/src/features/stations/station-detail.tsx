import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Grid, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { localizedKey } from '@evcms/contracts/localized';
import type { Station } from '@evcms/contracts/stations';
import { FORM_LANGS } from '../../components/multilingual-stepper/form-langs.ts';
import { DetailContent, DetailHeader, ScheduleAndItems } from '../../components/resource-detail/resource-detail.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { StationGallery } from './station-gallery.tsx';
import { StationMessageLog } from './station-message-log.tsx';
import { StationModulesView } from './station-modules-view.tsx';
import { StationOcppCommands } from './station-ocpp-commands.tsx';
import { StationResetButton } from './station-reset.tsx';
import { stationPaths, StationNotFound } from './station-route.tsx';
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
  return (
    // Another merchant's station at this merchant's address is not here either.
    <DetailContent
      query={station}
      notFound={<StationNotFound merchantId={merchantId} />}
      belongs={(data) => data.merchant === merchantId}
    >
      {(data) => <StationCard station={data} />}
    </DetailContent>
  );
}

function StationCard({ station }: { station: Station }) {
  const { t } = useTranslation('stations');
  // On a phone the restart is an icon, so the title keeps room beside the two buttons.
  const phone = Grid.useBreakpoint().sm === false;
  const localized = (field: 'name' | 'address') =>
    FORM_LANGS.map((lang) => {
      const key = localizedKey(field, lang);
      return { key, label: t(`fields.${field}_lang.${lang}`), children: station[key] };
    });

  const details = [
    ...localized('name'),
    {
      key: 'identity',
      label: t('fields.identity'),
      children: <Typography.Text copyable>{station.identity}</Typography.Text>,
    },
    { key: 'pic', label: t('fields.pic'), children: station.pic },
    { key: 'manufacturer', label: t('fields.manufacturer'), children: station.manufacturer || t('detail.none') },
    {
      key: 'execution_type',
      label: t('fields.execution_type'),
      children: t(`execution_type.${station.execution_type}`),
    },
    {
      key: 'security_profile',
      label: t('fields.security_profile'),
      children: t(`security_profile.${station.security_profile}`),
    },
    ...localized('address'),
    {
      key: 'location',
      label: t('fields.location'),
      children: [station.country_name, station.city_name].filter(Boolean).join(', '),
    },
    { key: 'coordinates', label: t('fields.coordinates'), children: `${station.latitude}, ${station.longitude}` },
    { key: 'status', label: t('fields.status'), children: <StationStatusSwitch station={station} /> },
    { key: 'online', label: t('ocpp.connection'), children: <StationOnlineBadge online={station.online} /> },
    {
      key: 'last_seen_at',
      label: t('ocpp.last_seen'),
      children: formatDateTime(station.last_seen_at) || t('ocpp.never_seen'),
    },
    { key: 'is_new', label: t('fields.is_new'), children: t(station.is_new ? 'detail.yes' : 'detail.no') },
    { key: 'created_at', label: t('fields.created_at'), children: formatDateTime(station.created_at) },
  ];

  return (
    <Flex vertical gap={24}>
      <DetailHeader
        title={
          <Flex align="center" gap={12}>
            {station.avatar && (
              <Image
                src={station.avatar}
                alt={t('fields.avatar')}
                width={40}
                height={40}
                style={{ objectFit: 'cover', borderRadius: 8 }}
              />
            )}
            <span>{station.name}</span>
          </Flex>
        }
        items={details}
        actions={<StationResetButton station={station} compact={phone} />}
        editTo={stationPaths.edit(station.merchant, station.id)}
        editText={t('detail.edit')}
        data-testid="station-details"
      />
      <Card title={t('fields.media_files')}>
        <StationGallery media={station.media_files} />
      </Card>
      <Card title={t('fields.connectors')}>
        <StationModulesView connectors={station.connectors} />
      </Card>
      <StationOcppCommands station={station} />
      <StationMessageLog stationId={station.id} />
      <ScheduleAndItems
        schedule={station.schedule}
        tagItems={station.tag_items}
        environmentItems={station.environment_items}
        texts={{
          schedule: t('fields.schedule'),
          tags: t('fields.tags'),
          environment: t('fields.environment'),
          none: t('detail.none'),
        }}
      />
    </Flex>
  );
}
