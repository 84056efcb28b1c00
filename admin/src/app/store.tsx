/**
 * The store the pages under /admin/s/:store act on: read with its credentials (for the sid
 * that J+S requests name; the secret is never shown here), and a client acting as it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { FolioClient, ResponseOf } from '@folio/sdk';

export type Store = ResponseOf<'/stores/{store}', 'get'>['data'];

export interface StoreState {
  store: Store;
  sid: string;
  /** acts as the store: the account JWT + X-Service-Store-Sid */
  client: FolioClient;
  /** acts as the account */
  account: FolioClient;
}
const StoreContext = createContext<StoreState | null>(null);

export function StoreProvider({ value, children }: { value: StoreState; children: ReactNode }) {
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

/** The current store; only inside /admin/s/:store pages. */
export function useStore(): StoreState {
  const s = useContext(StoreContext);
  if (!s) throw new Error('useStore outside a store page');
  return s;
}
