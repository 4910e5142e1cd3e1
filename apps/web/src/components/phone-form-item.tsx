import { Form, Input, type FormItemProps } from 'antd';
import { formatPhone } from '../lib/phone-mask.ts';

export interface PhoneFormItemProps extends Pick<FormItemProps, 'label' | 'rules' | 'required'> {
  /** The form's field; `phone` unless said. */
  name?: string;
  placeholder: string;
  autoComplete?: string;
}

/**
 * A form's phone field in spec 5's mask, +999 (999) 99-99-99: the field keeps the masked text as it
 * is typed, and the form's request takes its 12 digits (`phoneDigits`, in the feature's form values).
 */
export function PhoneFormItem({ name = 'phone', placeholder, autoComplete, ...item }: PhoneFormItemProps) {
  return (
    <Form.Item
      {...item}
      name={name}
      getValueFromEvent={(event: { target: { value: string } }) => formatPhone(event.target.value)}
    >
      <Input inputMode="tel" autoComplete={autoComplete} placeholder={placeholder} />
    </Form.Item>
  );
}
