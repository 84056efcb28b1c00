/** Shop integrations: the store's shop connection (at most one), connecting Shopify, WooCommerce or Medusa, disconnecting. */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useFormat, useT } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { ConfirmButton, CopyField, EmptyState, PageHeader } from '../../components/ui.tsx';
import { w } from './hooks-messages.ts';

type Integration = ResponseOf<'/stores/{store}/integrations', 'get'>['data'][number];
type Platform = 'shopify' | 'woocommerce' | 'medusa';
const STATUS_COLOR: Record<Integration['status'], string> = { connected: 'green', awaiting_install: 'yellow', uninstalled: 'gray' };

export function Integrations() {
  const t = useT(w);
  const { store, client } = useStore();
  const qk = ['integrations', store.id];
  const list = useQuery({ queryKey: qk, queryFn: async ({ signal }) => (await client.get('/stores/{store}/integrations', { params: { path: { store: store.id } }, signal })).data });
  return (
    <>
      <PageHeader title={t('intTitle')} description={t('intIntro')} />
      {list.isPending ? (
        <Loader aria-label={t('intTitle')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.length ? (
        list.data.map((i) => <Connection key={i.id} i={i} />)
      ) : (
        <>
          <EmptyState title={t('noIntTitle')} body={t('noIntBody')} />
          <Connect />
        </>
      )}
    </>
  );
}

function Connection({ i }: { i: Integration }) {
  const t = useT(w);
  const f = useFormat();
  const { store, client } = useStore();
  const qc = useQueryClient();
  return (
    <Paper withBorder p="md" data-testid="integration">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h3">
              {`${i.type} · ${i.shop}`}
            </Title>
            <Badge variant="dot" color={STATUS_COLOR[i.status]}>
              {t(`int_${i.status}`)}
            </Badge>
          </Group>
          <ConfirmButton
            title={t('disconnectTitle', { shop: i.shop })}
            body={t('disconnectBody')}
            confirmLabel={t('disconnect')}
            onConfirm={async () => {
              try {
                await client.delete('/stores/{store}/integrations/{id}', { params: { path: { store: store.id, id: i.id } } });
                notifySuccess(t('disconnected'));
                await qc.invalidateQueries({ queryKey: ['integrations', store.id] });
                await qc.invalidateQueries({ queryKey: ['store', store.id] });
              } catch (err) {
                notifyError(err, t('disconnect'));
              }
            }}
          >
            {t('disconnect')}
          </ConfirmButton>
        </Group>
        <CopyField label={t('webhookUrl')} value={i.webhook_url} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="sm" c="dimmed">
              {t('topics')}
            </Text>
            <Text ff="monospace" size="sm">
              {i.topics.join(', ') || '—'}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('created')}
            </Text>
            <Text size="sm">{f.date(i.created_at)}</Text>
          </div>
        </SimpleGrid>
        {i.install_url && (
          <Anchor href={i.install_url} target="_blank" rel="noopener">
            {t('installUrl')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

const EMPTY = { shop: '', webhook_secret: '', client_id: '', access_token: '', consumer_key: '', consumer_secret: '', api_key: '' };

function Connect() {
  const t = useT(w);
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [type, setType] = useState<Platform>('shopify');
  const [v, setV] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const field = (k: keyof typeof EMPTY, label: string, opts: { description?: string; secret?: boolean; required?: boolean } = {}) => (
    <TextInput
      label={label}
      description={opts.description}
      type={opts.secret ? 'password' : 'text'}
      autoComplete="off"
      required={opts.required}
      value={v[k]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setV((old) => ({ ...old, [k]: value }));
      }}
    />
  );
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  return (
    <Paper withBorder p="md" mt="md">
      <form
        aria-label={t('connectTitle')}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            const common = { type, shop: v.shop.trim(), webhook_secret: v.webhook_secret };
            const body =
              type === 'shopify'
                ? { ...common, client_id: opt(v.client_id), access_token: opt(v.access_token) }
                : type === 'woocommerce'
                  ? { ...common, consumer_key: opt(v.consumer_key), consumer_secret: opt(v.consumer_secret) }
                  : { ...common, api_key: opt(v.api_key) };
            await client.post('/stores/{store}/integrations', { params: { path: { store: store.id } }, body });
            setV(EMPTY);
            notifySuccess(t('connected'));
            await qc.invalidateQueries({ queryKey: ['integrations', store.id] });
            await qc.invalidateQueries({ queryKey: ['store', store.id] });
          } catch (err) {
            notifyError(err, t('connect'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <Title order={2} size="h3">
            {t('connectTitle')}
          </Title>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="platform-label">
              {t('platform')}
            </Text>
            <SegmentedControl
              aria-labelledby="platform-label"
              value={type}
              onChange={(x) => setType(x as Platform)}
              data={[
                { value: 'shopify', label: 'Shopify' },
                { value: 'woocommerce', label: 'WooCommerce' },
                { value: 'medusa', label: 'Medusa' },
              ]}
            />
          </Stack>
          {field('shop', t('shop'), { required: true, description: t(type === 'shopify' ? 'shopHelpShopify' : 'shopHelpUrl') })}
          {field('webhook_secret', t('webhookSecret'), { required: true, secret: true, description: t(type === 'shopify' ? 'webhookSecretShopify' : type === 'woocommerce' ? 'webhookSecretWoo' : 'webhookSecretMedusa') })}
          {type === 'shopify' && (
            <>
              {field('client_id', t('clientId'), { description: t('clientIdHelp') })}
              {field('access_token', t('accessToken'), { secret: true })}
            </>
          )}
          {type === 'woocommerce' && (
            <>
              {field('consumer_key', t('consumerKey'), { required: true, secret: true })}
              {field('consumer_secret', t('consumerSecret'), { required: true, secret: true })}
            </>
          )}
          {type === 'medusa' && field('api_key', t('apiKey'), { required: true, secret: true })}
          <Text size="sm" c="dimmed">
            {t('secretsNote')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('connect')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
