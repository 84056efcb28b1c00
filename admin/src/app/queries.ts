/**
 * The page's one react-query client (main.tsx provides it; the routes' loaders read ahead into
 * it) and the reads that both a loader and a page make, so that they share one cache entry.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import type { FolioClient } from '@folio/sdk';
import { endSession, isSignedOut } from './session.tsx';

// Reads are fresh for 10 s; a failed read is retried once (the toast shows the API's message).
// A read answered 401 means the JWT is no longer good (expired, or the password changed
// elsewhere): back to the sign-in page, which says so, and then to this page.
const queryCache = new QueryCache({
  onError: (err) => {
    if (isSignedOut(err)) endSession();
  },
});
export const queryClient = new QueryClient({ queryCache, defaultOptions: { queries: { staleTime: 10_000, retry: (n, err) => n < 1 && !isSignedOut(err), refetchOnWindowFocus: false } } });

/** A store with its credentials (for its sid), as the account. */
export const storeQuery = (account: FolioClient, id: string) => ({
  queryKey: ['store', id] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await account.get('/stores/{store}', { params: { path: { store: id }, query: { include: 'credentials' } }, signal })).data,
});
