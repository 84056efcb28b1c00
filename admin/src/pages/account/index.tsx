/** The signed-in account: name and email, and a password change (which ends every other session). */
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';

function Account() {
  const t = useT(m);
  const { session, account, signIn } = useSession();
  const [name, setName] = useState(session?.user.name ?? '');
  const [email, setEmail] = useState(session?.user.email ?? '');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState<'profile' | 'password' | null>(null);
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="xl" maw={560}>
        <Paper withBorder p="md" component="section" aria-labelledby="h-profile">
          <Title order={2} size="h4" id="h-profile" mb="sm">
            {t('profile')}
          </Title>
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy('profile');
              try {
                const res = await account.put('/account', { body: { name: name.trim(), email: email.trim() } });
                const u = res.data as { id: string; name: string; email: string };
                if (session) signIn({ access_token: session.jwt, expires_in: Math.max(1, Math.floor((session.expiresAt - Date.now()) / 1000)), user: { id: u.id, name: u.name, email: u.email } });
                notifySuccess(t('profileSaved'));
              } catch (err) {
                notifyError(err, t('saveProfile'));
              } finally {
                setBusy(null);
              }
            }}
          >
            <Stack>
              <TextInput label={t('name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} autoComplete="name" />
              <TextInput label={t('email')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="email" />
              <Group justify="flex-end">
                <Button type="submit" loading={busy === 'profile'}>
                  {t('saveProfile')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="h-password">
          <Title order={2} size="h4" id="h-password" mb="sm">
            {t('passwordTitle')}
          </Title>
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy('password');
              try {
                const res = await account.put('/account/password-update', { body: { current_password: current, password: next } });
                // every JWT issued before the change is void: keep the one the answer gives
                const d = res.data as { access_token: string; expires_in?: number };
                if (session) signIn({ access_token: d.access_token, expires_in: d.expires_in ?? Math.floor((session.expiresAt - Date.now()) / 1000), user: session.user });
                setCurrent('');
                setNext('');
                notifySuccess(t('changed'));
              } catch (err) {
                notifyError(err, t('change'));
              } finally {
                setBusy(null);
              }
            }}
          >
            <Stack>
              <TextInput type="password" label={t('current')} required value={current} onChange={(e) => setCurrent(e.currentTarget.value)} autoComplete="current-password" />
              <TextInput type="password" label={t('next')} description={t('nextHelp')} required minLength={8} value={next} onChange={(e) => setNext(e.currentTarget.value)} autoComplete="new-password" />
              <Group justify="flex-end">
                <Button type="submit" loading={busy === 'password'}>
                  {t('change')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}

export default function AccountPage() {
  return (
    <Routes>
      <Route index element={<Account />} />
    </Routes>
  );
}
