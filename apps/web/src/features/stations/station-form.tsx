import { useQuery } from '@tanstack/react-query';
import { App, Card, Form } from 'antd';
import { useRef, useState } from 'react';
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
import { createBody, editRequests, EMPTY_STATION_FORM, formValuesOf, type StationFormValues } from './station-form-values.ts';
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
  // What is stored now: after the station's own fields were saved and its connectors refused,
  // a second try sends only the connectors (and never the same new files twice).
  const stored = useRef(station);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const create = useResourceMutation(stationsApi.create);
  const update = useResourceMutation(stationsApi.update);
  const updateConnectors = useResourceMutation(stationsApi.updateConnectors);

  const current = (): StationFormValues => ({ ...initial, ...form.getFieldsValue(true) });
  const back = station ? stationPaths.card(merchantId, station.id) : stationPaths.merchant(merchantId);
  const leave = (to: string) => {
    guard.allowNextNavigation();
    void navigate(to);
  };

  /** Spec 4 'Station update': the station's own fields first, then its connectors, each only when changed. */
  const saveEdit = async (before: StationForUpdate, values: StationFormValues): Promise<Station | 'unchanged'> => {
    const { changes, connectors } = editRequests(before, values);
    if (Object.keys(changes).length === 0 && !connectors) return 'unchanged';
    let saved: Station | undefined;
    if (Object.keys(changes).length > 0) {
      saved = await update.mutateAsync({ id: before.id, changes });
      stored.current = saved;
      // The files are stored now: the form shows them as kept, so a second try does not send them again.
      form.setFieldsValue({ media: { kept: saved.media_files, added: [] }, avatar: { url: saved.avatar } });
    }
    if (connectors) saved = await updateConnectors.mutateAsync({ id: before.id, changes: connectors });
    return saved!;
  };

  const submit = async () => {
    let saved: Station | 'unchanged';
    try {
      const values = current();
      saved = stored.current ? await saveEdit(stored.current, values) : await create.mutateAsync(createBody(values, merchantId));
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
