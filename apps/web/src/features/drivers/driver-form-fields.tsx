import { Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isBlank } from '@evcms/contracts/form-values';
import {
  BIRTHDAY_MIN,
  CAR_COLOUR_MAX,
  CAR_TEXT_MAX,
  carRequest,
  DRIVER_NAME_MAX,
  driverCreateRequest,
  GENDERS,
  ID_TAG_MAX,
  idTag,
  LICENCE_MAX,
} from '@evcms/contracts/drivers';
import { z } from '@evcms/contracts/schema';
import { PhoneFormItem } from '../../components/phone-form-item.tsx';
import { zodRule } from '../../lib/form-rules.ts';
import { DriverInviterField } from './driver-inviter-field.tsx';

const fields = driverCreateRequest.shape;
const car = carRequest.shape;
// The form says what the server would say: the rules are the contract's own schemas.
const rules = {
  surname: [zodRule(fields.surname)],
  first_name: [zodRule(fields.first_name)],
  phone: [zodRule(fields.phone)],
  email: [zodRule(fields.email)],
  birthday: [zodRule(fields.birthday)],
  licence: [zodRule(fields.licence)],
  make: [zodRule(car.make)],
  model: [zodRule(car.model)],
  year: [zodRule(car.year)],
  colour: [zodRule(car.colour)],
  // The first card is optional: a blank field is no tag.
  id_tag: [
    zodRule(
      z.pipe(
        z.transform((value: unknown) => (isBlank(value) ? undefined : value)),
        z.optional(idTag),
      ),
    ),
  ],
};

const DISPLAY_DATE = 'DD.MM.YYYY';
// The picker offers only possible birthdays; a typed one outside them gets the contract's message.
const outsideBirthdays = (day: Dayjs) => day.isBefore(BIRTHDAY_MIN, 'day') || day.isAfter(dayjs(), 'day');

/** The fields of the driver form: the person, the car, and on a new driver the first id tag. */
export function DriverFormFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation('drivers');
  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, xl: 6 };
  return (
    <Row gutter={24}>
      <Col {...half}>
        <Form.Item name="surname" label={t('fields.surname')} rules={rules.surname} required>
          <Input count={{ show: true, max: DRIVER_NAME_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="first_name" label={t('fields.first_name')} rules={rules.first_name} required>
          <Input count={{ show: true, max: DRIVER_NAME_MAX }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <PhoneFormItem
          label={t('fields.phone')}
          rules={rules.phone}
          required
          placeholder={t('form.phone_placeholder')}
        />
      </Col>
      <Col {...half}>
        <Form.Item name="email" label={t('fields.email')} rules={rules.email}>
          <Input type="email" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="gender" label={t('fields.gender')}>
          <Select<string>
            allowClear
            placeholder={t('form.not_given')}
            options={GENDERS.map((gender) => ({ value: gender, label: t(`gender.${gender}`) }))}
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="birthday"
          label={t('fields.birthday')}
          rules={rules.birthday}
          // The form holds YYYY-MM-DD, as the API does; the picker shows the day.
          getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
          normalize={(day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : null)}
        >
          <DatePicker
            format={DISPLAY_DATE}
            disabledDate={outsideBirthdays}
            placeholder={t('form.date_placeholder')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="licence" label={t('fields.licence')} rules={rules.licence}>
          <Input count={{ show: true, max: LICENCE_MAX }} />
        </Form.Item>
      </Col>
      {creating && (
        <Col {...half}>
          <Form.Item name="id_tag" label={t('fields.id_tag')} rules={rules.id_tag} extra={t('form.id_tag_hint')}>
            <Input count={{ show: true, max: ID_TAG_MAX }} spellCheck={false} />
          </Form.Item>
        </Col>
      )}
      {creating && (
        <Col {...half}>
          <DriverInviterField />
        </Col>
      )}
      <Col span={24}>
        <Divider titlePlacement="start">{t('fields.car')}</Divider>
      </Col>
      <Col {...quarter}>
        <Form.Item name={['car', 'make']} label={t('fields.car_make')} rules={rules.make}>
          <Input count={{ show: true, max: CAR_TEXT_MAX }} />
        </Form.Item>
      </Col>
      <Col {...quarter}>
        <Form.Item name={['car', 'model']} label={t('fields.car_model')} rules={rules.model}>
          <Input count={{ show: true, max: CAR_TEXT_MAX }} />
        </Form.Item>
      </Col>
      <Col {...quarter}>
        <Form.Item name={['car', 'year']} label={t('fields.car_year')} rules={rules.year}>
          {/* No min / max / precision: InputNumber would change a typed year silently; the rule refuses it instead. */}
          <InputNumber<number> controls={false} inputMode="numeric" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...quarter}>
        <Form.Item name={['car', 'colour']} label={t('fields.car_colour')} rules={rules.colour}>
          <Input count={{ show: true, max: CAR_COLOUR_MAX }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="blocked" label={t('fields.blocked')} valuePropName="checked" extra={t('form.blocked_hint')}>
          <Switch checkedChildren={t('state.blocked')} unCheckedChildren={t('state.active')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
