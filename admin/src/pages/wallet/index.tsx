/** The account's wallet: balance and where to buy tokens, a store's plan, the ledger with filters and CSV export. */
import { Route, Routes } from 'react-router';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { errorMessage } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/ui.tsx';
import { Ledger } from './ledger.tsx';
import { m } from './messages.ts';
import { Plan } from './plan.tsx';

function Balance() {
  const t = useT(m);
  const f = useFormat();
  const { account, session } = useSession();
  const wallet = useQuery({ queryKey: ['wallet', session?.user.id], queryFn: async ({ signal }) => (await account.get('/account/wallet', { signal })).data });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="balance-title">
      <Title order={2} size="h3" id="balance-title" mb="xs">
        {t('balance')}
      </Title>
      {wallet.isPending ? (
        <Loader role="status" aria-label={t('loading')} />
      ) : wallet.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(wallet.error)}
        </Alert>
      ) : (
        <Group justify="space-between" align="center">
          <Text size="xl" fw={700} data-testid="balance">
            {t('tokens', { n: f.number(wallet.data.balance) })}
          </Text>
          <Button component="a" href={wallet.data.top_up_url} target="_blank" rel="noreferrer">
            {t('topUp')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

function WalletPage() {
  const t = useT(m);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="lg">
        <Balance />
        <Plan />
        <Ledger />
      </Stack>
    </>
  );
}

export default function Wallet() {
  return (
    <Routes>
      <Route index element={<WalletPage />} />
    </Routes>
  );
}
