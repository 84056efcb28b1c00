/**
 * The main list pages' reads (products, templates, the orders queue), defined once for the page
 * (CursorList) and for the route's loader, which starts the read before the page's code has
 * arrived: both name the same react-query key, so the page finds the answer (or the read in
 * flight) instead of making its own. Also how a list's key follows its URL.
 */
import type { FolioClient, ResponseOf } from '@folio/sdk';

export const PAGE_SIZES = [25, 50, 100];

export interface LoadArgs {
  cursor?: string;
  search?: string;
  limit: number;
  signal: AbortSignal;
}

/** Rows per page: the URL's ?limit= when it is one of the choices, else the list's default. */
export function pageSizeOf(params: URLSearchParams, fallback: number): number {
  const asked = Number(params.get('limit'));
  return PAGE_SIZES.includes(asked) ? asked : fallback;
}

/** A list's read arguments from its URL (`?cursor=`, `?q=`, `?limit=`). */
export function listArgs(params: URLSearchParams, fallback: number): Omit<LoadArgs, 'signal'> {
  return { cursor: params.get('cursor') ?? undefined, search: params.get('q') || undefined, limit: pageSizeOf(params, fallback) };
}

/** A list's react-query key: its prefix (the list and its filters), then its place in the URL. */
export function listKey(prefix: readonly unknown[], params: URLSearchParams, fallback: number): unknown[] {
  return [...prefix, { q: params.get('q') ?? '', cursor: params.get('cursor') ?? undefined, limit: pageSizeOf(params, fallback) }];
}

/** A list page's read: its key prefix, its rows per page by default, and the call. */
export interface ListRead<A> {
  queryKey: readonly unknown[];
  limit: number;
  load: (args: LoadArgs) => Promise<A>;
}

export const productsList = (storeId: string, client: FolioClient) => ({
  queryKey: ['products', storeId],
  limit: 25,
  load: ({ cursor, search, limit, signal }: LoadArgs) => client.get('/products', { params: { query: { cursor, search, limit } }, signal }),
});

export const templatesList = (storeId: string, client: FolioClient) => ({
  queryKey: ['templates', storeId],
  limit: 25,
  load: ({ cursor, search, limit, signal }: LoadArgs) => client.get('/templates', { params: { query: { cursor, search, limit, sortBy: 'created_date', sort: 'desc' } }, signal }),
});

export const ORDER_SORTS = { newest: { sortBy: 'created_date', sort: 'desc' }, oldest: { sortBy: 'created_date', sort: 'asc' }, name: { sortBy: 'name', sort: 'asc' } } as const;
export type OrderSort = keyof typeof ORDER_SORTS;
type OrderState = ResponseOf<'/projects/{id}', 'get'>['data']['state'];

/** The queue's filter and sort in its URL (`?state=`, `?sort=`). */
export function ordersView(params: URLSearchParams): { state: OrderState | 'all'; sort: OrderSort } {
  const sort = params.get('sort') as OrderSort;
  return { state: (params.get('state') ?? 'all') as OrderState | 'all', sort: sort in ORDER_SORTS ? sort : 'newest' };
}

export const ordersList = (storeId: string, client: FolioClient, state: OrderState | 'all', sort: OrderSort) => ({
  queryKey: ['orders', storeId, 'list', state, sort],
  limit: 25,
  load: ({ cursor, search, limit, signal }: LoadArgs) =>
    client.get('/projects', { params: { query: { cursor, search, limit, include_total: true, ...(state === 'all' ? {} : { state }), ...ORDER_SORTS[sort] } }, signal }),
});
