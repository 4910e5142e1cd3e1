import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Banner, BannerType } from '@evcms/contracts/banners';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { RecordNotFound } from '../../components/not-found.tsx';
import { useResourceForm } from '../../components/resource-form/use-resource-form.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import type { BannerBody } from './banner-form-data.ts';
import { BannerFormFields } from './banner-form-fields.tsx';
import {
  changedFields,
  emptyBannerForm,
  formValuesOf,
  toBannerBody,
  type BannerFormValues,
} from './banner-form-values.ts';
import { bannerPaths } from './banner-paths.ts';
import { bannersApi } from './banners-api.ts';

const listTab = (type: BannerType) => bannerPaths.tab(type);

function BannerNotFound({ type }: { type: BannerType }) {
  return <RecordNotFound ns="banners" part={`form_${type}`} data-testid="banner-not-found" backTo={listTab(type)} />;
}

/** /banners/create-banner/{id?}: a new banner, or the stored one to edit. */
export function BannerForm() {
  return <BannerOrFullscreenForm type="banner" />;
}

/** /banners/create-fullscr/{id?}: a new fullscreen, or the stored one to edit. */
export function FullscreenForm() {
  return <BannerOrFullscreenForm type="fullscreen" />;
}

function BannerOrFullscreenForm({ type }: { type: BannerType }) {
  const raw = useParams().id;
  if (raw === undefined) return <BannerFormBody type={type} />;
  const id = parseRouteId(raw);
  return id === undefined ? <BannerNotFound type={type} /> : <EditBanner type={type} id={id} />;
}

function EditBanner({ type, id }: { type: BannerType; id: number }) {
  const stored = useQuery({ ...bannersApi.detailQueryOptions(id), staleTime: 0 });
  return (
    <QueryContent query={stored} notFound={<BannerNotFound type={type} />}>
      {/* A banner's id at the fullscreen's address (or the reverse) is not there for this form. */}
      {(banner) =>
        banner.type === type ? <BannerFormBody key={id} type={type} banner={banner} /> : <BannerNotFound type={type} />
      }
    </QueryContent>
  );
}

/**
 * The fields of one type, its image and the image's crop data saved in one multipart request.
 * Spec 8: a 400's first field error is said in a notification and the fields are flagged; any
 * other refusal (a 409) stays in the form's alert until the next try.
 */
function BannerFormBody({ type, banner }: { type: BannerType; banner?: Banner }) {
  const { t } = useTranslation('banners');
  const navigate = useNavigate();
  const create = useResourceMutation(bannersApi.create);
  const update = useResourceMutation(bannersApi.update);
  const { form, initial, pending, failure, submit, onValuesChange } = useResourceForm({
    initial: banner ? formValuesOf(banner) : emptyBannerForm(type),
    changedFields,
    save: banner
      ? { update: (changes: BannerBody) => update.mutateAsync({ id: banner.id, changes }) }
      : { create: (values: BannerFormValues) => create.mutateAsync(toBannerBody(values)) },
    texts: {
      noChanges: t('form.no_changes'),
      created: t(`form.created_${type}`),
      saved: t('form.saved'),
    },
    next: () => listTab(type),
  });

  return (
    <Card>
      <Form<BannerFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initial}
        scrollToFirstError={{ focus: true, block: 'center' }}
        onFinish={submit}
        onValuesChange={onValuesChange}
      >
        <BannerFormFields type={type} stored={banner} />
        {failure && (
          <Alert type="error" showIcon title={failure} data-testid="banner-form-failure" style={{ marginBottom: 24 }} />
        )}
        <Flex gap="small" justify="flex-end" wrap>
          <Button onClick={() => void navigate(listTab(type))}>{t('form.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={pending} data-testid="banner-submit">
            {t(banner ? 'form.save' : 'form.create')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
