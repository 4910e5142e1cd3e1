import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { StatusesRequest } from '@evcms/contracts/status';
import { http, type QueryValue } from './http.ts';

/*
 * The standard calls of a resource of the API (merchants, tags, infrastructure...), written once:
 * its query keys, list / detail / for-update queries, and create / update / statuses / delete
 * mutations with their cache updates. A resource's file states its types and what its API has.
 */

/** Where a resource lives and the root of its query keys. */
export interface ResourceConfig {
  /** The collection's path below /api/v1, with the trailing slash: '/merchants/'. */
  path: string;
  /** Every key of the resource starts with it, so one invalidation reaches all of them. */
  key: readonly (string | number)[];
}

/** What a resource's endpoints take and answer. */
export interface ResourceTypes {
  /** A row of the list; `PATCH statuses/` answers the changed rows. */
  row: { id: number };
  /** The list's query parameters. */
  params: object;
  /** What create and update answer (and `GET {id}/`, where there is one). */
  item: { id: number };
  create: unknown;
  update: unknown;
  /** Present when the API has `GET {path}{id}/`. */
  detail?: true;
  /** The answer of `GET {path}for-update/{id}/`, where the API has it. */
  forUpdate?: unknown;
  /** Present when the API has `DELETE {path}{id}/`. */
  remove?: true;
}

export interface UpdateVariables<U> {
  id: number;
  /** Only the fields that changed. */
  changes: U;
}

/** The query keys of a resource; plain `QueryKey`s, so screens can take any resource's queries. */
export interface ResourceKeys {
  all: QueryKey;
  lists: QueryKey;
  list: (params: object) => QueryKey;
  detail: (id: number) => QueryKey;
  forUpdate: (id: number) => QueryKey;
}

export function resourceKeys(root: readonly (string | number)[]): ResourceKeys {
  return {
    all: [...root],
    lists: [...root, 'list'],
    list: (params) => [...root, 'list', params],
    detail: (id) => [...root, 'detail', id],
    forUpdate: (id) => [...root, 'for-update', id],
  };
}

/**
 * One page of a resource's list. The old page stays on screen while the next one loads, instead
 * of an empty table. Screens and pickers of one resource share the key, so they share the cache.
 */
export function resourceListQueryOptions<Row, Params extends object>(config: ResourceConfig, params: Params) {
  return queryOptions({
    queryKey: resourceKeys(config.key).list(params),
    queryFn: ({ signal }) => http.get<Paged<Row>>(config.path, { query: params as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * How a resource's bodies are sent and where its item calls live. `encode` turns a create or
 * update body into what is sent (FormData for a multipart endpoint); by default the body goes as
 * JSON. The item paths default to `{path}for-update/{id}/` and `{path}{id}/`; stations have
 * their own (`/stations/update/{id}/` for both, spec 7).
 */
export interface ResourceOptions<T extends ResourceTypes> extends ResourceConfig {
  encode?: (body: T['create'] | T['update']) => unknown;
  forUpdatePath?: (id: number) => string;
  updatePath?: (id: number) => string;
}

function build<T extends ResourceTypes>(config: ResourceOptions<T>) {
  const { path } = config;
  const keys = resourceKeys(config.key);
  const encode = config.encode ?? ((body: unknown) => body);
  const forUpdatePath = config.forUpdatePath ?? ((id: number) => `${path}for-update/${id}/`);
  const updatePath = config.updatePath ?? ((id: number) => `${path}${id}/`);
  type ForUpdate = T extends { forUpdate: infer F } ? F : never;

  return {
    keys,
    listQueryOptions: (params: T['params']) => resourceListQueryOptions<T['row'], T['params']>(config, params),
    detailQueryOptions: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => http.get<T['item']>(`${path}${id}/`, { signal }),
      }),
    forUpdateQueryOptions: (id: number) =>
      queryOptions({
        queryKey: keys.forUpdate(id),
        queryFn: ({ signal }) => http.get<ForUpdate>(forUpdatePath(id), { signal }),
        // A form starts from what is stored now, not from a copy cached before someone else saved.
        staleTime: 0,
      }),
    create: (queryClient: QueryClient) =>
      mutationOptions({
        mutationKey: [...keys.all, 'create'],
        mutationFn: (body: T['create']) => http.post<T['item']>(path, encode(body)),
        onSuccess: async (item) => {
          // The answer is the detail page's data: it opens without another request.
          queryClient.setQueryData(keys.detail(item.id), item);
          await queryClient.invalidateQueries({ queryKey: keys.lists });
        },
      }),
    update: (queryClient: QueryClient) =>
      mutationOptions({
        mutationKey: [...keys.all, 'update'],
        mutationFn: ({ id, changes }: UpdateVariables<T['update']>) =>
          http.patch<T['item']>(updatePath(id), encode(changes)),
        onSuccess: async (item) => {
          queryClient.setQueryData(keys.detail(item.id), item);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: keys.lists }),
            queryClient.invalidateQueries({ queryKey: keys.forUpdate(item.id) }),
          ]);
        },
      }),
    setStatuses: (queryClient: QueryClient) =>
      mutationOptions({
        mutationKey: [...keys.all, 'statuses'],
        // Every id changes or none does; unknown ids answer 404 naming them.
        mutationFn: (body: StatusesRequest) => http.patch<T['row'][]>(`${path}statuses/`, body),
        // Lists, detail pages and edit forms all show the status.
        onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
      }),
    remove: (queryClient: QueryClient) =>
      mutationOptions({
        mutationKey: [...keys.all, 'delete'],
        mutationFn: (id: number) => http.delete<void>(`${path}${id}/`),
        onSuccess: async (_answer, id) => {
          queryClient.removeQueries({ queryKey: keys.detail(id) });
          queryClient.removeQueries({ queryKey: keys.forUpdate(id) });
          await queryClient.invalidateQueries({ queryKey: keys.lists });
        },
      }),
  };
}

type Missing<T extends ResourceTypes> =
  | (T extends { detail: true } ? never : 'detailQueryOptions')
  | (T extends { forUpdate: unknown } ? never : 'forUpdateQueryOptions')
  | (T extends { remove: true } ? never : 'remove');

/** The calls of one resource; only those its API has (`ResourceTypes`) are in its type. */
export type ResourceApi<T extends ResourceTypes> = Omit<ReturnType<typeof build<T>>, Missing<T>>;

/** The calls of a resource (see `ResourceOptions` for how its bodies are sent and its item paths). */
export function resourceApi<T extends ResourceTypes>(config: ResourceOptions<T>): ResourceApi<T> {
  return build<T>(config);
}

/** A resource's mutation in a component: `useResourceMutation(tagsApi.create)`. */
export function useResourceMutation<TData, TVariables>(
  options: (queryClient: QueryClient) => UseMutationOptions<TData, Error, TVariables>,
) {
  return useMutation(options(useQueryClient()));
}
