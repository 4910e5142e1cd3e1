import type { ErrorBody } from '@evcms/contracts/common';

/**
 * A failed API call. `body` has the shape PRODUCT.md fixes for every error: field name ->
 * messages, plus `detail` for what belongs to no field. Status 0 means the server was not reached.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(firstMessageOf(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The first message of the first field (or `detail`), as the specification shows it in a notification. */
  firstMessage(): string {
    return this.message;
  }

  /** Messages per field, without `detail`; nested paths keep the server's dotted form ('connectors.0.typo'). */
  fieldErrors(): Record<string, string[]> {
    const result: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(this.body)) {
      if (field === 'detail') continue;
      const list = messagesOf(value);
      if (list.length) result[field] = list;
    }
    return result;
  }
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return [];
}

function firstMessageOf(body: ErrorBody): string | undefined {
  for (const value of Object.values(body)) {
    const [first] = messagesOf(value);
    if (first) return first;
  }
  return undefined;
}

/** Text for any thrown value: an ApiError's first message, an Error's message, a string as it is. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** Reads an error response into an ApiError; a body that is not the usual shape becomes `detail`. */
export async function readApiError(response: Response, fallback: string): Promise<ApiError> {
  const data = await response
    .text()
    .then((text): unknown => (text ? JSON.parse(text) : null))
    .catch(() => null);
  let body: ErrorBody = {};
  if (Array.isArray(data)) body = { detail: messagesOf(data).join(' ') };
  else if (typeof data === 'string') body = { detail: data };
  else if (data && typeof data === 'object') body = data as ErrorBody;
  if (!firstMessageOf(body)) body = { ...body, detail: fallback };
  return new ApiError(response.status, body);
}

/**
 * What a failed load was, as a screen tells it: the server not reached, the server failing (both
 * worth another try), or an answer a retry will not change (not found, not allowed, refused).
 */
export type LoadFailureKind = 'offline' | 'server' | 'not_found' | 'forbidden' | 'refused';

export function loadFailureKind(error: unknown): LoadFailureKind {
  if (!(error instanceof ApiError)) return 'server';
  const { status } = error;
  if (status === 0) return 'offline';
  if (status === 404) return 'not_found';
  if (status === 403) return 'forbidden';
  // A time-out or too many requests passes; anything else of 4xx is the same answer next time.
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused';
  return 'server';
}

/** Whether asking again may help. */
export function isRetryable(kind: LoadFailureKind): boolean {
  return kind === 'offline' || kind === 'server';
}
