import { MutationObserver, QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { stationsApi } from './stations-api.ts';

function run<TData, TVariables>(
  queryClient: QueryClient,
  options: UseMutationOptions<TData, Error, TVariables>,
  variables: TVariables,
) {
  return new MutationObserver(queryClient, options).mutate(variables);
}

const answer = { id: 8, name: 'Volt' };

describe('stations api', () => {
  it("lists one merchant's stations by page and search", async () => {
    const api = stubFetch({
      'GET /stations/': () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 }),
    });
    await new QueryClient().fetchQuery(stationsApi.listQueryOptions({ merchant: 5, page: 2, size: 20, search: 'cp' }));
    expect(api.calls[0]!.url.search).toBe('?merchant=5&page=2&size=20&search=cp');
  });

  it('reads the card at /stations/{id}/ and the edit form at /stations/update/{id}/', async () => {
    const api = stubFetch({
      'GET /stations/8/': () => jsonResponse(200, answer),
      'GET /stations/update/8/': () => jsonResponse(200, answer),
    });
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(stationsApi.detailQueryOptions(8));
    await queryClient.fetchQuery(stationsApi.forUpdateQueryOptions(8));
    expect(api.calls.map((call) => call.key)).toEqual(['GET /stations/8/', 'GET /stations/update/8/']);
  });

  it('creates and updates as multipart, the update at /stations/update/{id}/', async () => {
    const api = stubFetch({
      'POST /stations/': () => jsonResponse(201, answer),
      'PATCH /stations/update/8/': () => jsonResponse(200, answer),
    });
    const queryClient = new QueryClient();
    await run(queryClient, stationsApi.update(queryClient), { id: 8, changes: { pic: 'Asel', delete_tags: true } });
    const body = api.calls[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.entries()]).toEqual([
      ['pic', 'Asel'],
      ['delete_tags', 'true'],
    ]);
    expect(api.calls[0]!.headers.has('Content-Type')).toBe(false);
    expect(queryClient.getQueryData(stationsApi.keys.detail(8))).toEqual(answer);
  });

  it('asks the merchants again after a status change or a delete, since their station counts changed', async () => {
    const api = stubFetch({
      'PATCH /stations/statuses/': () => jsonResponse(200, []),
      'DELETE /stations/8/': () => new Response(null, { status: 204 }),
    });
    const queryClient = new QueryClient();
    const merchant = ['merchants', 'detail', 5];
    const merchantInvalidated = () => queryClient.getQueryCache().find({ queryKey: merchant })!.state.isInvalidated;

    queryClient.setQueryData(merchant, { id: 5 });
    await run(queryClient, stationsApi.setStatuses(queryClient), { ids: [8, 9], status: 0 });
    expect(api.calls[0]!.json()).toEqual({ ids: [8, 9], status: 0 });
    expect(merchantInvalidated()).toBe(true);

    queryClient.setQueryData(merchant, { id: 5 });
    await run(queryClient, stationsApi.remove(queryClient), 8);
    expect(api.calls[1]!.key).toBe('DELETE /stations/8/');
    expect(merchantInvalidated()).toBe(true);
  });
});
