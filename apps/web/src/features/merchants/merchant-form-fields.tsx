import { Col, Form, Input, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizedKey } from '@evcms/contracts/localized';
import {
  AGREEMENT_NUMBER_MAX,
  LEGAL_NAME_MAX,
  MERCHANT_NAME_MAX,
  merchantCreateRequest,
  PERCENTAGE_MAX,
  STREET_MAX,
  type MerchantEnvironmentItem,
  type MerchantTagItem,
} from '@evcms/contracts/merchants';
import { z } from '@evcms/contracts/schema';
import { CatalogPickerField } from '../../components/catalog-picker/catalog-picker-field.tsx';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import { LocationFields } from '../../components/location-select/location-fields.tsx';
import type { FormLang } from '../../components/multilingual-stepper/form-langs.ts';
import { PhoneFormItem } from '../../components/phone-form-item.tsx';
import { ScheduleField } from '../../components/schedule-dialog/schedule-field.tsx';
import { zodRule } from '../../lib/form-rules.ts';
import { asCatalogItems } from '../../components/catalog-picker/catalog-items.ts';
import type { MerchantFormValues } from './merchant-form-values.ts';

/**
 * A percentage out of 0..100 says which bound it broke ('... less than or equal to 100'), where
 * the contract's one message only says it is not a percentage (the contract refuses it as well).
 * An empty field passes here and is the contract rule's to refuse.
 */
const percentageBounds = z.optional(z.nullable(z.number().check(z.gte(0), z.lte(PERCENTAGE_MAX))));

// The form says what the server would say: the rules are the contract's own schemas.
const fields = merchantCreateRequest.shape;
const rules = {
  // The three names share one rule (required, at most 100).
  name: [zodRule(fields[localizedKey('name', 'ru')])],
  agreement_number: [zodRule(fields.agreement_number)],
  legal_name: [zodRule(fields.legal_name)],
  street: [zodRule(fields.street)],
  phone: [zodRule(fields.phone)],
  email: [zodRule(fields.email)],
  percentage: [zodRule(percentageBounds), zodRule(fields.percentage)],
};

/** The merchant's name in one language: a step of the multilingual stepper. */
export function MerchantNameField({ lang }: { lang: FormLang }) {
  const { t } = useTranslation('merchants');
  return (
    <Form.Item name={localizedKey('name', lang)} label={t(`fields.name_lang.${lang}`)} rules={rules.name} required>
      <Input count={{ show: true, max: MERCHANT_NAME_MAX }} />
    </Form.Item>
  );
}

export interface MerchantSharedFieldsProps {
  form: FormInstance<MerchantFormValues>;
  /** The stored tags and infrastructure of an edited merchant, titled, for the pickers. */
  tagItems?: readonly MerchantTagItem[];
  environmentItems?: readonly MerchantEnvironmentItem[];
}

/** The fields that do not depend on the language, always visible under the language steps. */
export function MerchantSharedFields({ form, tagItems, environmentItems }: MerchantSharedFieldsProps) {
  const { t } = useTranslation('merchants');
  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Form.Item name="agreement_number" label={t('fields.agreement_number')} rules={rules.agreement_number} required>
          <Input count={{ show: true, max: AGREEMENT_NUMBER_MAX }} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="legal_name" label={t('fields.legal_name')} rules={rules.legal_name} required>
          <Input count={{ show: true, max: LEGAL_NAME_MAX }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        {/* Country, district and city side by side: LocationFields gives three Form.Items. */}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: 24 }}>
          <LocationFields form={form} names={{ country: 'country', district: 'district', city: 'city' }} required />
        </div>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="street" label={t('fields.street')} rules={rules.street} required>
          <Input count={{ show: true, max: STREET_MAX }} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <PhoneFormItem
          label={t('fields.phone')}
          rules={rules.phone}
          required
          placeholder={t('form.phone_placeholder')}
          autoComplete="off"
        />
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="email" label={t('fields.email')} rules={rules.email} required>
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="percentage"
          label={t('fields.percentage')}
          rules={rules.percentage}
          // One message at a time: the first rule that refuses.
          validateFirst
          required
          extra={t('form.percentage_hint')}
        >
          {/* No min / max here: InputNumber would clamp 150 to 100 silently; the rules refuse it instead.
              No step buttons: their labels ("Increase Value") are fixed English in antd; the arrow keys still step. */}
          <DecimalInput step={0.01} suffix="%" />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="tags" label={t('fields.tags')}>
          <CatalogPickerField kind="tags" initialItems={tagItems && asCatalogItems(tagItems)} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="environment" label={t('fields.environment')}>
          <CatalogPickerField
            kind="infrastructure"
            initialItems={environmentItems && asCatalogItems(environmentItems)}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="schedule" label={t('fields.schedule')}>
          <ScheduleField />
        </Form.Item>
      </Col>
    </Row>
  );
}
