import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordIssue, PASSWORD_MIN, passwordConfirmIssue } from '@evcms/contracts/signed-out-fields';
import { PageLink } from '../../components/page-link.tsx';
import { goTo, useBrowserLocation } from '../../lib/browser-location.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { serverText } from '../../lib/localized-text.tsx';
import { useConfirmPasswordReset } from './session-api.ts';
import { AuthCard, BackToSignIn } from './auth-card.tsx';
import { AuthResult } from './auth-result.tsx';
import { PasswordInput } from './password-input.tsx';
import { PlainField } from './plain-field.tsx';
import { PlainForm } from './plain-form.tsx';
import { ERROR_ICON } from './status-icons.tsx';
import { usePlainForm, type FieldCheck } from './use-plain-form.ts';

type Field = 'password' | 'password_confirm';
const checks: Record<Field, FieldCheck<Field>> = {
  password: newPasswordIssue,
  password_confirm: (confirmation, values) => passwordConfirmIssue(values.password, confirmation),
};
const dependents = { password: ['password_confirm' as const] };

/**
 * Create new password, reached from the e-mailed link (/change-password?token=...). A plain form
 * like the sign-in screen's, which shares its code (plain-form.tsx, use-plain-form.ts).
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('accounts');
  const token = useBrowserLocation().searchParams.get('token') ?? '';
  const form = usePlainForm({ password: '', password_confirm: '' }, checks, dependents);
  const confirm = useConfirmPasswordReset();
  useDocumentTitle(t('new_password.title'));

  if (confirm.isSuccess) {
    return (
      <AuthCard title={t('new_password.title')}>
        <AuthResult title={serverText(confirm.data.detail)} text={t('new_password.done')}>
          <Button type="primary" onClick={() => goTo('/')}>
            {t('sign_in.submit')}
          </Button>
        </AuthResult>
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title={t('new_password.title')}>
        <Alert
          type="error"
          showIcon
          icon={ERROR_ICON}
          title={t('errors:reset_link_invalid')}
          style={{ marginBottom: 16 }}
        />
        <PageLink to="/reset-password">{t('new_password.request_again')}</PageLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('new_password.title')}
      subtitle={t('new_password.subtitle', { min: PASSWORD_MIN })}
      footer={<BackToSignIn />}
    >
      <PlainForm
        form={form}
        onSubmit={() => confirm.mutate({ token, ...form.values }, { onError: form.refused })}
        submitText={t('new_password.submit')}
        submitting={confirm.isPending}
      >
        <PlainField id="password" label={t('fields.new_password')} error={form.errors.password}>
          <PasswordInput {...form.input('password')} autoComplete="new-password" autoFocus />
        </PlainField>
        <PlainField id="password_confirm" label={t('fields.password_confirm')} error={form.errors.password_confirm}>
          <PasswordInput {...form.input('password_confirm')} autoComplete="new-password" />
        </PlainField>
      </PlainForm>
    </AuthCard>
  );
}
