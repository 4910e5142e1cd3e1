import { Alert, Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useMe } from './api/get-me.ts';
import { PasswordForm } from './password-form.tsx';
import { ERROR_ICON } from './status-icons.tsx';
import { ProfileForm } from './profile-form.tsx';

/** Settings: the manager's profile and password. */
export function SettingsPage() {
  const { t } = useTranslation('accounts');
  const me = useMe();
  return (
    <Flex vertical gap={24}>
      <Card title={t('settings.profile')}>
        {me.data ? (
          <ProfileForm manager={me.data} />
        ) : me.isError ? (
          <Alert type="error" showIcon icon={ERROR_ICON} title={errorMessage(me.error)} />
        ) : (
          <Skeleton active />
        )}
      </Card>
      <Card title={t('settings.change_password')}>
        <PasswordForm />
      </Card>
    </Flex>
  );
}
