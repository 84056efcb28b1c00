/**
 * Every page has a URL under /admin (deep links, the back button). Each area (products,
 * orders, …) is its own chunk, loaded when first visited; the area's component routes its
 * own sub-pages. Store pages live under /admin/s/:store (the store's id).
 *
 * The loaders only read ahead: they start the store's read and a list page's read into the
 * query cache as the route matches — beside the area's chunk, not after it has arrived and
 * mounted — and return at once (the pages read the same keys and show their own loading and
 * errors).
 */
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs } from 'react-router';
import type { FolioClient } from '@folio/sdk';
import { listArgs, listKey, ordersList, ordersView, productsList, templatesList, type ListRead } from './lists.ts';
import { queryClient, storeQuery } from './queries.ts';
import { makeClient, storedSession } from './session.tsx';
import { Shell, RequireSession, NotFound, RouteError } from './shell.tsx';
import { StoreRoute, Home } from './store-route.tsx';
import { SignIn, SignUp } from '../pages/auth/index.tsx';

/**
 * An area's route: its component is React.lazy (the shell shows its loader meanwhile) rather
 * than the router's `lazy`, which would hold the whole first render until the chunk is in;
 * the loader starts the chunk's download as the route matches, beside the reads it starts.
 */
function area(load: () => Promise<{ default: ComponentType }>, list?: ListReader) {
  const ahead = readAhead(list);
  return {
    Component: lazy(load),
    loader: (args: LoaderFunctionArgs) => {
      // (a failed download is the page's to show: React.lazy makes the same import)
      load().catch(() => undefined);
      return args.params.store ? ahead(args) : null;
    },
  };
}

/** The store's read (for its sid), then the area's list when the URL is the list page itself. */
type ListReader = (storeId: string, client: FolioClient, params: URLSearchParams) => ListRead<unknown>;
function readAhead(list?: ListReader) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const session = storedSession();
    const id = params.store;
    if (!session || !id) return null;
    // (a failed read is the page's to show: it makes the same read, and the cache keeps the error)
    const store = queryClient.ensureQueryData(storeQuery(makeClient(session.jwt), id)).catch(() => null);
    if (!list || params['*']) return null;
    const url = new URL(request.url).searchParams;
    void store.then((s) => {
      if (!s) return;
      const read = list(s.id, makeClient(session.jwt, s.sid), url);
      // the key and arguments CursorList reads this list with
      return queryClient.prefetchQuery({ queryKey: listKey(read.queryKey, url, read.limit), queryFn: ({ signal }) => read.load({ ...listArgs(url, read.limit), signal }) });
    });
    return null;
  };
}

export const router = createBrowserRouter([
  {
    path: '/admin',
    errorElement: <RouteError />,
    // the instant before the loaders (which only start reads) have returned: nothing yet
    HydrateFallback: () => null,
    children: [
      { path: 'sign-in', Component: SignIn },
      { path: 'sign-up', Component: SignUp },
      {
        Component: RequireSession,
        children: [
          {
            Component: Shell,
            children: [
              { index: true, Component: Home },
              { path: 'stores/*', ...area(() => import('../pages/stores/index.tsx')) },
              { path: 'account/*', ...area(() => import('../pages/account/index.tsx')) },
              { path: 'wallet/*', ...area(() => import('../pages/wallet/index.tsx')) },
              { path: 'studio/*', ...area(() => import('../pages/studio/index.tsx')) },
              {
                path: 's/:store',
                Component: StoreRoute,
                loader: readAhead(),
                children: [
                  { index: true, element: <Navigate to="products" replace /> },
                  { path: 'products/*', ...area(() => import('../pages/products/index.tsx'), productsList) },
                  { path: 'orders/*', ...area(() => import('../pages/orders/index.tsx'), (id, client, url) => {
                      const view = ordersView(url);
                      return ordersList(id, client, view.state, view.sort);
                    }) },
                  { path: 'templates/*', ...area(() => import('../pages/templates/index.tsx'), templatesList) },
                  { path: 'assets/*', ...area(() => import('../pages/assets/index.tsx')) },
                  { path: 'developers/*', ...area(() => import('../pages/developers/index.tsx')) },
                  { path: 'settings/*', ...area(() => import('../pages/settings/index.tsx')) },
                ],
              },
              { path: '*', Component: NotFound },
            ],
          },
        ],
      },
    ],
  },
]);
