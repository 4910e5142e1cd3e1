import { useTranslation } from 'react-i18next';
import { emailIssue } from '@evcms/contracts/signed-out-fields';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { serverText } from '../../lib/localized-text.tsx';
import { useRequestPasswordReset } from './session-api.ts';
import { AuthCard, BackToSignIn } from './auth-card.tsx';
import { AuthResult } from './auth-result.tsx';
import { EmailInput } from './email-input.tsx';
import { PlainField } from './plain-field.tsx';
import { PlainForm } from './plain-form.tsx';
import { usePlainForm } from './use-plain-form.ts';

const checks = { email: emailIssue };

/**
 * Password recovery: the server sends reset instructions and answers the same for any address.
 * A plain form like the sign-in screen's, which shares its code (plain-form.tsx, use-plain-form.ts).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const form = usePlainForm({ email: '' }, checks);
  const reset = useRequestPasswordReset();
  useDocumentTitle(t('reset.title'));

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('reset.title')}>
        <AuthResult title={t('reset.sent_title')} text={serverText(reset.data.detail)}>
          <BackToSignIn />
        </AuthResult>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} footer={<BackToSignIn />}>
      <PlainForm
        form={form}
        onSubmit={() => reset.mutate(form.values, { onError: form.refused })}
        submitText={t('reset.submit')}
        submitting={reset.isPending}
      >
        <PlainField id="email" label={t('fields.email')} error={form.errors.email}>
          <EmailInput {...form.input('email')} autoComplete="email" autoFocus />
        </PlainField>
      </PlainForm>
    </AuthCard>
  );
}
