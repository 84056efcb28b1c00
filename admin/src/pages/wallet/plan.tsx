/**
 * A store's plan: tier, capabilities and quotas (GET /account/capabilities, read as the store:
 * JWT + its sid), the tiers compared and their upgrade links. The store is chosen in `?store=`.
 */
import { useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Card, Group, Loader, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { errorMessage } from '../../app/notify.ts';
import { makeClient, useSession } from '../../app/session.tsx';
import { LAST_STORE, useStores } from '../../app/shell.tsx';
import { m } from './messages.ts';

const words = (key: string) => key.replace(/_/g, ' ');
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
function formatBytes(n: number): string {
  let i = 0;
  while (n >= 1024 && i < UNITS.length - 1) {
    n /= 1024;
    i++;
  }
  return `${Number.isInteger(n) ? n : n.toFixed(1)} ${UNITS[i]}`;
}

export function Plan() {
  const t = useT(m);
  const f = useFormat();
  const { account, session } = useSession();
  const stores = useStores();
  const [params, setParams] = useSearchParams();
  const list = stores.data ?? [];
  const chosen = list.find((s) => s.id === params.get('store')) ?? list.find((s) => s.id === localStorage.getItem(LAST_STORE)) ?? list[0];
  const caps = useQuery({
    enabled: !!chosen,
    queryKey: ['wallet-capabilities', chosen?.id],
    queryFn: async ({ signal }) => {
      const store = (await account.get('/stores/{store}', { params: { path: { store: chosen!.id }, query: { include: 'credentials' } }, signal })).data;
      return (await makeClient(session?.jwt ?? null, store.sid ?? undefined).get('/account/capabilities', { signal })).data;
    },
  });
  const quota = (k: string, v: number | null | undefined) => (v === null || v === undefined ? t('unlimited') : k.endsWith('_bytes') ? formatBytes(v) : f.number(v));
  const tiers = caps.data ? Object.keys(caps.data.matrix) : [];
  const capKeys = caps.data ? Object.keys(caps.data.entitlement.capabilities) : [];
  const quotaKeys = caps.data ? Object.keys(caps.data.entitlement.quotas) : [];

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="plan-title">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h3" id="plan-title">
          {t('plan')}
        </Title>
        {list.length > 0 && (
          <Select
            label={t('store')}
            w={260}
            allowDeselect={false}
            value={chosen?.id ?? null}
            data={list.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v) =>
              setParams((p) => {
                const n = new URLSearchParams(p);
                if (v) n.set('store', v);
                return n;
              })
            }
          />
        )}
      </Group>
      {stores.isPending || (chosen && caps.isPending) ? (
        <Loader role="status" aria-label={t('loading')} />
      ) : !chosen ? (
        <Text c="dimmed">{t('noStore')}</Text>
      ) : caps.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(caps.error)}
        </Alert>
      ) : caps.data ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Text>{t('tier')}:</Text>
            <Badge size="lg" data-testid="tier">
              {caps.data.entitlement.tier}
            </Badge>
            {Object.entries(caps.data.cta)
              .filter(([tier]) => tier !== caps.data.entitlement.tier)
              .map(([tier, link]) => (
                <Anchor key={tier} href={link.url} target="_blank" rel="noreferrer" size="sm">
                  {t('upgrade', { tier })}
                </Anchor>
              ))}
          </Group>
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table striped verticalSpacing={4}>
              <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('matrix')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('capability')}</Table.Th>
                  {tiers.map((tier) => (
                    <Table.Th scope="col" key={tier} aria-current={tier === caps.data.entitlement.tier ? 'true' : undefined}>
                      {tier === caps.data.entitlement.tier ? t('current', { tier }) : tier}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {capKeys.map((k) => (
                  <Table.Tr key={k}>
                    <Table.Th scope="row" fw={400}>{words(k)}</Table.Th>
                    {tiers.map((tier) => (
                      <Table.Td key={tier}>{caps.data.matrix[tier]?.capabilities[k] ? `✓ ${t('included')}` : `— ${t('notIncluded')}`}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                {quotaKeys.map((k) => (
                  <Table.Tr key={k}>
                    <Table.Th scope="row" fw={400}>{`${t('quota')}: ${words(k)}`}</Table.Th>
                    {tiers.map((tier) => (
                      <Table.Td key={tier}>{quota(k, caps.data.matrix[tier]?.quotas[k])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      ) : null}
    </Card>
  );
}
