import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Driver, DriverUpdateRequest } from '@evcms/contracts/drivers';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { useResourceForm } from '../../components/resource-form/use-resource-form.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { DriverFormFields } from './driver-form-fields.tsx';
import {
  changedFields,
  EMPTY_DRIVER_FORM,
  formValuesOf,
  toDriverCreateRequest,
  type DriverFormValues,
} from './driver-form-values.ts';
import { DriverNotFound, driverPaths } from './driver-route.tsx';
import { driversApi } from './drivers-api.ts';

/**
 * /users/create-edit-user/{id?}: a manager registers a card customer (a driver without the app,
 * who charges with an RFID card), or edits a driver's profile. The app's own fields (platform,
 * version) and the balance are not the form's.
 */
export function DriverForm() {
  const raw = useParams().id;
  if (raw === undefined) return <DriverFormBody />;
  const id = parseRouteId(raw);
  return id === undefined ? <DriverNotFound /> : <EditDriver id={id} />;
}

function EditDriver({ id }: { id: number }) {
  // A form starts from what is stored now, not from a copy cached before someone else saved.
  const stored = useQuery({ ...driversApi.detailQueryOptions(id), staleTime: 0 });
  return (
    <QueryContent query={stored} notFound={<DriverNotFound />}>
      {/* Keyed, so a background refetch does not reset what the user is typing. */}
      {(driver) => <DriverFormBody key={id} driver={driver} />}
    </QueryContent>
  );
}

function DriverFormBody({ driver }: { driver?: Driver }) {
  const { t } = useTranslation('drivers');
  const navigate = useNavigate();
  const create = useResourceMutation(driversApi.create);
  const update = useResourceMutation(driversApi.update);
  const back = driver ? driverPaths.detail(driver.id) : driverPaths.list;
  const { form, initial, pending, failure, submit, onValuesChange } = useResourceForm({
    initial: driver ? formValuesOf(driver) : EMPTY_DRIVER_FORM,
    changedFields,
    save: driver
      ? { update: (changes: DriverUpdateRequest) => update.mutateAsync({ id: driver.id, changes }) }
      : { create: (values: DriverFormValues) => create.mutateAsync(toDriverCreateRequest(values)) },
    texts: { noChanges: t('form.no_changes'), created: t('form.created'), saved: t('form.saved') },
    next: (saved) => (saved ? driverPaths.detail(saved.id) : back),
  });

  return (
    <Card>
      <Form<DriverFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initial}
        scrollToFirstError={{ focus: true, block: 'center' }}
        onFinish={submit}
        onValuesChange={onValuesChange}
      >
        {!driver && <Alert type="info" showIcon title={t('form.card_customer')} style={{ marginBottom: 24 }} />}
        <DriverFormFields creating={!driver} />
        {failure && (
          <Alert type="error" showIcon title={failure} data-testid="driver-form-failure" style={{ marginBottom: 24 }} />
        )}
        <Flex gap="small" justify="flex-end" wrap>
          <Button onClick={() => void navigate(back)}>{t('form.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={pending} data-testid="driver-submit">
            {t(driver ? 'form.save' : 'form.create')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
