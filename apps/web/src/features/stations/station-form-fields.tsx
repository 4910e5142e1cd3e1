import { Col, Form, Input, Row, Select, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizedKey } from '@evcms/contracts/localized';
import { formatMessage } from '@evcms/contracts/messages';
import { z } from '@evcms/contracts/schema';
import {
  ADDRESS_MAX,
  EXECUTION_TYPES,
  IDENTITY_MAX,
  MANUFACTURER_MAX,
  PIC_MAX,
  SECURITY_PROFILES,
  STATION_NAME_MAX,
  STATION_PASSWORD_MAX,
  stationCreateRequest,
  stationUpdateRequest,
  type StationForUpdate,
} from '@evcms/contracts/stations';
import { asCatalogItems } from '../../components/catalog-picker/catalog-items.ts';
import { CatalogPickerField } from '../../components/catalog-picker/catalog-picker-field.tsx';
import { LocationFields } from '../../components/location-select/location-fields.tsx';
import { MapPickerButton } from '../../components/map-picker/map-picker-button.tsx';
import type { FormLang } from '../../components/multilingual-stepper/form-langs.ts';
import { ScheduleField } from '../../components/schedule-dialog/schedule-field.tsx';
import { zodRule } from '../../lib/form-rules.ts';
import { localizedText } from '../../lib/localized-text.tsx';
import { flatten, type ModuleDraft } from './connector-rules.ts';
import type { StationFormValues } from './station-form-values.ts';
import { hasPhoto, StationAvatarField, StationMediaField } from './station-media-field.tsx';
import { StationModulesField } from './station-modules-field.tsx';

// The form says what the server would say: the rules are the contract's own schemas.
const fields = stationCreateRequest.shape;
const rules = {
  name: [zodRule(fields[localizedKey('name', 'ru')])],
  address: [zodRule(fields[localizedKey('address', 'ru')])],
  identity: [zodRule(fields.identity)],
  pic: [zodRule(fields.pic)],
  manufacturer: [zodRule(fields.manufacturer)],
  latitude: [zodRule(fields.latitude)],
  longitude: [zodRule(fields.longitude)],
  schedule: [zodRule(fields.schedule)],
  // At least one connector, never two on one position ('Connector positions cannot be the same').
  modules: [
    zodRule(
      z.pipe(
        z.transform((modules: ModuleDraft[] | undefined): unknown => flatten(modules ?? [])),
        fields.connectors,
      ),
    ),
  ],
  media: [
    {
      validator: async (_rule, value: StationFormValues['media'] | undefined) => {
        if (!hasPhoto(value)) throw localizedText((lang) => formatMessage(lang, 'photo_required'));
      },
    },
  ] satisfies FormRule[],
};
// On edit an empty password keeps the stored one.
const passwordRules = { create: [zodRule(fields.password)], edit: [zodRule(stationUpdateRequest.shape.password)] };

/** The station's name and address in one language: a step of the multilingual stepper. */
export function StationLanguageFields({ lang }: { lang: FormLang }) {
  const { t } = useTranslation('stations');
  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Form.Item name={localizedKey('name', lang)} label={t(`fields.name_lang.${lang}`)} rules={rules.name} required>
          <Input count={{ show: true, max: STATION_NAME_MAX }} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name={localizedKey('address', lang)}
          label={t(`fields.address_lang.${lang}`)}
          rules={rules.address}
          required
        >
          <Input count={{ show: true, max: ADDRESS_MAX }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export interface StationSharedFieldsProps {
  form: FormInstance<StationFormValues>;
  mode: 'create' | 'edit';
  /** The stored station of an edit: its tags and infrastructure, titled, for the pickers. */
  station?: StationForUpdate;
}

/** The fields that do not depend on the language, under the language steps. */
export function StationSharedFields({ form, mode, station }: StationSharedFieldsProps) {
  const { t } = useTranslation('stations');
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const half = { xs: 24, lg: 12 };
  return (
    <Row gutter={24}>
      <Col {...half}>
        <Form.Item name="identity" label={t('fields.identity')} rules={rules.identity} required>
          <Input count={{ show: true, max: IDENTITY_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={passwordRules[mode]}
          required={mode === 'create'}
          extra={mode === 'edit' ? t('form.password_keep') : t('form.password_hint')}
        >
          <Input.Password autoComplete="new-password" maxLength={STATION_PASSWORD_MAX} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="pic" label={t('fields.pic')} rules={rules.pic} required>
          <Input count={{ show: true, max: PIC_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="manufacturer" label={t('fields.manufacturer')} rules={rules.manufacturer}>
          <Input count={{ show: true, max: MANUFACTURER_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="execution_type" label={t('fields.execution_type')} required>
          <Select options={EXECUTION_TYPES.map((value) => ({ value, label: t(`execution_type.${value}`) }))} />
        </Form.Item>
      </Col>
      <Col {...half}>
        {/* What the charge point's handshake must bring: a stricter profile refuses it until it is set up for TLS. */}
        <Form.Item
          name="security_profile"
          label={t('fields.security_profile')}
          extra={t('form.security_profile_hint')}
          required
        >
          <Select options={SECURITY_PROFILES.map((value) => ({ value, label: t(`security_profile.${value}`) }))} />
        </Form.Item>
      </Col>
      <Col span={24}>
        {/* A station has a country and a city; the district only narrows the list of cities. */}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: 24 }}>
          <LocationFields form={form} required />
        </div>
      </Col>
      <Col {...half}>
        {/* Typed, or picked on the map (spec 2.11), which fills both. */}
        <Form.Item
          name="latitude"
          label={t('fields.latitude')}
          rules={rules.latitude}
          required
          extra={t('form.coordinate_hint')}
        >
          <Input inputMode="decimal" placeholder="42.870000" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="longitude" label={t('fields.longitude')} rules={rules.longitude} required>
          <Input inputMode="decimal" placeholder="74.590000" />
        </Form.Item>
      </Col>
      <Col span={24} style={{ marginBottom: 24 }}>
        <MapPickerButton
          value={{ latitude, longitude }}
          onChange={(coords) => {
            form.setFieldsValue(coords);
            void form.validateFields(['latitude', 'longitude']);
          }}
        />
      </Col>
      <Col {...half}>
        <Form.Item name="tags" label={t('fields.tags')}>
          <CatalogPickerField kind="tags" initialItems={station && asCatalogItems(station.tag_items)} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="environment" label={t('fields.environment')}>
          <CatalogPickerField
            kind="infrastructure"
            initialItems={station && asCatalogItems(station.environment_items)}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="schedule" label={t('fields.schedule')} rules={rules.schedule} required>
          <ScheduleField />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="modules" label={t('fields.connectors')} rules={rules.modules} required>
          <StationModulesField />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="media" label={t('fields.media_files')} rules={rules.media} required>
          <StationMediaField />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="avatar" label={t('fields.avatar')}>
          <StationAvatarField />
        </Form.Item>
      </Col>
    </Row>
  );
}
