import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Promotion } from '@evcms/contracts/promotions';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { RecordNotFound } from '../../components/not-found.tsx';
import { MultilingualResourceForm } from '../../components/resource-form/multilingual-resource-form.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import type { PromotionBody } from './promotion-form-data.ts';
import { PromotionSharedFields, PromotionTitleField } from './promotion-form-fields.tsx';
import {
  changedFields,
  EMPTY_PROMOTION_FORM,
  formValuesOf,
  toPromotionBody,
  type PromotionFormValues,
} from './promotion-form-values.ts';
import { promotionPaths } from './promotion-paths.ts';
import { promotionsApi } from './promotions-api.ts';

function PromotionNotFound() {
  return <RecordNotFound ns="promotions" part="form" data-testid="promotion-not-found" backTo={promotionPaths.list} />;
}

/** /promotions/creating-promotion/{id?}: a new promotion, or the stored one to edit. */
export function PromotionForm() {
  const raw = useParams().id;
  if (raw === undefined) return <PromotionFormBody />;
  const id = parseRouteId(raw);
  return id === undefined ? <PromotionNotFound /> : <EditPromotion id={id} />;
}

function EditPromotion({ id }: { id: number }) {
  const stored = useQuery({ ...promotionsApi.detailQueryOptions(id), staleTime: 0 });
  return (
    <QueryContent query={stored} notFound={<PromotionNotFound />}>
      {/* Keyed, so a background refetch does not reset what the user is typing. */}
      {(promotion) => <PromotionFormBody key={id} promotion={promotion} />}
    </QueryContent>
  );
}

/**
 * The title in three languages step by step, then the rest; the whole promotion, its image and
 * the image's crop data saved in one multipart request. Spec 8: a 400's first field error is said
 * in a notification and the fields are flagged.
 */
function PromotionFormBody({ promotion }: { promotion?: Promotion }) {
  const { t } = useTranslation('promotions');
  const create = useResourceMutation(promotionsApi.create);
  const update = useResourceMutation(promotionsApi.update);
  return (
    <MultilingualResourceForm
      initial={promotion ? formValuesOf(promotion) : EMPTY_PROMOTION_FORM}
      changedFields={changedFields}
      save={
        promotion
          ? { update: (changes: PromotionBody) => update.mutateAsync({ id: promotion.id, changes }) }
          : { create: (values: PromotionFormValues) => create.mutateAsync(toPromotionBody(values)) }
      }
      texts={{ noChanges: t('form.no_changes'), created: t('form.created'), saved: t('form.saved') }}
      next={() => promotionPaths.list}
      notifyFieldErrors
      renderLanguage={(lang) => <PromotionTitleField lang={lang} />}
    >
      {() => <PromotionSharedFields stored={promotion} />}
    </MultilingualResourceForm>
  );
}
