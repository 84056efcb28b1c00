/** Sign in and sign up: the account JWT comes from POST /v1/account/signIn or POST /v1/account. */
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Center, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { LOCALES, useLocale, useT, type Locale } from '../../app/i18n.tsx';
import { shell } from '../../app/messages.ts';
import { notifyError } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const t = useT(shell);
  const { locale, setLocale } = useLocale();
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%" radius="md">
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Select aria-label={t('language')} data={LOCALES.map((l) => ({ value: l.code, label: l.label }))} value={locale} onChange={(v) => v && setLocale(v as Locale)} allowDeselect={false} w={120} size="xs" />
        </Group>
        {children}
      </Paper>
    </Center>
  );
}

/** Where to go after signing in: the page that sent us here, if it is a back-office page. */
function useNext(): string {
  const [params] = useSearchParams();
  const next = params.get('next') ?? '';
  return next.startsWith('/admin') && !next.startsWith('//') ? next : '/admin';
}

export function SignIn() {
  const t = useT(shell);
  const { session, account, signIn } = useSession();
  const navigate = useNavigate();
  const next = useNext();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  if (session) return <Navigate to={next} replace />;
  return (
    <Frame title={t('signInTitle')}>
      {params.get('expired') && (
        <Alert color="yellow" mb="md" role="status">
          {t('sessionEnded')}
        </Alert>
      )}
      <form
        aria-label={t('signIn')}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            const res = await account.post('/account/signIn', { body: { email, password } });
            signIn(res.data);
            navigate(next, { replace: true });
          } catch (err) {
            notifyError(err, t('signIn'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <TextInput label={t('email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
          <TextInput type="password" label={t('password')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy} fullWidth>
            {t('signIn')}
          </Button>
          <Text size="sm" ta="center">
            {t('noAccount')}{' '}
            <Anchor component={Link} to="/admin/sign-up">
              {t('signUp')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Frame>
  );
}

export function SignUp() {
  const t = useT(shell);
  const { session, account, signIn } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  if (session) return <Navigate to="/admin" replace />;
  return (
    <Frame title={t('signUpTitle')}>
      <form
        aria-label={t('signUp')}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            const res = await account.post('/account', { body: { name, email, password } });
            signIn(res.data as Parameters<typeof signIn>[0]);
            navigate('/admin/stores', { replace: true });
          } catch (err) {
            notifyError(err, t('signUp'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <TextInput label={t('name')} autoComplete="name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label={t('email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput type="password" label={t('password')} autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy} fullWidth>
            {t('signUp')}
          </Button>
          <Text size="sm" ta="center">
            {t('haveAccount')}{' '}
            <Anchor component={Link} to="/admin/sign-in">
              {t('signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Frame>
  );
}
