import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from './api-error.ts';
import { http } from './http.ts';
import { jsonResponse, stubFetch } from './test-fetch.ts';
import { tokenStore } from './token-store.ts';

beforeEach(() => {
  tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('ApiError', () => {
  it('gives the first message of the first field and the field map', async () => {
    stubFetch({
      'POST /stations/': () => jsonResponse(400, { identity: ['Taken', 'Second'], name_ru: ['Blank'] }),
    });
    const error = (await http.post('/stations/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.firstMessage()).toBe('Taken');
    expect(error.fieldErrors()).toEqual({ identity: ['Taken', 'Second'], name_ru: ['Blank'] });
  });

  it('reads detail when there is no field', async () => {
    stubFetch({ 'POST /accounts/login/': () => jsonResponse(400, { detail: 'Wrong password' }) });
    const error = (await http.post('/accounts/login/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.firstMessage()).toBe('Wrong password');
    expect(error.fieldErrors()).toEqual({});
  });

  it('joins a list body and falls back to a message for bodies that are not JSON', async () => {
    stubFetch({
      'DELETE /a/': () => jsonResponse(409, ['One.', 'Two.']),
      'DELETE /b/': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(http.delete('/a/')).rejects.toMatchObject({ message: 'One. Two.' });
    await expect(http.delete('/b/')).rejects.toMatchObject({
      status: 502,
      message: 'Произошла ошибка при обработке запроса',
    });
  });

  it('never passes on what a failing server or a proxy answered: our own words instead', async () => {
    stubFetch({
      'GET /c/': () => jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
    });
    await expect(http.get('/c/')).rejects.toMatchObject({
      status: 500,
      message: 'Произошла ошибка при обработке запроса',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/x/')).rejects.toMatchObject({ status: 0 });
  });
});
