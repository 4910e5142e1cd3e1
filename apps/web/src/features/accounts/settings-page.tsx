import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { useMe } from './manager-api.ts';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

/** Settings: the manager's profile and password. */
export function SettingsPage() {
  const { t } = useTranslation('accounts');
  const me = useMe();
  return (
    <Flex vertical gap={24}>
      <Card title={t('settings.profile')}>
        <QueryContent query={me}>{(manager) => <ProfileForm manager={manager} />}</QueryContent>
      </Card>
      <Card title={t('settings.change_password')}>
        <PasswordForm />
      </Card>
    </Flex>
  );
}
