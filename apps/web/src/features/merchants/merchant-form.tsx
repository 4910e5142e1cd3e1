import { useQuery } from '@tanstack/react-query';
import { App, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Merchant, MerchantForUpdate } from '@evcms/contracts/merchants';
import { useConfirm } from '../../components/confirm-modal.ts';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { MultilingualStepper } from '../../components/multilingual-stepper/multilingual-stepper.tsx';
import { refusedSubmitMessage } from '../../components/multilingual-stepper/submit-error.ts';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { MerchantNameField, MerchantSharedFields } from './merchant-form-fields.tsx';
import {
  changedFields,
  EMPTY_MERCHANT_FORM,
  formValuesOf,
  toMerchantRequest,
  type MerchantFormValues,
} from './merchant-form-values.ts';
import { MerchantNotFound, parseMerchantId } from './merchant-route.tsx';
import { merchantsApi } from './merchants-api.ts';

/** /merchants/create-edit-merchant/{id?}: a new merchant, or the stored one to edit. */
export function MerchantForm() {
  const raw = useParams().id;
  const id = parseMerchantId(raw);
  if (raw === undefined) return <MerchantFormBody />;
  return id === undefined ? <MerchantNotFound /> : <EditMerchant id={id} />;
}

function EditMerchant({ id }: { id: number }) {
  const stored = useQuery(merchantsApi.forUpdateQueryOptions(id));
  return (
    <QueryContent query={stored} notFound={<MerchantNotFound />}>
      {/* Keyed, so a background refetch does not reset what the user is typing. */}
      {(merchant) => <MerchantFormBody key={id} merchant={merchant} />}
    </QueryContent>
  );
}

function MerchantFormBody({ merchant }: { merchant?: MerchantForUpdate }) {
  const { t } = useTranslation('merchants');
  const navigate = useNavigate();
  const { message, notification } = App.useApp();
  const { success } = useConfirm();
  const [form] = Form.useForm<MerchantFormValues>();
  // What the form started from: the base of the dirty check and of the PATCH's changed fields.
  const [initial] = useState(() => (merchant ? formValuesOf(merchant) : EMPTY_MERCHANT_FORM));
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const create = useResourceMutation(merchantsApi.create);
  const update = useResourceMutation(merchantsApi.update);

  const current = (): MerchantFormValues => ({ ...initial, ...form.getFieldsValue(true) });
  // Where Cancel (and a save without changes) goes back to.
  const back = merchant ? `/merchants/merchant/${merchant.id}` : '/merchants';
  const leave = (to: string) => {
    guard.allowNextNavigation();
    void navigate(to);
  };

  const save = async (values: MerchantFormValues): Promise<Merchant | 'unchanged'> => {
    if (!merchant) return create.mutateAsync(toMerchantRequest(values));
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length === 0) return 'unchanged';
    return update.mutateAsync({ id: merchant.id, changes });
  };

  const submit = async () => {
    let saved: Merchant | 'unchanged';
    try {
      saved = await save(current());
    } catch (error) {
      // Spec 5: the fields are marked and the stepper shows the generic 'Incorrectly filled
      // field' alert, opens the first language with a mistake and focuses the first field in
      // error; a refusal that is on no field is said as it is.
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
    const to = `/merchants/merchant/${saved.id}`;
    void success({ title: t(merchant ? 'form.saved' : 'form.created') }).then(() => leave(to));
  };

  return (
    <Card>
      <MultilingualStepper<MerchantFormValues>
        form={form}
        mode={merchant ? 'edit' : 'create'}
        renderLanguage={(lang) => <MerchantNameField lang={lang} />}
        onSubmit={submit}
        onCancel={() => leave(back)}
        dirty={dirty}
        formProps={{
          initialValues: initial,
          autoComplete: 'off',
          onValuesChange: (_changed, all) =>
            setDirty(Object.keys(changedFields(initial, { ...initial, ...all })).length > 0),
        }}
      >
        <MerchantSharedFields form={form} tagItems={merchant?.tag_items} environmentItems={merchant?.environment_items} />
      </MultilingualStepper>
    </Card>
  );
}
