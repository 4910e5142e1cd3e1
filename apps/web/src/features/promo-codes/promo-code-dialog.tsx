import { Alert, Col, DatePicker, Form, Input, InputNumber, Modal, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PromoCode,
  PROMO_BATCH_MAX,
  PROMO_CODE_MAX,
  PROMO_PREFIX_MAX,
  promoCodeCreateRequest,
  promoCodeGenerateRequest,
  promoCodeTermsProblem,
} from '@evcms/contracts/promo-codes';
import { formatMessage } from '@evcms/contracts/messages';
import { useConfirm } from '../../components/confirm-modal.ts';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';
import { ApiError } from '../../lib/api-error.ts';
import { bishkekWallTime, fromBishkekWallTime } from '../../lib/dates.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { currentLang } from '../../lib/i18n.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { promoCodesApi } from './promo-codes-api.ts';

/** One code made ('create'), a batch generated ('generate') or a code edited: the same terms, a code or a prefix and a count. */
export type PromoCodeDialogMode = 'create' | 'generate' | 'edit';

interface PromoCodeValues {
  code: string;
  prefix: string;
  count: number | null;
  bonus: number | null;
  valid_from: string | null;
  valid_to: string | null;
  total_uses: number | null;
  uses_per_driver: number | null;
}

const create = promoCodeCreateRequest.shape;
const generate = promoCodeGenerateRequest.shape;
const rules = {
  code: [zodRule(create.code)],
  prefix: [zodRule(generate.prefix)],
  count: [zodRule(generate.count)],
  bonus: [zodRule(create.bonus)],
  total_uses: [zodRule(create.total_uses)],
  uses_per_driver: [zodRule(create.uses_per_driver)],
  // The end after the start: the contract's own rule, in the current language.
  valid_to: [
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: async (_rule: unknown, value: string | null) => {
        const from = getFieldValue('valid_from') as string | null;
        const problem = promoCodeTermsProblem({
          validFrom: from ? new Date(from) : null,
          validTo: value ? new Date(value) : null,
        });
        if (problem) throw new Error(formatMessage(currentLang(), problem.message));
      },
    }),
  ],
};

// The form keeps instants (ISO with offset); the pickers hold Bishkek wall-clock dayjs.
const instantProps = {
  getValueProps: (value: string | null) => ({ value: bishkekWallTime(value) }),
  normalize: (picked: Dayjs | null) => fromBishkekWallTime(picked),
};
const DATE_TIME_PICKER = (
  <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} />
);

/** The fields of an edit that differ from the stored code: only they are sent. */
export function changedFields(stored: PromoCode, values: PromoCodeValues): Record<string, unknown> {
  const now: Record<string, unknown> = {
    code: values.code,
    bonus: values.bonus,
    valid_from: values.valid_from,
    valid_to: values.valid_to,
    total_uses: values.total_uses,
    uses_per_driver: values.uses_per_driver,
  };
  const before: Record<string, unknown> = { ...stored };
  // Instants compared as instants: the picker writes them with an offset, the API answers UTC.
  const same = (key: string) =>
    key.startsWith('valid_') && now[key] && before[key]
      ? new Date(now[key] as string).getTime() === new Date(before[key] as string).getTime()
      : now[key] === before[key];
  return Object.fromEntries(Object.entries(now).filter(([key]) => !same(key)));
}

const valuesOf = (stored: PromoCode): PromoCodeValues => ({
  code: stored.code,
  prefix: '',
  count: null,
  bonus: stored.bonus,
  valid_from: stored.valid_from,
  valid_to: stored.valid_to,
  total_uses: stored.total_uses,
  uses_per_driver: stored.uses_per_driver,
});

const INITIAL: PromoCodeValues = {
  code: '',
  prefix: '',
  count: null,
  bonus: null,
  valid_from: null,
  valid_to: null,
  total_uses: null,
  uses_per_driver: 1,
};

/**
 * The create and generate dialog: the code (or the prefix and how many), the bonus in som, the
 * validity (either end open), the total uses (empty: unlimited) and the uses per driver. The
 * server's field errors go back on their fields (a code taken in another case); a batch's success
 * says how many were made.
 */
export function PromoCodeDialog({
  mode,
  stored,
  onClose,
}: {
  mode: PromoCodeDialogMode;
  /** The code edited ('edit'). */
  stored?: PromoCode | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('promo-codes');
  const [form] = Form.useForm<PromoCodeValues>();
  const { confirmDiscard, success } = useConfirm();
  const made = useResourceMutation(promoCodesApi.create);
  const generated = useResourceMutation(promoCodesApi.generate);
  const updated = useResourceMutation(promoCodesApi.update);
  // Once redeemed, the code and its bonus stay as the drivers saw them (the server refuses a change).
  const redeemed = (stored?.used_count ?? 0) > 0;
  const [failure, setFailure] = useState<ReactElement | null>(null);
  const formId = `promo-code-${mode}`;

  const close = async () => {
    if (!form.isFieldsTouched() || (await confirmDiscard())) onClose();
  };

  const submit = async (values: PromoCodeValues) => {
    setFailure(null);
    const terms = {
      bonus: values.bonus as number,
      valid_from: values.valid_from,
      valid_to: values.valid_to,
      total_uses: values.total_uses,
      uses_per_driver: values.uses_per_driver as number,
    };
    try {
      if (mode === 'edit' && stored) {
        const changes = changedFields(stored, values);
        if (Object.keys(changes).length > 0) await updated.mutateAsync({ id: stored.id, changes });
        onClose();
        void success({ title: t('dialog.saved', { code: values.code }) });
      } else if (mode === 'create') {
        const code = await made.mutateAsync({ code: values.code, ...terms });
        onClose();
        void success({ title: t('dialog.created', { code: code.code }) });
      } else {
        const batch = await generated.mutateAsync({ prefix: values.prefix, count: values.count as number, ...terms });
        onClose();
        void success({ title: t('dialog.generated', { count: batch.items.length }), content: batch.batch });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors()).length > 0) {
        applyServerErrors(form, error);
      } else {
        setFailure(errorMessage(error));
      }
    }
  };

  return (
    <Modal
      open
      title={t(`dialog.${mode}_title`, { code: stored?.code })}
      okText={t(`dialog.${mode}`)}
      cancelText={t('dialog.cancel')}
      okButtonProps={{
        loading: made.isPending || generated.isPending || updated.isPending,
        htmlType: 'submit',
        form: formId,
      }}
      onCancel={() => void close()}
      afterOpenChange={(open) => focusOnceOpen(open, () => form.focusField(mode === 'generate' ? 'prefix' : 'code'))}
      width={640}
    >
      <Form<PromoCodeValues>
        id={formId}
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={stored ? valuesOf(stored) : INITIAL}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={16}>
          {mode !== 'generate' ? (
            <Col span={24}>
              <Form.Item
                name="code"
                label={t('fields.code')}
                rules={rules.code}
                extra={t(redeemed ? 'dialog.redeemed_hint' : 'dialog.code_hint')}
                required
              >
                <Input count={{ show: true, max: PROMO_CODE_MAX }} disabled={redeemed} />
              </Form.Item>
            </Col>
          ) : (
            <>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="prefix"
                  label={t('fields.prefix')}
                  rules={rules.prefix}
                  extra={t('dialog.prefix_hint')}
                  required
                >
                  <Input count={{ show: true, max: PROMO_PREFIX_MAX }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="count"
                  label={t('fields.count')}
                  rules={rules.count}
                  extra={t('dialog.count_hint', { max: PROMO_BATCH_MAX })}
                  required
                >
                  <InputNumber style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="bonus" label={t('fields.bonus')} rules={rules.bonus} required validateFirst>
              <DecimalInput inputMode="decimal" suffix={t('units.som')} disabled={redeemed} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} />
          <Col xs={24} sm={12}>
            <Form.Item name="valid_from" label={t('fields.valid_from')} {...instantProps}>
              {DATE_TIME_PICKER}
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="valid_to"
              label={t('fields.valid_to')}
              rules={rules.valid_to}
              dependencies={['valid_from']}
              {...instantProps}
            >
              {DATE_TIME_PICKER}
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="total_uses"
              label={t('fields.total_uses')}
              rules={rules.total_uses}
              extra={t('dialog.total_uses_hint')}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="uses_per_driver"
              label={t('fields.uses_per_driver')}
              rules={rules.uses_per_driver}
              required
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {failure && <Alert type="error" showIcon title={failure} data-testid="promo-code-failure" />}
      </Form>
    </Modal>
  );
}
