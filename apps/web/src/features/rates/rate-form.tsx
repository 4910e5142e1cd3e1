import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Rate, RateUpdateRequest } from '@evcms/contracts/rates';
import { isActive } from '@evcms/contracts/status';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { RecordNotFound } from '../../components/not-found.tsx';
import { useResourceForm } from '../../components/resource-form/use-resource-form.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { RateFormFields } from './rate-form-fields.tsx';
import { ratePaths } from './rate-paths.ts';
import {
  changedFields,
  EMPTY_RATE_FORM,
  formValuesOf,
  toRateRequest,
  type RateFormValues,
} from './rate-form-values.ts';
import { ratesApi } from './rates-api.ts';

function RateNotFound() {
  return <RecordNotFound ns="rates" part="form" data-testid="rate-not-found" backTo={ratePaths.list} />;
}

/** /rates/edit-rates/{id?}: a new rate, or the stored one to edit (spec 4 'Rate update'). */
export function RateForm() {
  const raw = useParams().id;
  if (raw === undefined) return <RateFormBody />;
  const id = parseRouteId(raw);
  return id === undefined ? <RateNotFound /> : <EditRate id={id} />;
}

function EditRate({ id }: { id: number }) {
  const stored = useQuery({ ...ratesApi.detailQueryOptions(id), staleTime: 0 });
  return (
    <QueryContent query={stored} notFound={<RateNotFound />}>
      {/* Keyed, so a background refetch does not reset what the user is typing. */}
      {(rate) => <RateFormBody key={id} rate={rate} />}
    </QueryContent>
  );
}

function RateFormBody({ rate }: { rate?: Rate }) {
  const { t } = useTranslation('rates');
  const navigate = useNavigate();
  const create = useResourceMutation(ratesApi.create);
  const update = useResourceMutation(ratesApi.update);
  // Spec 4: an active rate cannot be edited (the server says 409); the list offers no edit for it.
  const locked = rate !== undefined && isActive(rate.status);
  const { form, initial, pending, failure, submit, onValuesChange } = useResourceForm({
    initial: rate ? formValuesOf(rate) : EMPTY_RATE_FORM,
    changedFields,
    save: rate
      ? { update: (changes: RateUpdateRequest) => update.mutateAsync({ id: rate.id, changes }) }
      : { create: (values: RateFormValues) => create.mutateAsync(toRateRequest(values)) },
    texts: { noChanges: t('form.no_changes'), created: t('form.created'), saved: t('form.saved') },
    // Spec 4: success, then back to the list.
    next: () => ratePaths.list,
  });

  return (
    <Card>
      <Form<RateFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initial}
        disabled={locked}
        scrollToFirstError={{ focus: true, block: 'center' }}
        onFinish={submit}
        onValuesChange={onValuesChange}
      >
        {locked && <Alert type="warning" showIcon title={t('form.locked')} style={{ marginBottom: 24 }} />}
        <RateFormFields />
        {failure && (
          <Alert type="error" showIcon title={failure} data-testid="rate-form-failure" style={{ marginBottom: 24 }} />
        )}
        <Flex gap="small" justify="flex-end" wrap>
          {/* Cancel stays usable on a locked form: it is the way back; with edits, the guard asks first. */}
          <Button disabled={false} onClick={() => void navigate(ratePaths.list)}>
            {t('form.cancel')}
          </Button>
          {!locked && (
            <Button type="primary" htmlType="submit" loading={pending} data-testid="rate-submit">
              {t(rate ? 'form.save' : 'form.create')}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
