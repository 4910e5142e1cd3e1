import { Alert, App, Button, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, passwordResetConfirm } from '@evcms/contracts/accounts';
import { PageLink } from '../../components/page-link.tsx';
import { goTo, useBrowserLocation } from '../../lib/browser-location.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { applyServerErrors, zodFormRule, zodRule } from '../../lib/form-rules.ts';
import { serverText } from '../../lib/localized-text.tsx';
import { useConfirmPasswordReset } from './api/confirm-password-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordInput } from './password-input.tsx';
import { ERROR_ICON, SUCCESS_ICON } from './status-icons.tsx';
import { withNotifications } from './with-notifications.tsx';

interface Values {
  password: string;
  password_confirm: string;
}

/** Create new password, reached from the e-mailed link (/change-password?token=...). */
export const ChangePasswordPage = withNotifications(ChangePasswordScreen);

function ChangePasswordScreen() {
  const { t } = useTranslation('accounts');
  const { notification } = App.useApp();
  const token = useBrowserLocation().searchParams.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const confirm = useConfirmPasswordReset();
  useDocumentTitle(t('new_password.title'));

  if (confirm.isSuccess) {
    return (
      <AuthCard title={t('new_password.title')}>
        <Result
          status="success"
          icon={SUCCESS_ICON}
          title={serverText(confirm.data.detail)}
          subTitle={t('new_password.done')}
          extra={
            <Button type="primary" onClick={() => goTo('/')}>
              {t('sign_in.submit')}
            </Button>
          }
          style={{ padding: 0 }}
        />
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title={t('new_password.title')}>
        <Alert type="error" showIcon icon={ERROR_ICON} title={t('errors:reset_link_invalid')} style={{ marginBottom: 16 }} />
        <PageLink to="/reset-password">{t('new_password.request_again')}</PageLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('new_password.title')} subtitle={t('new_password.subtitle', { min: PASSWORD_MIN })}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ password: '', password_confirm: '' }}
        onFinish={(values) =>
          confirm.mutate(
            { token, ...values },
            { onError: (error) => notification.error({ title: applyServerErrors(form, error) }) },
          )
        }
      >
        <Form.Item name="password" label={t('fields.new_password')} rules={[zodRule(passwordResetConfirm.shape.password)]}>
          <PasswordInput autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password_confirm"
          label={t('fields.password_confirm')}
          dependencies={['password']}
          validateFirst
          rules={[
            zodRule(passwordResetConfirm.shape.password_confirm),
            zodFormRule(passwordResetConfirm, 'password_confirm', { token }),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={confirm.isPending}>
          {t('new_password.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <PageLink to="/">{t('common:actions.back_to_sign_in')}</PageLink>
      </div>
    </AuthCard>
  );
}
