import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRetryable, loadFailureKind } from '../../lib/api-error.ts';
import { useShownFailure } from './use-shown-failure.ts';

/**
 * LoadFailure's small form, for the options of a select (a picker, a dictionary) that could not
 * be loaded: said in the dropdown, with Retry, instead of 'Nothing found' or a spinner for good.
 */
function OptionsFailure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('components');
  const kind = loadFailureKind(error);
  return (
    <Flex vertical align="center" gap={4} role="alert" data-testid="options-load-failure" style={{ padding: '4px 0' }}>
      <Typography.Text type="danger">{t('loadFailure.list')}</Typography.Text>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t(`loadFailure.${kind}`)}
      </Typography.Text>
      {isRetryable(kind) && (
        <Button
          size="small"
          icon={<ReloadOutlined aria-hidden />}
          loading={retrying}
          // Keeps the dropdown open and the select focused while the options are asked again.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onRetry}
        >
          {t('loadFailure.retry')}
        </Button>
      )}
    </Flex>
  );
}

/** The dropdown's failure for a select's options query; undefined while it has not failed. */
export function useOptionsFailure(
  query: Pick<UseQueryResult, 'error' | 'isFetching' | 'refetch'>,
): ReactNode | undefined {
  const failure = useShownFailure(query.error, query.isFetching);
  if (!failure) return undefined;
  return <OptionsFailure error={failure} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
}
