import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, type FormInstance } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CONNECTOR_POSITION, type Dictionary } from '@evcms/contracts/catalog';
import { connectorRequest } from '@evcms/contracts/station-connectors';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import { useConfirm } from '../../components/confirm-modal.ts';
import { isTextEntry } from '../../components/multilingual-stepper/stepper-keys.ts';
import { defaultRateFeesQueryOptions } from '../../lib/connector-dictionaries.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';
import { cableLengthOf, type ConnectorValues } from './connector-rules.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';

/** The modal's fields: the cable length as typed, so '07' gets its message rather than becoming 7. */
interface ModalValues {
  typo?: string;
  position: number;
  power_kWh: number | null;
  cable_length: string;
  custom_fee: number | null;
}

const fields = connectorRequest.shape;
const rules = {
  typo: [zodRule(fields.typo)],
  power_kWh: [zodRule(fields.power_kWh)],
  cable_length: [zodRule(fields.cable_length)],
  custom_fee: [zodRule(fields.custom_fee)],
};

/** Spec 9: connector defaults, position 1 and power 0. */
const BLANK: ModalValues = { position: DEFAULT_CONNECTOR_POSITION, power_kWh: 0, cable_length: '', custom_fee: null };

function modalValuesOf(connector: ConnectorValues | undefined): ModalValues {
  if (!connector) return BLANK;
  return { ...connector, cable_length: connector.cable_length === null ? '' : String(connector.cable_length) };
}

export interface ConnectorModalProps {
  /** The modal's title: the connector's ('Connector 2', 'New connector'). */
  title: string;
  /** The connector to edit; absent to add one. */
  connector?: ConnectorValues;
  types: Dictionary | undefined;
  positions: Dictionary | undefined;
  /** Why `types` or `positions` could not be loaded, with Retry: said in its select instead of a spinner for good. */
  failures?: { types?: ReactNode; positions?: ReactNode };
  onSave: (values: ConnectorValues) => void;
  onCancel: () => void;
}

/**
 * Spec 2.10 and 4 'Connector form': one connector in a 352 px modal. Saving validates, turns an
 * empty cable length into null and hands the values back; the modal is mounted afresh for each
 * connector, so it always starts from that connector's values or the blank defaults. It opens
 * with the type focused; Enter in a field saves, and Cancel, X, Esc or a click beside it ask
 * before dropping what was changed.
 */
export function ConnectorModal({
  title,
  connector,
  types,
  positions,
  failures = {},
  onSave,
  onCancel,
}: ConnectorModalProps) {
  const { t } = useTranslation('stations');
  const [form] = Form.useForm<ModalValues>();
  const { confirmDiscard } = useConfirm();

  const close = async () => {
    if (!form.isFieldsTouched() || (await confirmDiscard())) onCancel();
  };

  const save = async () => {
    let values: ModalValues;
    try {
      values = await form.validateFields();
    } catch {
      // Spec 5: the form scrolls to the first error (scrollToFirstError); only field messages show.
      return;
    }
    onSave({
      typo: values.typo!,
      position: values.position,
      power_kWh: Number(values.power_kWh),
      cable_length: cableLengthOf(values.cable_length),
      custom_fee: values.custom_fee ?? null,
    });
  };

  // A select's own Enter (open, pick) stays its own.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing || !isTextEntry(event.target))
      return;
    event.preventDefault();
    void save();
  };

  return (
    <Modal
      open
      width={352}
      title={title}
      okText={t('form.save_connector')}
      cancelText={t('form.cancel')}
      onOk={() => void save()}
      onCancel={() => void close()}
      // The type takes the focus once the dialog has focused itself, so the keyboard starts there.
      afterOpenChange={(open) => focusOnceOpen(open, () => form.focusField('typo'))}
    >
      <Form<ModalValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={modalValuesOf(connector)}
        scrollToFirstError
        onKeyDown={onKeyDown}
        data-testid="connector-form"
      >
        <Form.Item name="typo" label={t('connector.typo')} rules={rules.typo} required>
          <Select
            options={Object.entries(types ?? {}).map(([value, label]) => ({ value, label }))}
            loading={!types && !failures.types}
            notFoundContent={failures.types}
          />
        </Form.Item>
        <DefaultFeeField form={form} />
        <Form.Item name="position" label={t('connector.position')}>
          <Select
            options={Object.entries(positions ?? {}).map(([value, label]) => ({ value: Number(value), label }))}
            loading={!positions && !failures.positions}
            notFoundContent={failures.positions}
          />
        </Form.Item>
        <Form.Item name="power_kWh" label={t('form.power_kw')} rules={rules.power_kWh} required>
          <DecimalInput />
        </Form.Item>
        <Form.Item name="cable_length" label={t('form.cable_length_m')} rules={rules.cable_length}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="custom_fee" label={t('form.custom_fee')} rules={rules.custom_fee}>
          <DecimalInput />
        </Form.Item>
        <Alert type="warning" showIcon title={t('form.custom_fee_warning')} />
      </Form>
    </Modal>
  );
}

/** Form-only and read-only (spec 3 `fee_default`): the active default rate of the chosen type, not saved. */
function DefaultFeeField({ form }: { form: FormInstance<ModalValues> }) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const typo = Form.useWatch('typo', form);
  const fees = useQuery(defaultRateFeesQueryOptions());
  const price = fees.data?.find((fee) => fee.typo === typo)?.price;
  const text = !typo
    ? ''
    : price == null
      ? fees.data
        ? t('form.default_fee_unset')
        : ''
      : t('units.fee', { value: formatFee(price, lang) });
  return (
    <Form.Item label={t('form.default_fee')} extra={t('form.default_fee_hint')}>
      <Input
        readOnly
        value={text}
        placeholder={typo ? undefined : t('form.default_fee_choose_type')}
        data-testid="default-fee"
      />
    </Form.Item>
  );
}
