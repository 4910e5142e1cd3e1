import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Partner, PartnerUpdateRequest } from '@evcms/contracts/partners';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { RecordNotFound } from '../../components/not-found.tsx';
import { MultilingualResourceForm } from '../../components/resource-form/multilingual-resource-form.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { PartnerNameField, PartnerSharedFields } from './partner-form-fields.tsx';
import {
  changedFields,
  EMPTY_PARTNER_FORM,
  formValuesOf,
  toPartnerRequest,
  type PartnerFormValues,
} from './partner-form-values.ts';
import { partnerPaths } from './partner-paths.ts';
import { partnersApi } from './partners-api.ts';

function PartnerNotFound() {
  return <RecordNotFound ns="partners" part="form" data-testid="partner-not-found" backTo={partnerPaths.list} />;
}

/** /software-rental-partners/create/{id?}: a new partner, or the stored one to edit. */
export function PartnerForm() {
  const raw = useParams().id;
  if (raw === undefined) return <PartnerFormBody />;
  const id = parseRouteId(raw);
  return id === undefined ? <PartnerNotFound /> : <EditPartner id={id} />;
}

function EditPartner({ id }: { id: number }) {
  const stored = useQuery({ ...partnersApi.detailQueryOptions(id), staleTime: 0 });
  return (
    <QueryContent query={stored} notFound={<PartnerNotFound />}>
      {/* Keyed, so a background refetch does not reset what the user is typing. */}
      {(partner) => <PartnerFormBody key={id} partner={partner} />}
    </QueryContent>
  );
}

/** The name in three languages step by step, then the rest, saved in one request (a merchant another partner holds is a 409, said as it is). */
function PartnerFormBody({ partner }: { partner?: Partner }) {
  const { t } = useTranslation('partners');
  const create = useResourceMutation(partnersApi.create);
  const update = useResourceMutation(partnersApi.update);
  return (
    <MultilingualResourceForm
      initial={partner ? formValuesOf(partner) : EMPTY_PARTNER_FORM}
      changedFields={changedFields}
      save={
        partner
          ? { update: (changes: PartnerUpdateRequest) => update.mutateAsync({ id: partner.id, changes }) }
          : { create: (values: PartnerFormValues) => create.mutateAsync(toPartnerRequest(values)) }
      }
      texts={{ noChanges: t('form.no_changes'), created: t('form.created'), saved: t('form.saved') }}
      next={() => partnerPaths.list}
      notifyFieldErrors
      renderLanguage={(lang) => <PartnerNameField lang={lang} />}
    >
      {() => <PartnerSharedFields />}
    </MultilingualResourceForm>
  );
}
