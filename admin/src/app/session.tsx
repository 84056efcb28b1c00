/**
 * The signed-in account: its JWT (from sign-in or sign-up, kept in localStorage until sign-out
 * or until the API answers 401) and the SDK clients made from it: `account` acts as the account
 * (stores, wallet, studio), `useStore().client` as one store (JWT + the store's sid).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { accountJwt, createFolioClient, FolioError, type FolioClient } from '@folio/sdk';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}
export interface SessionData {
  jwt: string;
  user: SessionUser;
  /** epoch ms when the JWT expires */
  expiresAt: number;
}
const KEY = 'folio.admin.session';

/** The session kept in localStorage, unless it has expired. */
export function storedSession(): SessionData | null {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) ?? 'null') as SessionData | null;
    return s && s.jwt && s.expiresAt > Date.now() ? s : null;
  } catch {
    return null;
  }
}

/** The service this page was served by: the admin talks to its own origin's /v1. */
export const apiBase = (): string => window.location.origin;

export function makeClient(jwt: string | null, sid?: string): FolioClient {
  return createFolioClient({ baseUrl: apiBase(), ...(jwt ? { credential: accountJwt(jwt, sid) } : {}) });
}

interface SessionState {
  session: SessionData | null;
  /** a client acting as the account (anonymous before sign-in) */
  account: FolioClient;
  signIn(data: { access_token: string; expires_in: number; user: SessionUser }): void;
  signOut(): void;
}
const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionData | null>(storedSession);
  const signIn = useCallback((d: { access_token: string; expires_in: number; user: SessionUser }) => {
    const s: SessionData = { jwt: d.access_token, user: { id: d.user.id, email: d.user.email, name: d.user.name }, expiresAt: Date.now() + d.expires_in * 1000 };
    localStorage.setItem(KEY, JSON.stringify(s));
    setSession(s);
  }, []);
  const signOut = useCallback(() => {
    localStorage.removeItem(KEY);
    setSession(null);
  }, []);
  const account = useMemo(() => makeClient(session?.jwt ?? null), [session?.jwt]);
  const value = useMemo(() => ({ session, account, signIn, signOut }), [session, account, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** Forgets the session and reloads at the sign-in page, which says the session ended. */
export function endSession(): void {
  localStorage.removeItem(KEY);
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/admin/sign-in?expired=1&next=${encodeURIComponent(here)}`);
}

/** Whether an error is the API saying the JWT is no longer good (expired, password changed). */
export function isSignedOut(err: unknown): boolean {
  return err instanceof FolioError && err.status === 401;
}
