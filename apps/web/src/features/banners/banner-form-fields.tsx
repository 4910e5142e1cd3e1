import { Col, DatePicker, Form, Input, Row, Select, Switch, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BANNER_BUTTON_NAME_MAX,
  BANNER_LINK_MAX,
  BANNER_NAME_MAX,
  bannerCreateRequest,
  FULLSCREEN_CATEGORIES,
  FULLSCREEN_CATEGORY_KEYS,
  FULLSCREEN_DESTINATION_KEYS,
  FULLSCREEN_DESTINATIONS,
  type Banner,
  type BannerType,
} from '@evcms/contracts/banners';
import { formatMessage } from '@evcms/contracts/messages';
import { SearchMultiSelect } from '../../components/search-select/search-multi-select.tsx';
import { SearchSelect } from '../../components/search-select/search-select.tsx';
import { bishkekWallTime, fromBishkekWallTime } from '../../lib/dates.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { useLang } from '../../lib/i18n.ts';
import { localizedText } from '../../lib/localized-text.tsx';
import { BannerColourInput } from './banner-colour-input.tsx';
import { bannerProblems, emptyBannerForm, type BannerFormValues } from './banner-form-values.ts';
import { BannerImageField } from './banner-image-field.tsx';
import { bannersApi } from './banners-api.ts';

// The form says what the server would say: the rules are the contract's own schemas and rules.
const shape = bannerCreateRequest.shape;

/** The rule on `field` among the fields together (`bannerTermsProblems`), in the current language. */
const termsRule =
  (type: BannerType, field: string): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const values = { ...emptyBannerForm(type), ...(getFieldsValue(true) as Partial<BannerFormValues>), type };
      const problem = bannerProblems(values).find((found) => found.field === field);
      if (problem) return Promise.reject(localizedText((lang) => formatMessage(lang, problem.message)));
    },
  });

const imageRule: FormRule = {
  validator: async (_rule, value: BannerFormValues['image'] | undefined) => {
    if (!value?.url && !value?.file)
      return Promise.reject(localizedText((lang) => formatMessage(lang, 'banner_image_required')));
  },
};

// The form keeps instants (ISO with offset); the pickers hold Bishkek wall-clock dayjs.
const instantProps = {
  getValueProps: (value: string | null) => ({ value: bishkekWallTime(value) }),
  normalize: (picked: Dayjs | null) => fromBishkekWallTime(picked),
};
/** Spec 9: the time picker goes in 30-minute steps. */
const MINUTE_STEP = 30;
const DATE_TIME_PICKER = (
  <DatePicker
    showTime={{ format: 'HH:mm', minuteStep: MINUTE_STEP }}
    format="DD.MM.YYYY HH:mm"
    style={{ width: '100%' }}
  />
);
// A choice left empty is null in the form, undefined in antd's select.
const choiceProps = {
  getValueProps: (value: unknown) => ({ value: value ?? undefined }),
  normalize: (value: unknown) => value ?? null,
};

/** The fields of a banner (`type` 'banner') or a fullscreen, in the order the app shows them. */
export function BannerFormFields({ type, stored }: { type: BannerType; stored?: Banner }) {
  const { t } = useTranslation('banners');
  const lang = useLang();
  const storedMerchant =
    stored?.merchant != null ? { id: stored.merchant, name: stored.merchant_name ?? `#${stored.merchant}` } : undefined;

  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Form.Item name="name" label={t('fields.name')} rules={[zodRule(shape.name)]} required>
          <Input count={{ show: true, max: BANNER_NAME_MAX }} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="link" label={t('fields.link')} rules={[zodRule(shape.link)]} required>
          <Input count={{ show: true, max: BANNER_LINK_MAX }} placeholder="https://" inputMode="url" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="image"
          label={t('fields.image')}
          rules={[imageRule]}
          required
          extra={t(type === 'banner' ? 'form.image_hint_banner' : 'form.image_hint_fullscreen')}
        >
          <BannerImageField type={type} />
        </Form.Item>
      </Col>
      {type === 'banner' ? (
        <>
          <Col xs={24} lg={12}>
            <Form.Item
              name="button_name"
              label={t('fields.button_name')}
              rules={[termsRule(type, 'button_name'), zodRule(shape.button_name)]}
              required
            >
              <Input count={{ show: true, max: BANNER_BUTTON_NAME_MAX }} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="button_colour"
              label={t('fields.button_colour')}
              rules={[termsRule(type, 'button_colour'), zodRule(shape.button_colour)]}
              required
            >
              <BannerColourInput aria-label={t('fields.button_colour')} />
            </Form.Item>
          </Col>
        </>
      ) : (
        <>
          <Col xs={24} lg={12}>
            <Form.Item
              name="category"
              label={t('fields.category')}
              rules={[termsRule(type, 'category')]}
              required
              {...choiceProps}
            >
              <Select
                options={FULLSCREEN_CATEGORY_KEYS.map((key) => ({
                  value: key,
                  label: FULLSCREEN_CATEGORIES[key][lang],
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="destination"
              label={t('fields.destination')}
              rules={[termsRule(type, 'destination')]}
              required
              extra={t('form.destination_hint')}
              {...choiceProps}
            >
              <Select
                options={FULLSCREEN_DESTINATION_KEYS.map((key) => ({
                  value: key,
                  label: FULLSCREEN_DESTINATIONS[key][lang],
                }))}
              />
            </Form.Item>
          </Col>
        </>
      )}
      <Col xs={24} lg={12}>
        <Form.Item name="merchant" label={t('fields.merchant')} rules={[zodRule(shape.merchant)]} {...choiceProps}>
          <SearchSelect
            options={bannersApi.merchantOptionsQueryOptions}
            known={storedMerchant}
            placeholder={t('form.merchant_placeholder')}
            notFound={t('form.merchants_none')}
            clearLabel={t('form.merchant_clear')}
          />
        </Form.Item>
      </Col>
      {type === 'banner' && (
        <Col span={24}>
          <Form.Item
            name="stations"
            label={t('fields.stations')}
            rules={[zodRule(shape.stations)]}
            extra={t('form.stations_hint')}
          >
            <StationsPicker />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} lg={12}>
        <Form.Item
          name="start_at"
          label={t('fields.start_at')}
          rules={[zodRule(shape.start_at)]}
          required
          {...instantProps}
        >
          {DATE_TIME_PICKER}
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="end_at"
          label={t('fields.end_at')}
          rules={[zodRule(shape.end_at), termsRule(type, 'end_at')]}
          dependencies={['start_at']}
          required
          extra={t('form.period_hint')}
          {...instantProps}
        >
          {DATE_TIME_PICKER}
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

/** The banner's stations: a search over the network's stations; stored ones named by the picker list. */
function StationsPicker({
  value = [],
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('banners');
  return (
    <SearchMultiSelect
      id={id}
      aria-label={t('fields.stations')}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      options={bannersApi.stationOptionsQueryOptions}
      placeholder={t('form.stations_placeholder')}
      notFound={t('form.stations_none')}
      maxTagCount={30}
      style={{ width: '100%' }}
    />
  );
}
