import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { MerchantForUpdate, MerchantUpdateRequest } from '@evcms/contracts/merchants';
import { DetailContent } from '../../components/resource-detail/resource-detail.tsx';
import { MultilingualResourceForm } from '../../components/resource-form/multilingual-resource-form.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { MerchantNameField, MerchantSharedFields } from './merchant-form-fields.tsx';
import {
  changedFields,
  EMPTY_MERCHANT_FORM,
  formValuesOf,
  toMerchantRequest,
  type MerchantFormValues,
} from './merchant-form-values.ts';
import { MerchantNotFound } from './merchant-route.tsx';
import { merchantsApi } from './merchants-api.ts';

/** /merchants/create-edit-merchant/{id?}: a new merchant, or the stored one to edit. */
export function MerchantForm() {
  const raw = useParams().id;
  const id = parseRouteId(raw);
  if (raw === undefined) return <MerchantFormBody />;
  return id === undefined ? <MerchantNotFound /> : <EditMerchant id={id} />;
}

function EditMerchant({ id }: { id: number }) {
  const stored = useQuery(merchantsApi.forUpdateQueryOptions(id));
  return (
    <DetailContent query={stored} notFound={<MerchantNotFound />}>
      {/* Keyed, so a background refetch does not reset what the user is typing. */}
      {(merchant) => <MerchantFormBody key={id} merchant={merchant} />}
    </DetailContent>
  );
}

function MerchantFormBody({ merchant }: { merchant?: MerchantForUpdate }) {
  const { t } = useTranslation('merchants');
  const create = useResourceMutation(merchantsApi.create);
  const update = useResourceMutation(merchantsApi.update);
  return (
    <MultilingualResourceForm
      // What the form started from: the base of the dirty check and of the PATCH's changed fields.
      initial={merchant ? formValuesOf(merchant) : EMPTY_MERCHANT_FORM}
      changedFields={changedFields}
      save={
        merchant
          ? { update: (changes: MerchantUpdateRequest) => update.mutateAsync({ id: merchant.id, changes }) }
          : { create: (values: MerchantFormValues) => create.mutateAsync(toMerchantRequest(values)) }
      }
      texts={{ noChanges: t('form.no_changes'), created: t('form.created'), saved: t('form.saved') }}
      // Cancel and a save without changes go back to where the form was opened from.
      next={(saved) =>
        saved ? `/merchants/merchant/${saved.id}` : merchant ? `/merchants/merchant/${merchant.id}` : '/merchants'
      }
      renderLanguage={(lang) => <MerchantNameField lang={lang} />}
    >
      {(form) => (
        <MerchantSharedFields
          form={form}
          tagItems={merchant?.tag_items}
          environmentItems={merchant?.environment_items}
        />
      )}
    </MultilingualResourceForm>
  );
}
