import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { followLanguage } from './language.ts';

/** Retrying helps only when the server was not reached or failed; a 4xx answer will not change. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Answers carry labels in the language they were asked in (Accept-Language); ask again.
followLanguage(() => void queryClient.invalidateQueries());
