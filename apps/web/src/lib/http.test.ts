import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { apiRequest, http } from './http.ts';
import { i18n } from './i18n.ts';
import { jsonResponse, stubFetch, type SeenRequest } from './test-fetch.ts';
import { tokenStore } from './token-store.ts';

const bearer = (request: SeenRequest) => request.headers.get('Authorization');

beforeEach(() => {
  tokenStore.setTokens({ access: 'old-access', refresh: 'refresh-1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('401 handling', () => {
  it('refreshes the access token once and retries the request with it', async () => {
    const api = stubFetch({
      'GET /accounts/me/': (r) =>
        bearer(r) === 'Bearer new-access' ? jsonResponse(200, { id: 1 }) : jsonResponse(401, { detail: 'expired' }),
      'POST /accounts/refresh/': () => jsonResponse(200, { access: 'new-access' }),
    });

    await expect(http.get('/accounts/me/')).resolves.toEqual({ id: 1 });

    expect(api.callsTo('POST /accounts/refresh/')).toHaveLength(1);
    expect(api.callsTo('POST /accounts/refresh/')[0]!.json()).toEqual({ refresh: 'refresh-1' });
    expect(api.callsTo('GET /accounts/me/').map(bearer)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(tokenStore.getAccess()).toBe('new-access');
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(tokenStore.getRefresh()).toBe('refresh-1');
  });

  it('stores a rotated refresh token', async () => {
    stubFetch({
      'GET /accounts/me/': (r) => (bearer(r) === 'Bearer a2' ? jsonResponse(200, {}) : jsonResponse(401)),
      'POST /accounts/refresh/': () => jsonResponse(200, { access: 'a2', refresh: 'refresh-2' }),
    });
    await http.get('/accounts/me/');
    expect(localStorage.getItem('refresh')).toBe('refresh-2');
  });

  it('does not refresh a second time when the retried request is refused again', async () => {
    const api = stubFetch({
      'GET /accounts/me/': () => jsonResponse(401, { detail: 'no' }),
      'POST /accounts/refresh/': () => jsonResponse(200, { access: 'new-access' }),
    });

    const error = await http.get('/accounts/me/').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(api.callsTo('POST /accounts/refresh/')).toHaveLength(1);
    expect(api.callsTo('GET /accounts/me/')).toHaveLength(2);
  });

  it('lets concurrent 401s share one refresh call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stubFetch({
      'GET /a/': (r) => (bearer(r) === 'Bearer new-access' ? jsonResponse(200, 'a') : jsonResponse(401)),
      'GET /b/': (r) => (bearer(r) === 'Bearer new-access' ? jsonResponse(200, 'b') : jsonResponse(401)),
      'GET /c/': (r) => (bearer(r) === 'Bearer new-access' ? jsonResponse(200, 'c') : jsonResponse(401)),
      'POST /accounts/refresh/': async () => {
        await gate;
        return jsonResponse(200, { access: 'new-access' });
      },
    });

    const all = Promise.all([http.get('/a/'), http.get('/b/'), http.get('/c/')]);
    await vi.waitFor(() => expect(api.callsTo('POST /accounts/refresh/')).toHaveLength(1));
    release();

    await expect(all).resolves.toEqual(['a', 'b', 'c']);
    expect(api.callsTo('POST /accounts/refresh/')).toHaveLength(1);
  });

  it('retries with the new token, without refreshing, a 401 that arrives after another request refreshed', async () => {
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const api = stubFetch({
      'GET /fast/': (r) => (bearer(r) === 'Bearer new-access' ? jsonResponse(200, 'fast') : jsonResponse(401)),
      'GET /slow/': async (r) => {
        if (bearer(r) === 'Bearer new-access') return jsonResponse(200, 'slow');
        await late;
        return jsonResponse(401);
      },
      'POST /accounts/refresh/': () => jsonResponse(200, { access: 'new-access' }),
    });

    const slow = http.get('/slow/');
    await expect(http.get('/fast/')).resolves.toBe('fast');
    answerLate();

    await expect(slow).resolves.toBe('slow');
    expect(api.callsTo('POST /accounts/refresh/')).toHaveLength(1);
  });

  it('clears the tokens when the refresh token is refused, and rejects the request', async () => {
    const expired = vi.fn();
    const { onSessionExpired } = await import('./http.ts');
    onSessionExpired(expired);
    stubFetch({
      'GET /accounts/me/': () => jsonResponse(401),
      'POST /accounts/refresh/': () => jsonResponse(401, { detail: 'The session has expired.' }),
    });

    await expect(http.get('/accounts/me/')).rejects.toMatchObject({ status: 401, message: 'The session has expired.' });
    expect(expired).toHaveBeenCalledTimes(1);
    onSessionExpired(() => tokenStore.clear());
  });

  it('keeps the session when the refresh call cannot reach the server', async () => {
    const expired = vi.fn();
    const { onSessionExpired } = await import('./http.ts');
    onSessionExpired(expired);
    stubFetch({
      'GET /accounts/me/': () => jsonResponse(401),
      'POST /accounts/refresh/': () => jsonResponse(503, { detail: 'down' }),
    });

    await expect(http.get('/accounts/me/')).rejects.toMatchObject({ status: 503 });
    expect(expired).not.toHaveBeenCalled();
    expect(tokenStore.isSignedIn()).toBe(true);
    onSessionExpired(() => tokenStore.clear());
  });

  it('never refreshes for the login call itself', async () => {
    const api = stubFetch({
      'POST /accounts/login/': () => jsonResponse(401, { detail: 'no' }),
      'POST /accounts/refresh/': () => jsonResponse(200, { access: 'x' }),
    });
    await expect(http.post('/accounts/login/', {})).rejects.toMatchObject({ status: 401 });
    expect(api.callsTo('POST /accounts/refresh/')).toHaveLength(0);
  });
});

describe('requests', () => {
  it('sends the bearer token, the language, the XSRF cookie and a JSON body', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value';
    await i18n.changeLanguage('ky');
    const api = stubFetch({ 'POST /things/': () => jsonResponse(201, { ok: true }) });

    await http.post('/things/', { name: 'A' });

    const [request] = api.calls;
    expect(request!.headers.get('Authorization')).toBe('Bearer old-access');
    expect(request!.headers.get('Accept-Language')).toBe('ky');
    expect(request!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.json()).toEqual({ name: 'A' });
    await i18n.changeLanguage('ru');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('passes FormData through for the browser to encode', async () => {
    const api = stubFetch({ 'PATCH /stations/update/1/': () => jsonResponse(200, {}) });
    const form = new FormData();
    form.append('name_ru', 'Станция');

    await http.patch('/stations/update/1/', form);

    expect(api.calls[0]!.body).toBe(form);
    expect(api.calls[0]!.headers.has('Content-Type')).toBe(false);
  });

  it('leaves empty query values out and repeats lists', async () => {
    const api = stubFetch({ 'GET /merchants/': () => jsonResponse(200, { items: [] }) });
    await apiRequest('/merchants/', { query: { page: 1, search: '', active: undefined, tags: [1, 2], x: null } });
    expect(api.calls[0]!.url.search).toBe('?page=1&tags=1&tags=2');
  });

  it('omits the bearer token on public calls', async () => {
    const api = stubFetch({ 'POST /accounts/password-reset/': () => jsonResponse(200, { detail: 'sent' }) });
    await http.post('/accounts/password-reset/', { email: 'a@b.kg' }, { auth: false });
    expect(api.calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('resolves a 204 with nothing', async () => {
    stubFetch({ 'DELETE /stations/1/': () => new Response(null, { status: 204 }) });
    await expect(http.delete('/stations/1/')).resolves.toBeUndefined();
  });
});
