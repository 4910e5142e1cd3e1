import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { loadFailureKind } from '../../lib/api-error.ts';
import { LoadFailure } from './load-failure.tsx';
import { useShownFailure } from './use-shown-failure.ts';

export interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** The screen, once its data is in. */
  children: (data: T) => ReactNode;
  /** The screen's own 'not found' with its way back, for a record that is not there (404). */
  notFound?: ReactNode;
}

/**
 * What a screen that loads one record shows (a card, an edit form, a profile): a skeleton while
 * it loads, the record, or the failure in our own words with Retry, never the server's text, and
 * never a skeleton again while a failed load is asked again.
 */
export function QueryContent<T>({ query, children, notFound }: QueryContentProps<T>) {
  const failure = useShownFailure(query.error, query.isFetching);
  if (query.data !== undefined) return children(query.data);
  if (failure) {
    if (notFound !== undefined && loadFailureKind(failure) === 'not_found') return notFound;
    return (
      <LoadFailure subject="record" error={failure} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return <Skeleton active />;
}
