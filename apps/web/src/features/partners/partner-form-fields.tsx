import { Col, DatePicker, Form, Input, Radio, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { localizedKey } from '@evcms/contracts/localized';
import {
  CONTACT_PERSON_MAX,
  CONTRACT_NUMBER_MAX,
  PARTNER_LEGAL_NAME_MAX,
  PARTNER_NAME_MAX,
  partnerCreateRequest,
  partnerFeeFixed,
  partnerFeePercent,
} from '@evcms/contracts/partners';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import type { FormLang } from '../../components/multilingual-stepper/form-langs.ts';
import { PhoneFormItem } from '../../components/phone-form-item.tsx';
import { SearchMultiSelect } from '../../components/search-select/search-multi-select.tsx';
import { zodRule } from '../../lib/form-rules.ts';
import type { PartnerFormValues } from './partner-form-values.ts';
import { partnersApi } from './partners-api.ts';

const DISPLAY_DATE = 'DD.MM.YYYY';

// The form says what the server would say: the rules are the contract's own schemas.
const fields = partnerCreateRequest.shape;
const rules = {
  name: [zodRule(fields[localizedKey('name', 'ru')])],
  legal_name: [zodRule(fields.legal_name)],
  contract_number: [zodRule(fields.contract_number)],
  contact_person: [zodRule(fields.contact_person)],
  phone: [zodRule(fields.phone)],
  email: [zodRule(fields.email)],
  fee_fixed: [zodRule(partnerFeeFixed)],
  fee_percent: [zodRule(partnerFeePercent)],
  started_on: [zodRule(fields.started_on)],
};

/** The partner's name in one language: a step of the multilingual stepper. */
export function PartnerNameField({ lang }: { lang: FormLang }) {
  const { t } = useTranslation('partners');
  return (
    <Form.Item name={localizedKey('name', lang)} label={t(`fields.name_lang.${lang}`)} rules={rules.name} required>
      <Input count={{ show: true, max: PARTNER_NAME_MAX }} />
    </Form.Item>
  );
}

/** The merchants it operates: searched on the server by name; stored ones named by the partner's answer. */
function MerchantsField(props: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { t } = useTranslation('partners');
  return (
    <SearchMultiSelect
      id={props.id}
      value={props.value ?? []}
      onChange={(ids) => props.onChange?.(ids)}
      options={partnersApi.merchantOptionsQueryOptions}
      placeholder={t('form.merchants_placeholder')}
      notFound={t('form.merchants_none')}
      style={{ width: '100%' }}
    />
  );
}

/** The fields that do not depend on the language, under the language steps. */
export function PartnerSharedFields() {
  const { t } = useTranslation('partners');
  const form = Form.useFormInstance<PartnerFormValues>();
  const model = Form.useWatch('fee_model', form) ?? 'percent';
  const half = { xs: 24, lg: 12 };
  return (
    <Row gutter={24}>
      <Col {...half}>
        <Form.Item name="legal_name" label={t('fields.legal_name')} rules={rules.legal_name} required>
          <Input count={{ show: true, max: PARTNER_LEGAL_NAME_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="contract_number" label={t('fields.contract_number')} rules={rules.contract_number} required>
          <Input count={{ show: true, max: CONTRACT_NUMBER_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="contact_person" label={t('fields.contact_person')} rules={rules.contact_person} required>
          <Input count={{ show: true, max: CONTACT_PERSON_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <PhoneFormItem
          label={t('fields.phone')}
          rules={rules.phone}
          required
          placeholder={t('form.phone_placeholder')}
          autoComplete="off"
        />
      </Col>
      <Col {...half}>
        <Form.Item name="email" label={t('fields.email')} rules={rules.email} required>
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="started_on"
          label={t('fields.started_on')}
          rules={rules.started_on}
          required
          // The form holds YYYY-MM-DD, as the API does; the picker shows the day.
          getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
          normalize={(day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : null)}
        >
          <DatePicker format={DISPLAY_DATE} placeholder={t('form.date_placeholder')} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="fee_model" label={t('fields.fee_model')} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'percent', label: t('fee_model.percent') },
              { value: 'fixed', label: t('fee_model.fixed') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        {model === 'percent' ? (
          <Form.Item name="fee_percent" label={t('fields.fee_percent')} rules={rules.fee_percent} required>
            <DecimalInput step={0.01} suffix="%" />
          </Form.Item>
        ) : (
          <Form.Item name="fee_fixed" label={t('fields.fee_fixed')} rules={rules.fee_fixed} required>
            <DecimalInput step={0.01} suffix={t('units.som_a_month')} />
          </Form.Item>
        )}
      </Col>
      <Col span={24}>
        <Form.Item name="merchant_ids" label={t('fields.merchants')} extra={t('form.merchants_hint')}>
          <MerchantsField />
        </Form.Item>
      </Col>
    </Row>
  );
}
