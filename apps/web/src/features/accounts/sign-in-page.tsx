import { Alert, Button, Checkbox, Flex, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginRequest, type LoginRequest } from '@evcms/contracts/accounts';
import { Input } from '../../components/light-input.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useLogin } from './api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordInput } from './password-input.tsx';
import { ERROR_ICON } from './status-icons.tsx';

const rules = {
  email: [zodRule(loginRequest.shape.email)],
  password: [zodRule(loginRequest.shape.password)],
};

/** Sign-in: email, password, remember me; the server's answer ('Wrong password') shows above the button. */
export function SignInPage() {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<LoginRequest>();
  const login = useLogin();
  useDocumentTitle(t('sign_in.title'));
  // An element that follows a language switch (see lib/localized-text.tsx).
  const [serverError, setServerError] = useState<ReactNode>(null);

  const onFinish = (values: LoginRequest) => {
    setServerError(null);
    login.mutate(values, {
      onError: (error) => {
        applyServerErrors(form, error);
        setServerError(errorMessage(error));
      },
    });
  };

  return (
    <AuthCard title={t('sign_in.title')} subtitle={t('sign_in.subtitle')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: '', password: '', remember: false }}
        onFinish={onFinish}
        onValuesChange={() => setServerError(null)}
        autoComplete="on"
      >
        <Form.Item name="email" label={t('fields.email')} rules={rules.email}>
          <Input inputMode="email" autoComplete="username" placeholder="name@example.com" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={rules.password}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('fields.remember')}</Checkbox>
          </Form.Item>
          <Link to="/reset-password">{t('sign_in.forgot_password')}</Link>
        </Flex>
        {serverError && <Alert type="error" showIcon icon={ERROR_ICON} title={serverError} role="alert" style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('sign_in.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
