import { App, Button, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordResetRequest } from '@evcms/contracts/accounts';
import { PageLink } from '../../components/page-link.tsx';
import { Input } from '../../components/light-input.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { serverText } from '../../lib/localized-text.tsx';
import { useRequestPasswordReset } from './api/request-password-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { SUCCESS_ICON } from './status-icons.tsx';
import { withNotifications } from './with-notifications.tsx';

const emailRules = [zodRule(passwordResetRequest.shape.email)];

/** Password recovery: the server sends reset instructions and answers the same for any address. */
export const ResetPasswordPage = withNotifications(ResetPasswordScreen);

function ResetPasswordScreen() {
  const { t } = useTranslation('accounts');
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const reset = useRequestPasswordReset();
  useDocumentTitle(t('reset.title'));

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('reset.title')}>
        <Result
          status="success"
          icon={SUCCESS_ICON}
          title={t('reset.sent_title')}
          subTitle={serverText(reset.data.detail)}
          extra={<PageLink to="/">{t('common:actions.back_to_sign_in')}</PageLink>}
          style={{ padding: 0 }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: '' }}
        onFinish={(values) =>
          reset.mutate(values, {
            onError: (error) => notification.error({ title: applyServerErrors(form, error) }),
          })
        }
      >
        <Form.Item name="email" label={t('fields.email')} rules={emailRules}>
          <Input inputMode="email" autoComplete="email" placeholder="name@example.com" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <PageLink to="/">{t('common:actions.back_to_sign_in')}</PageLink>
      </div>
    </AuthCard>
  );
}
