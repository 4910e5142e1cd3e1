import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailIssue } from '@evcms/contracts/signed-out-fields';
import { Input } from '../../components/light-input.ts';
import { PageLink } from '../../components/page-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { serverText } from '../../lib/localized-text.tsx';
import { useRequestPasswordReset } from './session-api.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthResult } from './auth-result.tsx';
import { FormServerError, PlainField } from './plain-field.tsx';
import { usePlainForm } from './use-plain-form.ts';

const checks = { email: emailIssue };

/**
 * Password recovery: the server sends reset instructions and answers the same for any address.
 * A plain form like the sign-in screen's, which shares its code (use-plain-form.ts).
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
          <PageLink to="/">{t('common:actions.back_to_sign_in')}</PageLink>
        </AuthResult>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (form.checkAll()) reset.mutate(form.values, { onError: form.refused });
        }}
        noValidate
      >
        <PlainField id="email" label={t('fields.email')} error={form.errors.email}>
          <Input
            {...form.input('email')}
            inputMode="email"
            autoComplete="email"
            placeholder="name@example.com"
            autoFocus
          />
        </PlainField>
        <FormServerError error={form.serverError} />
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <PageLink to="/">{t('common:actions.back_to_sign_in')}</PageLink>
      </div>
    </AuthCard>
  );
}
