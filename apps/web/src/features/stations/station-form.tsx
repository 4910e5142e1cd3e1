import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { StationForUpdate } from '@evcms/contracts/stations';
import { DetailContent } from '../../components/resource-detail/resource-detail.tsx';
import { MultilingualResourceForm } from '../../components/resource-form/multilingual-resource-form.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import type { StationChanges } from './station-form-data.ts';
import { StationLanguageFields, StationSharedFields } from './station-form-fields.tsx';
import {
  createBody,
  editChanges,
  EMPTY_STATION_FORM,
  formValuesOf,
  type StationFormValues,
} from './station-form-values.ts';
import { stationPaths, StationNotFound } from './station-route.tsx';
import { stationsApi } from './stations-api.ts';

/** /merchants/merchant/{id}/create-station and /edit-station/{stationId}. */
export function StationForm() {
  const params = useParams();
  const merchantId = parseRouteId(params.id);
  if (merchantId === undefined) return <StationNotFound merchantId={undefined} />;
  if (params.stationId === undefined) return <StationFormBody merchantId={merchantId} />;
  const stationId = parseRouteId(params.stationId);
  return stationId === undefined ? (
    <StationNotFound merchantId={merchantId} />
  ) : (
    <EditStation merchantId={merchantId} stationId={stationId} />
  );
}

function EditStation({ merchantId, stationId }: { merchantId: number; stationId: number }) {
  // Spec 4: the edit form loads the station (always afresh: it starts from what is stored now).
  const stored = useQuery(stationsApi.forUpdateQueryOptions(stationId));
  return (
    <DetailContent
      query={stored}
      notFound={<StationNotFound merchantId={merchantId} />}
      belongs={(station) => station.merchant === merchantId}
    >
      {/* Keyed, so a background refetch does not reset what the user is typing. */}
      {(station) => <StationFormBody key={stationId} merchantId={merchantId} station={station} />}
    </DetailContent>
  );
}

function StationFormBody({ merchantId, station }: { merchantId: number; station?: StationForUpdate }) {
  const { t } = useTranslation('stations');
  const create = useResourceMutation(stationsApi.create);
  const update = useResourceMutation(stationsApi.update);
  const mode = station ? 'edit' : 'create';
  return (
    <MultilingualResourceForm
      initial={station ? formValuesOf(station) : EMPTY_STATION_FORM}
      // Spec 4 'Station update': only what changed, the fields and the connectors in one request (all or nothing).
      changedFields={(_initial, values): StationChanges => (station ? editChanges(station, values) : {})}
      // Files and connectors are not compared as the user types: any change asks before leaving.
      dirtyOnAnyChange
      save={
        station
          ? { update: (changes: StationChanges) => update.mutateAsync({ id: station.id, changes }) }
          : { create: (values: StationFormValues) => create.mutateAsync(createBody(values, merchantId)) }
      }
      texts={{ noChanges: t('form.no_changes'), created: t('form.created'), saved: t('form.saved') }}
      next={(saved) =>
        station ? stationPaths.card(merchantId, saved?.id ?? station.id) : stationPaths.merchant(merchantId)
      }
      renderLanguage={(lang) => <StationLanguageFields lang={lang} />}
    >
      {(form) => <StationSharedFields form={form} mode={mode} station={station} />}
    </MultilingualResourceForm>
  );
}
