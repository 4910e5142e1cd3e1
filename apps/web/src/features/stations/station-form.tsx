import { useQuery } from '@tanstack/react-query';
import { App, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Station, StationForUpdate } from '@evcms/contracts/stations';
import { useConfirm } from '../../components/confirm-modal.ts';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { MultilingualStepper } from '../../components/multilingual-stepper/multilingual-stepper.tsx';
import { refusedSubmitMessage } from '../../components/multilingual-stepper/submit-error.ts';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { StationLanguageFields, StationSharedFields } from './station-form-fields.tsx';
import { createBody, editChanges, EMPTY_STATION_FORM, formValuesOf, type StationFormValues } from './station-form-values.ts';
import { parseRouteId, stationPaths, StationNotFound } from './station-route.tsx';
import { stationsApi } from './stations-api.ts';

/** /merchants/merchant/{id}/create-station and /edit-station/{stationId}. */
export function StationForm() {
  const params = useParams();
  const merchantId = parseRouteId(params.id);
  if (merchantId === undefined) return <StationNotFound merchantId={undefined} />;
  if (params.stationId === undefined) return <StationFormBody merchantId={merchantId} />;
  const stationId = parseRouteId(params.stationId);
  return stationId === undefined ? <StationNotFound merchantId={merchantId} /> : <EditStation merchantId={merchantId} stationId={stationId} />;
}

function EditStation({ merchantId, stationId }: { merchantId: number; stationId: number }) {
  // Spec 4: the edit form loads the station (always afresh: it starts from what is stored now).
  const stored = useQuery(stationsApi.forUpdateQueryOptions(stationId));
  const notFound = <StationNotFound merchantId={merchantId} />;
  return (
    <QueryContent query={stored} notFound={notFound}>
      {(station) =>
        station.merchant !== merchantId ? (
          notFound
        ) : (
          // Keyed, so a background refetch does not reset what the user is typing.
          <StationFormBody key={stationId} merchantId={merchantId} station={station} />
        )
      }
    </QueryContent>
  );
}

function StationFormBody({ merchantId, station }: { merchantId: number; station?: StationForUpdate }) {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  const { message, notification } = App.useApp();
  const { success } = useConfirm();
  const [form] = Form.useForm<StationFormValues>();
  const [initial] = useState(() => (station ? formValuesOf(station) : EMPTY_STATION_FORM));
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const create = useResourceMutation(stationsApi.create);
  const update = useResourceMutation(stationsApi.update);

  const current = (): StationFormValues => ({ ...initial, ...form.getFieldsValue(true) });
  const back = station ? stationPaths.card(merchantId, station.id) : stationPaths.merchant(merchantId);
  const leave = (to: string) => {
    guard.allowNextNavigation();
    void navigate(to);
  };

  /** Spec 4 'Station update': only what changed, the fields and the connectors in one request (all or nothing). */
  const saveEdit = async (before: StationForUpdate, values: StationFormValues): Promise<Station | 'unchanged'> => {
    const changes = editChanges(before, values);
    if (Object.keys(changes).length === 0) return 'unchanged';
    return update.mutateAsync({ id: before.id, changes });
  };

  const submit = async () => {
    let saved: Station | 'unchanged';
    try {
      const values = current();
      saved = station ? await saveEdit(station, values) : await create.mutateAsync(createBody(values, merchantId));
    } catch (error) {
      // Spec 8: the server's field errors go on their fields and the stepper shows the
      // incorrectly-filled-fields alert; a refusal on no field (connectors, a detail) is said as it is.
      const refusal = refusedSubmitMessage(form, error);
      if (refusal) notification.error({ title: refusal });
      return;
    }
    setDirty(false);
    if (saved === 'unchanged') {
      void message.info(t('form.no_changes'));
      leave(back);
      return;
    }
    const to = station ? stationPaths.card(merchantId, saved.id) : stationPaths.merchant(merchantId);
    void success({ title: t(station ? 'form.saved' : 'form.created') }).then(() => leave(to));
  };

  return (
    <Card>
      <MultilingualStepper<StationFormValues>
        form={form}
        mode={station ? 'edit' : 'create'}
        renderLanguage={(lang) => <StationLanguageFields lang={lang} />}
        onSubmit={submit}
        onCancel={() => leave(back)}
        dirty={dirty}
        formProps={{
          initialValues: initial,
          autoComplete: 'off',
          onValuesChange: () => setDirty(true),
        }}
      >
        <StationSharedFields form={form} mode={station ? 'edit' : 'create'} station={station} />
      </MultilingualStepper>
    </Card>
  );
}
