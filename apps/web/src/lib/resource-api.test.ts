import { MutationObserver, QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { resourceApi } from './resource-api.ts';
import { jsonResponse, stubFetch } from './test-fetch.ts';

type Thing = { id: number; name: string };

const things = resourceApi<{
  row: Thing;
  params: { page: number; size: number; search?: string };
  item: Thing;
  create: { name: string };
  update: { name?: string };
  detail: true;
  forUpdate: { id: number; name: string };
}>({ path: '/things/', key: ['things'] });

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // What the screens would have cached: a list, two details and two edit forms.
  const list = things.keys.list({ page: 1, size: 10 });
  queryClient.setQueryData(list, { items: [], page: 1, pages: 1, size: 10, total: 0 });
  for (const id of [7, 8]) {
    queryClient.setQueryData(things.keys.detail(id), { id, name: 'old' });
    queryClient.setQueryData(things.keys.forUpdate(id), { id, name: 'old' });
  }
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .findAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { queryClient, list, invalidated };
}

function run<TData, TVariables>(
  queryClient: QueryClient,
  options: UseMutationOptions<TData, Error, TVariables>,
  variables: TVariables,
) {
  return new MutationObserver(queryClient, options).mutate(variables);
}

describe('resource api', () => {
  it('keys every query under the resource root and lists by their params, keeping the last page while the next loads', async () => {
    const api = stubFetch({
      'GET /things/': () => jsonResponse(200, { items: [{ id: 1, name: 'a' }], page: 2, pages: 2, size: 5, total: 6 }),
    });
    const options = things.listQueryOptions({ page: 2, size: 5, search: 'a' });
    expect(options.queryKey).toEqual(['things', 'list', { page: 2, size: 5, search: 'a' }]);
    expect(options.placeholderData).toBeTypeOf('function');
    await new QueryClient().fetchQuery(options);
    expect(api.calls[0]!.url.search).toBe('?page=2&size=5&search=a');
    expect(things.forUpdateQueryOptions(7)).toMatchObject({ queryKey: ['things', 'for-update', 7], staleTime: 0 });
  });

  it('puts a created item in the detail cache and refreshes the lists', async () => {
    stubFetch({ 'POST /things/': (request) => jsonResponse(201, { id: 9, ...(request.json() as object) }) });
    const { queryClient, list, invalidated } = setUp();
    await run(queryClient, things.create(queryClient), { name: 'new' });
    expect(queryClient.getQueryData(things.keys.detail(9))).toEqual({ id: 9, name: 'new' });
    expect(invalidated()).toEqual([list]);
  });

  it('sends an update to the item, sets its detail, and refreshes the lists and its edit form only', async () => {
    const api = stubFetch({
      'PATCH /things/7/': (request) => jsonResponse(200, { id: 7, ...(request.json() as object) }),
    });
    const { queryClient, list, invalidated } = setUp();
    await run(queryClient, things.update(queryClient), { id: 7, changes: { name: 'renamed' } });
    expect(api.calls[0]!.json()).toEqual({ name: 'renamed' });
    expect(queryClient.getQueryData(things.keys.detail(7))).toEqual({ id: 7, name: 'renamed' });
    expect(invalidated()).toEqual([list, things.keys.forUpdate(7)]);
  });

  it('refreshes everything of the resource after a status change', async () => {
    const api = stubFetch({ 'PATCH /things/statuses/': () => jsonResponse(200, []) });
    const { queryClient, invalidated } = setUp();
    await run(queryClient, things.setStatuses(queryClient), { ids: [7, 8], status: 1 });
    expect(api.calls[0]!.json()).toEqual({ ids: [7, 8], status: 1 });
    expect(invalidated()).toHaveLength(5);
  });

  it('sends bodies through `encode`: multipart for the resources that take files', async () => {
    const api = stubFetch({
      'POST /files/': () => jsonResponse(201, { id: 3 }),
      'DELETE /files/3/': () => new Response(null, { status: 204 }),
    });
    const files = resourceApi<{
      row: { id: number };
      params: object;
      item: { id: number };
      create: { title: string };
      update: { title?: string };
      remove: true;
    }>({
      path: '/files/',
      key: ['files'],
      encode: (body) => {
        const data = new FormData();
        for (const [name, value] of Object.entries(body)) data.append(name, String(value));
        return data;
      },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(files.keys.detail(3), { id: 3 });
    await run(queryClient, files.create(queryClient), { title: 'a' });
    expect(api.calls[0]!.body).toBeInstanceOf(FormData);
    await run(queryClient, files.remove(queryClient), 3);
    expect(queryClient.getQueryData(files.keys.detail(3))).toBeUndefined();
    // A resource's type has only the calls its API has (checked by tsc).
    expectTypeOf(files).not.toHaveProperty('detailQueryOptions');
    expectTypeOf(files).not.toHaveProperty('forUpdateQueryOptions');
    expectTypeOf(things).not.toHaveProperty('remove');
  });
});
