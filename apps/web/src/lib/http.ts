import { formatMessage, type MessageKey } from '@evcms/contracts/messages';
import { ApiError, readApiError } from './api-error.ts';
import { currentLang, i18n } from './i18n.ts';
import { tokenStore } from './token-store.ts';

export const API_BASE = '/api/v1';
const XSRF_COOKIE = 'XSRF-TOKEN';
const REFRESH_PATH = '/accounts/refresh/';
// These answer for the credentials they are given; a 401 from them is the answer, not an expired token.
const NO_REFRESH_PATHS = ['/accounts/login/', REFRESH_PATH];

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Empty values (undefined, null, '') are left out, as the specification asks. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** 'blob' for file exports; the default reads JSON (or nothing for 204). */
  responseType?: 'json' | 'blob' | 'text';
  /** false: no bearer token and no refresh (public calls). */
  auth?: boolean;
}

let sessionExpired: () => void = () => tokenStore.clear();

/** What to do when the refresh token is refused; the session module makes it a full logout. */
export function onSessionExpired(handler: () => void): void {
  sessionExpired = handler;
}

function message(key: MessageKey): string {
  return formatMessage(currentLang(), key);
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function buildInit(options: RequestOptions, access: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLang() });
  if (access) headers.set('Authorization', `Bearer ${access}`);
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal: options.signal ?? null, credentials: 'same-origin' };
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, { detail: i18n.t('errors.network', { ns: 'common' }) });
  }
}

let refreshing: Promise<string> | null = null;

async function refreshAccess(): Promise<string> {
  const refresh = tokenStore.getRefresh();
  if (!refresh) {
    sessionExpired();
    throw new ApiError(401, { detail: message('refresh_invalid') });
  }
  const response = await send(API_BASE + REFRESH_PATH, buildInit({ method: 'POST', body: { refresh } }, null));
  if (!response.ok) {
    const error = await readApiError(response, message('refresh_invalid'));
    // A refused token ends the session; a server that is down (5xx) does not, the next call may work.
    if (response.status < 500) sessionExpired();
    throw error;
  }
  const data = (await response.json().catch(() => null)) as { access?: unknown; refresh?: unknown } | null;
  if (typeof data?.access !== 'string' || !data.access) {
    sessionExpired();
    throw new ApiError(401, { detail: message('refresh_invalid') });
  }
  tokenStore.setTokens({ access: data.access, refresh: typeof data.refresh === 'string' ? data.refresh : undefined });
  return data.access;
}

/**
 * A fresh access token for a request that was refused with `used`. Requests refused at the same
 * time share one refresh call; one that comes back after another already refreshed just uses the
 * new token.
 */
function freshAccess(used: string | null): Promise<string> {
  const current = tokenStore.getAccess();
  if (!refreshing && current && current !== used) return Promise.resolve(current);
  refreshing ??= refreshAccess().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function parse<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (responseType === 'text') return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The answer to a call of the API at `path` (below /api/v1), its token refreshed once if refused; rejects with ApiError. */
async function authorizedResponse(path: string, options: RequestOptions): Promise<Response> {
  const url = buildUrl(path, options.query);
  const auth = options.auth !== false;
  const access = auth ? tokenStore.getAccess() : null;
  let response = await send(url, buildInit(options, access));
  // Once per request: a second 401 after a successful refresh is reported, not retried again.
  if (response.status === 401 && auth && !NO_REFRESH_PATHS.includes(path)) {
    const fresh = await freshAccess(access);
    response = await send(url, buildInit(options, fresh));
  }
  if (response.status >= 500) {
    // Whatever a crash or a proxy in front of the server answers ('Internal Server Error', an
    // HTML page) means nothing to a manager and is in English: our own words instead.
    await response.body?.cancel().catch(() => undefined);
    throw new ApiError(response.status, { detail: message('server_error') });
  }
  if (!response.ok) throw await readApiError(response, message(response.status === 404 ? 'not_found' : 'server_error'));
  return response;
}

/** Calls the API at `path` (below /api/v1); resolves with the parsed body or rejects with ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return parse<T>(await authorizedResponse(path, options), options.responseType);
}

/** A streamed answer (server-sent events) as text pieces, opened with the session's token. */
export async function openTextStream(path: string, signal: AbortSignal): Promise<ReadableStream<string>> {
  const response = await authorizedResponse(path, { signal });
  if (!response.body) throw new ApiError(0, { detail: message('server_error') });
  return response.body.pipeThrough(new TextDecoderStream());
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
