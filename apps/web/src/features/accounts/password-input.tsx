import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { PasswordProps } from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { Password } from '../../components/light-input.ts';

/**
 * A password field whose show/hide eye is named in the interface language: antd's own eye icons
 * are named "eye" and "eye-invisible" for screen readers. The eye says what a click does.
 */
export function PasswordInput(props: PasswordProps) {
  const { t } = useTranslation('accounts');
  return (
    <Password
      {...props}
      iconRender={(visible) =>
        visible ? (
          <EyeOutlined aria-label={t('password_visibility.hide')} />
        ) : (
          <EyeInvisibleOutlined aria-label={t('password_visibility.show')} />
        )
      }
    />
  );
}
