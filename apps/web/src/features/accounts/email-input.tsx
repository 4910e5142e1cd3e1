import type { InputProps } from 'antd/es/input/Input';
import { Input } from '../../components/light-input.ts';

/** An e-mail address field of the signed-out forms: a phone's e-mail keyboard, an example address as placeholder. */
export function EmailInput(props: InputProps) {
  return <Input inputMode="email" placeholder="name@example.com" {...props} />;
}
