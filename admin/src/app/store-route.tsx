/** /admin/s/:store: reads the store (with its sid, for J+S calls) and gives its pages a client acting as it. */
import { useMemo } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from './notify.ts';
import { storeQuery } from './queries.ts';
import { makeClient, useSession } from './session.tsx';
import { LAST_STORE, PageLoader, useStores } from './shell.tsx';
import { StoreProvider } from './store.tsx';

export function StoreRoute() {
  const { store: id = '' } = useParams();
  const { account, session } = useSession();
  // read ahead by the route's loader (routes.tsx), which starts it with the page's code
  const store = useQuery(storeQuery(account, id));
  const sid = store.data?.sid ?? '';
  const value = useMemo(() => (store.data && sid ? { store: store.data, sid, client: makeClient(session?.jwt ?? null, sid), account } : null), [store.data, sid, session?.jwt, account]);
  if (store.isPending) return <PageLoader />;
  if (store.isError || !value) return <Alert color="red" role="alert">{errorMessage(store.error)}</Alert>;
  localStorage.setItem(LAST_STORE, id);
  return (
    <StoreProvider value={value}>
      <Outlet />
    </StoreProvider>
  );
}

/** /admin: the last store's products, or the stores page when the account has none yet. */
export function Home() {
  const stores = useStores();
  if (stores.isPending) return <PageLoader />;
  const list = stores.data ?? [];
  const last = localStorage.getItem(LAST_STORE);
  const target = list.find((s) => s.id === last) ?? list[0];
  return <Navigate to={target ? `/admin/s/${target.id}/products` : '/admin/stores'} replace />;
}
