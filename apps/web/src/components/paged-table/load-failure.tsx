import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error.ts';

export interface LoadFailureProps {
  error: unknown;
  onRetry: () => void;
  /** The retry is under way. */
  retrying?: boolean;
}

/**
 * A list that could not be loaded: our own words for what happened (no connection, or the server
 * failed) and a Retry button. The server's text is not shown: a 500 may carry anything, and the
 * manager can do nothing with it but try again.
 */
export function LoadFailure({ error, onRetry, retrying = false }: LoadFailureProps) {
  const { t } = useTranslation('components');
  const offline = error instanceof ApiError && error.status === 0;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="load-failure"
      title={t('table.loadFailed')}
      description={t(offline ? 'table.offline' : 'table.serverFailed')}
      action={
        <Button icon={<ReloadOutlined aria-hidden />} loading={retrying} onClick={onRetry} data-testid="load-retry">
          {t('table.retry')}
        </Button>
      }
    />
  );
}
