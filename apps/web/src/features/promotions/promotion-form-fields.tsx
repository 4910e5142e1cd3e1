import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch, TimePicker, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { localizedKey } from '@evcms/contracts/localized';
import { formatMessage } from '@evcms/contracts/messages';
import {
  PROMOTION_INITIATOR_KEYS,
  PROMOTION_INITIATORS,
  PROMOTION_TITLE_MAX,
  promotionCreateRequest,
  type Promotion,
  type PromotionInitiator,
} from '@evcms/contracts/promotions';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import type { FormLang } from '../../components/multilingual-stepper/form-langs.ts';
import { SearchSelect } from '../../components/search-select/search-select.tsx';
import { bishkekWallTime, fromBishkekWallTime } from '../../lib/dates.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { useLang } from '../../lib/i18n.ts';
import { localizedText } from '../../lib/localized-text.tsx';
import { EMPTY_PROMOTION_FORM, promotionProblems, type PromotionFormValues } from './promotion-form-values.ts';
import { PromotionImageField } from './promotion-image-field.tsx';
import { PromotionStationsField } from './promotion-stations-field.tsx';
import { promotionsApi } from './promotions-api.ts';

// The form says what the server would say: the rules are the contract's own schemas and rules.
const shape = promotionCreateRequest.shape;

/** Spec 5's rule on `field` among the fields together (`promotionTermsProblems`), in the current language. */
const termsRule =
  (field: string): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const values = { ...EMPTY_PROMOTION_FORM, ...(getFieldsValue(true) as Partial<PromotionFormValues>) };
      const problem = promotionProblems(values).find((found) => found.field === field);
      if (problem) return Promise.reject(localizedText((lang) => formatMessage(lang, problem.message)));
    },
  });

const imageRule: FormRule = {
  validator: async (_rule, value: PromotionFormValues['image'] | undefined) => {
    if (!value?.url && !value?.file)
      return Promise.reject(localizedText((lang) => formatMessage(lang, 'promotion_image_required')));
  },
};

const rules = {
  // The three titles share one rule (required, at most 100).
  title: [zodRule(shape[localizedKey('title', 'ru')])],
  initiator: [zodRule(shape.initiator)],
  merchant: [termsRule('merchant'), zodRule(shape.merchant)],
  min_charge_amount: [zodRule(shape.min_charge_amount)],
  min_charges: [zodRule(shape.min_charges)],
  discount_percent: [zodRule(shape.discount_percent), termsRule('discount_percent')],
  discount_amount: [zodRule(shape.discount_amount), termsRule('discount_amount')],
  stations: [termsRule('stations'), zodRule(shape.stations)],
  start_at: [zodRule(shape.start_at)],
  end_at: [zodRule(shape.end_at), termsRule('end_at')],
  happy_hours_start: [termsRule('happy_hours_start')],
  happy_hours_end: [termsRule('happy_hours_end')],
};

// The form keeps instants (ISO with offset) and times of day (HH:mm:ss); the pickers hold Bishkek wall-clock dayjs.
const instantProps = {
  getValueProps: (value: string | null) => ({ value: bishkekWallTime(value) }),
  normalize: (picked: Dayjs | null) => fromBishkekWallTime(picked),
};
const TIME = 'HH:mm:ss';
const timeProps = {
  getValueProps: (value: string | null) => ({ value: value ? dayjs(value, TIME) : null }),
  normalize: (picked: Dayjs | null) => (picked ? `${picked.format('HH:mm')}:00` : null),
};

/** Spec 9: the time picker goes in 30-minute steps. */
const MINUTE_STEP = 30;
// One element each, for both ends (an element is a description, rendered afresh wherever it is put).
const DATE_TIME_PICKER = (
  <DatePicker
    showTime={{ format: 'HH:mm', minuteStep: MINUTE_STEP }}
    format="DD.MM.YYYY HH:mm"
    style={{ width: '100%' }}
  />
);
const TIME_PICKER = <TimePicker format="HH:mm" minuteStep={MINUTE_STEP} style={{ width: '100%' }} />;

/** The promotion's title in one language: a step of the multilingual stepper. */
export function PromotionTitleField({ lang }: { lang: FormLang }) {
  const { t } = useTranslation('promotions');
  return (
    <Form.Item name={localizedKey('title', lang)} label={t(`fields.title_lang.${lang}`)} rules={rules.title} required>
      <Input count={{ show: true, max: PROMOTION_TITLE_MAX }} />
    </Form.Item>
  );
}

/** The fields that do not depend on the language, under the title's steps. */
export function PromotionSharedFields({ stored }: { stored?: Promotion }) {
  const { t } = useTranslation('promotions');
  const lang = useLang();
  const form = Form.useFormInstance<PromotionFormValues>();
  const initiator = Form.useWatch('initiator', form) as PromotionInitiator | null | undefined;
  const kind = Form.useWatch('discount_kind', form) ?? 'percent';
  const storedMerchant =
    stored?.merchant != null ? { id: stored.merchant, name: stored.merchant_name ?? `#${stored.merchant}` } : undefined;

  return (
    <Row gutter={24}>
      <Col span={24}>
        <Form.Item name="image" label={t('fields.image')} rules={[imageRule]} required extra={t('form.image_hint')}>
          <PromotionImageField />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="initiator" label={t('fields.initiator')} rules={rules.initiator} required>
          <Select<PromotionInitiator>
            options={PROMOTION_INITIATOR_KEYS.map((key) => ({ value: key, label: PROMOTION_INITIATORS[key][lang] }))}
          />
        </Form.Item>
      </Col>
      {initiator === 'merchant' && (
        <Col xs={24} lg={12}>
          <Form.Item
            name="merchant"
            label={t('fields.merchant')}
            rules={rules.merchant}
            required
            getValueProps={(value: number | null) => ({ value: value ?? undefined })}
            normalize={(value: number | undefined) => value ?? null}
          >
            <SearchSelect
              options={promotionsApi.merchantOptionsQueryOptions}
              known={storedMerchant}
              placeholder={t('form.merchant_placeholder')}
              notFound={t('form.merchants_none')}
              clearLabel={t('form.merchant_clear')}
            />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} lg={12}>
        <Form.Item
          name="min_charge_amount"
          label={t('fields.min_charge_amount')}
          rules={rules.min_charge_amount}
          required
          extra={t('form.min_charge_amount_hint')}
        >
          {/* No min / max: InputNumber would clamp silently; the rules refuse instead. */}
          <DecimalInput step={0.01} suffix={t('units.som')} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="min_charges"
          label={t('fields.min_charges')}
          rules={rules.min_charges}
          required
          extra={t('form.min_charges_hint')}
        >
          <InputNumber<number> precision={0} controls={false} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="discount_kind" label={t('fields.discount')} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'percent', label: t('form.discount_percent') },
              { value: 'amount', label: t('form.discount_amount') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        {kind === 'percent' ? (
          <Form.Item
            name="discount_percent"
            label={t('fields.discount_percent')}
            rules={rules.discount_percent}
            dependencies={['discount_kind']}
            required
          >
            <DecimalInput step={0.01} suffix="%" />
          </Form.Item>
        ) : (
          <Form.Item
            name="discount_amount"
            label={t('fields.discount_amount')}
            rules={rules.discount_amount}
            dependencies={['discount_kind', 'min_charge_amount']}
            required
          >
            <DecimalInput step={0.01} suffix={t('units.som')} />
          </Form.Item>
        )}
      </Col>
      <Col span={24}>
        <Form.Item name="stations" label={t('fields.stations')} rules={rules.stations} required>
          <PromotionStationsField stored={stored?.stations} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="start_at" label={t('fields.start_at')} rules={rules.start_at} required {...instantProps}>
          {DATE_TIME_PICKER}
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="end_at"
          label={t('fields.end_at')}
          rules={rules.end_at}
          dependencies={['start_at']}
          required
          {...instantProps}
        >
          {DATE_TIME_PICKER}
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="happy_hours_start"
          label={t('fields.happy_hours_start')}
          rules={rules.happy_hours_start}
          dependencies={['happy_hours_end']}
          extra={t('form.happy_hours_hint')}
          {...timeProps}
        >
          {TIME_PICKER}
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="happy_hours_end"
          label={t('fields.happy_hours_end')}
          rules={rules.happy_hours_end}
          dependencies={['happy_hours_start']}
          {...timeProps}
        >
          {TIME_PICKER}
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="active" label={t('form.active')} valuePropName="checked" extra={t('form.active_hint')}>
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
}
