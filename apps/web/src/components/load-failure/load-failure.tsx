import { CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRetryable, loadFailureKind } from '../../lib/api-error.ts';

export interface LoadFailureProps {
  error: unknown;
  onRetry: () => void;
  /** The retry (or a refetch of the live updates) is under way. */
  retrying?: boolean;
  /** What could not be loaded: a list, or a screen's record (a card, a form, a profile). */
  subject?: 'list' | 'record';
  /** The screen's own name for what failed ('The map could not be loaded'), instead of the subject's. */
  title?: string;
}

/**
 * Any data that could not be loaded, on every screen: our own words for what happened (no
 * connection, the server failed, not found, not allowed) and a Retry button when another try may
 * help. The server's text is not shown: a 500 may carry anything, often in English, and the
 * manager can do nothing with it but try again.
 */
export function LoadFailure({ error, onRetry, retrying = false, subject = 'list', title }: LoadFailureProps) {
  const { t } = useTranslation('components');
  const kind = loadFailureKind(error);
  return (
    <Alert
      type="error"
      showIcon
      // antd's own icon is labelled 'close-circle' in English for screen readers; the title says it all.
      icon={<CloseCircleFilled aria-hidden />}
      data-testid="load-failure"
      title={title ?? t(`loadFailure.${subject}`)}
      description={t(`loadFailure.${kind}`)}
      action={
        isRetryable(kind) && (
          <Button icon={<ReloadOutlined aria-hidden />} loading={retrying} onClick={onRetry} data-testid="load-retry">
            {t('loadFailure.retry')}
          </Button>
        )
      }
    />
  );
}
