import { Checkbox, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailIssue, signInPasswordIssue } from '@evcms/contracts/signed-out-fields';
import { PageLink } from '../../components/page-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useLogin } from './session-api.ts';
import { AuthCard } from './auth-card.tsx';
import { EmailInput } from './email-input.tsx';
import { PasswordInput } from './password-input.tsx';
import { PlainField } from './plain-field.tsx';
import { PlainForm } from './plain-form.tsx';
import { usePlainForm } from './use-plain-form.ts';

const checks = { email: emailIssue, password: signInPasswordIssue };

/**
 * Sign-in: email, password, remember me; the server's answer ('Wrong password') shows above the button.
 * A plain form, not antd's (see plain-field.tsx and use-plain-form.ts): the first screen a visitor loads.
 */
export function SignInPage() {
  const { t } = useTranslation('accounts');
  const form = usePlainForm({ email: '', password: '' }, checks);
  const [remember, setRemember] = useState(false);
  const login = useLogin();
  useDocumentTitle(t('sign_in.title'));

  return (
    <AuthCard title={t('sign_in.title')} subtitle={t('sign_in.subtitle')}>
      <PlainForm
        form={form}
        onSubmit={() => login.mutate({ ...form.values, remember }, { onError: form.refused })}
        submitText={t('sign_in.submit')}
        submitting={login.isPending}
        autoComplete="on"
      >
        <PlainField id="email" label={t('fields.email')} error={form.errors.email}>
          <EmailInput {...form.input('email')} autoComplete="username" autoFocus />
        </PlainField>
        <PlainField id="password" label={t('fields.password')} error={form.errors.password}>
          <PasswordInput {...form.input('password')} autoComplete="current-password" />
        </PlainField>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Checkbox
            id="remember"
            name="remember"
            checked={remember}
            onChange={(event) => {
              form.clearServerError();
              setRemember(event.target.checked);
            }}
          >
            {t('fields.remember')}
          </Checkbox>
          <PageLink to="/reset-password">{t('sign_in.forgot_password')}</PageLink>
        </Flex>
      </PlainForm>
    </AuthCard>
  );
}
