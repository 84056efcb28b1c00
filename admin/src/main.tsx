/** The back office's entry: Mantine (system colour scheme, direction from the locale), react-query, the router. */
import './app/mantine-styles.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DirectionProvider, MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { LocaleProvider } from './app/i18n.tsx';
import { SessionProvider } from './app/session.tsx';
import { queryClient } from './app/queries.ts';
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

// The first render as a transition: React yields to the browser every few milliseconds while
// it mounts the shell, so the answers of the reads the routes' loaders started (the store,
// then the list it unlocks) are handled as they arrive instead of after the whole mount.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
      <StrictMode>
        <DirectionProvider initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}>
          <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={resolver}>
            <Notifications position="top-center" />
            <LocaleProvider>
              <SessionProvider>
                <QueryClientProvider client={queryClient}>
                  <RouterProvider router={router} />
                </QueryClientProvider>
              </SessionProvider>
            </LocaleProvider>
          </MantineProvider>
        </DirectionProvider>
      </StrictMode>,
  ),
);
