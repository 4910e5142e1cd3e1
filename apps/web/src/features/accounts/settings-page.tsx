import { Alert, Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from './api/get-me.ts';
import { PasswordForm } from './password-form.tsx';
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
          <Alert type="error" showIcon title={me.error.message} />
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
