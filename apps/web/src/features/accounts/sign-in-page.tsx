import { Alert, Button, Checkbox, Flex } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@evcms/contracts/accounts';
import { signInFieldIssue } from '@evcms/contracts/sign-in-fields';
import { PageLink } from '../../components/page-link.tsx';
import { Input } from '../../components/light-input.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { issueText, serverFieldErrors } from '../../lib/form-rules.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useLogin } from './api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordInput } from './password-input.tsx';
import { helpId, PlainField } from './plain-field.tsx';
import { ERROR_ICON } from './status-icons.tsx';

type Field = 'email' | 'password';
const FIELDS: Field[] = ['email', 'password'];

/**
 * Sign-in: email, password, remember me; the server's answer ('Wrong password') shows above the button.
 * A plain form, not antd's (see plain-field.tsx): the first screen a visitor loads. Each field is
 * checked as it changes and all of them on submit, as antd's would, by the contract's checks of
 * `loginRequest` written without zod (contracts/sign-in-fields.ts), which the screen does without.
 */
export function SignInPage() {
  const { t } = useTranslation('accounts');
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<Partial<Record<Field, ReactNode>>>({});
  const login = useLogin();
  useDocumentTitle(t('sign_in.title'));
  // An element that follows a language switch (see lib/localized-text.tsx).
  const [serverError, setServerError] = useState<ReactNode>(null);

  const check = (field: Field, value: string): boolean => {
    const issue = signInFieldIssue(field, value);
    setErrors((current) => ({ ...current, [field]: issue && issueText(issue) }));
    return !issue;
  };

  const change = (field: Field, value: string) => {
    setServerError(null);
    setValues((current) => ({ ...current, [field]: value }));
    check(field, value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const valid = FIELDS.map((field) => check(field, values[field]));
    if (!valid.every(Boolean)) return;
    login.mutate(values, {
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        setServerError(errorMessage(error));
      },
    });
  };

  const field = (name: Field) => ({
    id: name,
    name,
    value: values[name],
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? helpId(name) : undefined,
  });

  return (
    <AuthCard title={t('sign_in.title')} subtitle={t('sign_in.subtitle')}>
      <form onSubmit={submit} noValidate autoComplete="on">
        <PlainField id="email" label={t('fields.email')} error={errors.email}>
          <Input {...field('email')} onChange={(event) => change('email', event.target.value)} inputMode="email" autoComplete="username" placeholder="name@example.com" autoFocus />
        </PlainField>
        <PlainField id="password" label={t('fields.password')} error={errors.password}>
          <PasswordInput {...field('password')} onChange={(event) => change('password', event.target.value)} autoComplete="current-password" />
        </PlainField>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Checkbox
            id="remember"
            name="remember"
            checked={values.remember}
            onChange={(event) => {
              setServerError(null);
              setValues((current) => ({ ...current, remember: event.target.checked }));
            }}
          >
            {t('fields.remember')}
          </Checkbox>
          <PageLink to="/reset-password">{t('sign_in.forgot_password')}</PageLink>
        </Flex>
        {serverError && <Alert type="error" showIcon icon={ERROR_ICON} title={serverError} role="alert" style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('sign_in.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
