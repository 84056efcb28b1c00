/** The frame of every signed-in page: header (store switcher, language, sign out), the main navigation, the page. */
import { Suspense } from 'react';
import { Link, Navigate, NavLink as RouterNavLink, Outlet, useLocation, useMatch, useNavigate, useRouteError } from 'react-router';
import { Anchor, AppShell, Burger, Button, Center, Group, Loader, NavLink, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { LOCALES, useLocale, useT, type Locale } from './i18n.tsx';
import { shell } from './messages.ts';
import { useSession } from './session.tsx';

export const LAST_STORE = 'folio.admin.store';

/** Signed-in pages only: otherwise to the sign-in page, coming back here after. */
export function RequireSession() {
  const { session } = useSession();
  const loc = useLocation();
  if (!session) return <Navigate to={`/admin/sign-in?next=${encodeURIComponent(loc.pathname + loc.search)}`} replace />;
  return <Outlet />;
}

export function useStores() {
  const { account, session } = useSession();
  return useQuery({
    queryKey: ['stores', session?.user.id],
    queryFn: async ({ signal }) => (await account.get('/stores', { params: { query: { limit: 100, sortBy: 'name', sort: 'asc' } }, signal })).data,
  });
}

export function Shell() {
  const t = useT(shell);
  const { locale, setLocale } = useLocale();
  const { session, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const navigate = useNavigate();
  const match = useMatch('/admin/s/:store/*');
  const { pathname } = useLocation();
  const stores = useStores();
  const current = match?.params.store ?? localStorage.getItem(LAST_STORE) ?? stores.data?.[0]?.id ?? null;
  // Without a store yet, the store pages' links lead to the stores page (to make one), as plain
  // links: they are not that page, and six links marked current would say so to eye and reader.
  const at = (page: string) => (current ? `/admin/s/${current}/${page}` : '/admin/stores');
  const storeNav: Array<{ to: string; label: string }> = [
    { to: at('products'), label: t('products') },
    { to: at('orders'), label: t('orders') },
    { to: at('templates'), label: t('templates') },
    { to: at('assets'), label: t('assets') },
    { to: at('developers'), label: t('developers') },
  ];
  const accountNav = [
    { to: '/admin/wallet', label: t('wallet') },
    { to: '/admin/studio', label: t('studio') },
  ];
  const settingsNav = [...(current ? [{ to: `/admin/s/${current}/settings`, label: t('settings') }] : []), { to: '/admin/stores', label: t('stores') }, { to: '/admin/account', label: t('account') }];

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('menu')} />
            <Anchor href="#main" className="skip-link" size="sm" style={{ position: 'absolute', insetInlineStart: -9999 }} onFocus={(e) => (e.currentTarget.style.insetInlineStart = '8px')} onBlur={(e) => (e.currentTarget.style.insetInlineStart = '-9999px')}>
              {t('skip')}
            </Anchor>
            <Text component={Link} to="/admin" fw={700} size="lg" style={{ textDecoration: 'none', color: 'inherit' }}>
              Folio
            </Text>
            {stores.data && stores.data.length > 0 && (
              <Select
                aria-label={t('store')}
                placeholder={t('store')}
                data={stores.data.map((s) => ({ value: s.id, label: s.name }))}
                value={current}
                allowDeselect={false}
                w={200}
                visibleFrom="xs"
                onChange={(id) => {
                  if (!id) return;
                  localStorage.setItem(LAST_STORE, id);
                  const rest = match?.params['*']?.split('/')[0] ?? 'products';
                  navigate(`/admin/s/${id}/${rest}`);
                }}
              />
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Select aria-label={t('language')} data={LOCALES.map((l) => ({ value: l.code, label: l.label }))} value={locale} onChange={(v) => v && setLocale(v as Locale)} allowDeselect={false} w={120} />
            <Text size="sm" visibleFrom="md" c="dimmed">
              {session?.user.email}
            </Text>
            <Button
              variant="subtle"
              onClick={() => {
                signOut();
                navigate('/admin/sign-in');
              }}
            >
              {t('signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('mainNav')}>
        <Stack gap={2}>
          {storeNav.map((n) =>
            current ? <NavLink key={n.label} component={RouterNavLink} to={n.to} label={n.label} onClick={close} /> : <NavLink key={n.label} component={Link} to={n.to} label={n.label} onClick={close} />,
          )}
          {accountNav.map((n) => (
            <NavLink key={n.label} component={RouterNavLink} to={n.to} label={n.label} onClick={close} />
          ))}
        </Stack>
        <Stack gap={2} mt="auto">
          {settingsNav.map((n) => (
            <NavLink key={n.to} component={RouterNavLink} to={n.to} label={n.label} onClick={close} />
          ))}
        </Stack>
      </AppShell.Navbar>
      {/* data-path: the page shown now (a navigation changes the URL before its page paints) */}
      <AppShell.Main id="main" tabIndex={-1} data-path={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

export function NotFound() {
  const t = useT(shell);
  return (
    <Stack align="center" py="xl">
      <Title order={1} size="h2">
        {t('notFound')}
      </Title>
      <Text>{t('notFoundBody')}</Text>
      <Anchor component={Link} to="/admin">
        {t('home')}
      </Anchor>
    </Stack>
  );
}

/** A page that threw: what happened, and a way back (never a blank screen). */
export function RouteError() {
  const t = useT(shell);
  const err = useRouteError();
  return (
    <Stack align="center" py="xl" component="main" role="alert">
      <Title order={1} size="h2">
        {t('crashed')}
      </Title>
      <Text c="dimmed">{err instanceof Error ? err.message : String(err)}</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
        <Anchor href="/admin">{t('home')}</Anchor>
      </Group>
    </Stack>
  );
}
