/** The back office's entry: Mantine (system colour scheme, direction from the locale), react-query, the router. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DirectionProvider, MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { LocaleProvider } from './app/i18n.tsx';
import { endSession, isSignedOut, SessionProvider } from './app/session.tsx';
import { router } from './app/routes.tsx';

const theme = createTheme({
  primaryColor: 'indigo',
  // shades dark enough for 4.5:1 text contrast (WCAG AA) on white and on the dark body
  primaryShade: { light: 8, dark: 4 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", Arial, sans-serif',
});

// Dimmed text at 4.5:1 or better in both schemes (Mantine's default grey is lighter).
const resolver: CSSVariablesResolver = (th) => ({
  variables: {},
  light: { '--mantine-color-dimmed': th.colors.gray[7]! },
  dark: { '--mantine-color-dimmed': th.colors.dark[1]! },
});

// Reads are fresh for 10 s; a failed read is retried once (the toast shows the API's message).
// A read answered 401 means the JWT is no longer good (expired, or the password changed
// elsewhere): back to the sign-in page, which says so, and then to this page.
const queryCache = new QueryCache({
  onError: (err) => {
    if (isSignedOut(err)) endSession();
  },
});
const queries = new QueryClient({ queryCache, defaultOptions: { queries: { staleTime: 10_000, retry: (n, err) => n < 1 && !isSignedOut(err), refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DirectionProvider initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={resolver}>
        <Notifications position="top-center" />
        <LocaleProvider>
          <SessionProvider>
            <QueryClientProvider client={queries}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </SessionProvider>
        </LocaleProvider>
      </MantineProvider>
    </DirectionProvider>
  </StrictMode>,
);
