import { ExclamationCircleFilled } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error.ts';

/**
 * The messages of a 400 the report was refused with ('The end of the period cannot be earlier than
 * its start'), or null for any other failure. Unlike a crash's text, these are the server's
 * localized words about the filters, which the manager can act on.
 */
export function refusalMessages(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const messages = Object.values(error.fieldErrors()).flat();
  return messages.length ? messages : null;
}

/** The filters refused: what the server said about them, fixed by changing the filters rather than a Retry. */
export function ReportRefusal({ messages }: { messages: string[] }) {
  const { t } = useTranslation('merchant-report');
  return (
    <Alert
      type="warning"
      showIcon
      // antd's own icon is labelled in English for screen readers; the title says it all.
      icon={<ExclamationCircleFilled aria-hidden />}
      title={t('refused')}
      description={messages.join(' ')}
      data-testid="report-refusal"
    />
  );
}
