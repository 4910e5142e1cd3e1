import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Row, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectorType } from '@evcms/contracts/catalog';
import { formatMessage } from '@evcms/contracts/messages';
import {
  RATE_NAME_MAX,
  RATE_TYPES,
  rateCreateRequest,
  rateMerchantsProblem,
  type RateType,
} from '@evcms/contracts/rates';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import { useOptionsFailure } from '../../components/load-failure/options-failure.tsx';
import { connectorDictionaryQueryOptions, defaultRateFeesQueryOptions } from '../../lib/connector-dictionaries.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { useLang } from '../../lib/i18n.ts';
import { localizedText } from '../../lib/localized-text.tsx';
import { formatFee } from '../../lib/number-format.ts';
import type { RateFormValues } from './rate-form-values.ts';
import { RateMerchantsField } from './rate-merchants-field.tsx';

// The form says what the server would say: the rules are the contract's own schemas.
const fields = rateCreateRequest.shape;

/** A personal rate needs a merchant; the contract's own rule, worded in the current language. */
const merchantsRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: number[] | undefined) => {
    const problem = rateMerchantsProblem({ type: getFieldValue('type') as RateType, merchants: value ?? [] });
    if (problem) return Promise.reject(localizedText((lang) => formatMessage(lang, problem)));
  },
});

const rules = {
  name: [zodRule(fields.name)],
  type: [zodRule(fields.type)],
  typo: [zodRule(fields.typo)],
  price: [zodRule(fields.price)],
  merchants: [merchantsRule, zodRule(fields.merchants)],
};

/** What the default rate of the chosen connector type is now: said before a second one is made active. */
function CurrentDefault({ typo }: { typo: ConnectorType | null }) {
  const { t } = useTranslation('rates');
  const lang = useLang();
  const fees = useQuery({ ...defaultRateFeesQueryOptions(), enabled: typo !== null });
  const fee = fees.data?.find((item) => item.typo === typo);
  if (!fee) return t('form.default_hint');
  if (fee.price === null || fee.rate_name === null) return t('form.default_none');
  return t('form.default_current', {
    name: fee.rate_name,
    price: t('units.fee', { value: formatFee(fee.price, lang) }),
  });
}

/** The fields of the rate form; the merchants only for a personal rate. */
export function RateFormFields() {
  const { t } = useTranslation('rates');
  const form = Form.useFormInstance<RateFormValues>();
  const type = Form.useWatch('type', form) as RateType | undefined;
  const typo = (Form.useWatch('typo', form) as ConnectorType | null | undefined) ?? null;
  const types = useQuery(connectorDictionaryQueryOptions('types'));
  const typeOptions = Object.entries(types.data ?? {}).map(([key, label]) => ({ value: key, label }));
  const typesFailure = useOptionsFailure(types);

  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Form.Item name="name" label={t('fields.name')} rules={rules.name} required>
          <Input count={{ show: true, max: RATE_NAME_MAX }} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="type" label={t('fields.type')} rules={rules.type} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={RATE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
            // A merchant error said for the other type no longer applies.
            onChange={() => form.setFields([{ name: 'merchants', errors: [] }])}
          />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="typo"
          label={t('fields.typo')}
          rules={rules.typo}
          required
          extra={type === 'default' ? <CurrentDefault typo={typo} /> : undefined}
        >
          <Select<ConnectorType> options={typeOptions} loading={types.isFetching} notFoundContent={typesFailure} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="price" label={t('fields.price')} rules={rules.price} required extra={t('form.price_hint')}>
          {/* No min / max: InputNumber would clamp silently; the rules refuse instead. */}
          <DecimalInput step={0.01} suffix={t('units.som_kwh')} />
        </Form.Item>
      </Col>
      {type === 'personal' && (
        <Col span={24}>
          <Form.Item
            name="merchants"
            label={t('fields.merchants')}
            rules={rules.merchants}
            required
            extra={t('form.merchants_hint')}
          >
            <RateMerchantsField />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item
          name="active"
          label={t('form.active')}
          valuePropName="checked"
          extra={t(type === 'personal' ? 'form.active_hint_personal' : 'form.active_hint')}
        >
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
}
