/** One order: its summary, the moves it allows now, its files, proofs and history. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotFoundError } from '@folio/sdk';
import { useFormat } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { PageLoader } from '../../app/shell.tsx';
import { useStore } from '../../app/store.tsx';
import { ConfirmButton, PageHeader, Dialog } from '../../components/ui.tsx';
import { StateBadge, useOrdersT, type OrderState, type Project } from './common.tsx';
import { Files, History, Proofs } from './project-parts.tsx';

export function ProjectPage() {
  const t = useOrdersT();
  const f = useFormat();
  const { id = '' } = useParams();
  const { store, client } = useStore();
  const project = useQuery({ queryKey: ['orders', store.id, 'project', id], queryFn: async ({ signal }) => (await client.get('/projects/{id}', { params: { path: { id } }, signal })).data, retry: (n, err) => !(err instanceof NotFoundError) && n < 2 });
  if (project.isPending) return <PageLoader />;
  if (project.isError)
    return (
      <Alert color="red" role="alert" title={project.error instanceof NotFoundError ? t('notFound') : undefined}>
        {errorMessage(project.error)} <Anchor component={Link} to="..">{t('back')}</Anchor>
      </Alert>
    );
  const p = project.data;
  const ref = p.external_ref;
  return (
    <>
      <Anchor component={Link} to=".." relative="path" size="sm">
        {t('back')}
      </Anchor>
      <PageHeader title={`${p.code} · ${p.name}`} actions={<StateBadge state={p.state} />} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Moves project={p} />
            <Proofs project={p} />
            <Files project={p} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder component="section" aria-labelledby="order-summary">
              <Title order={2} size="h4" id="order-summary" mb="xs">
                {t('summary')}
              </Title>
              <SimpleGrid cols={2} spacing="xs" component="dl" m={0}>
                <Text component="dt" c="dimmed">{t('quantity')}</Text>
                <Text component="dd" m={0}>{f.number(p.quantity)}</Text>
                <Text component="dt" c="dimmed">{t('shopOrder')}</Text>
                <Text component="dd" m={0}>{ref ? `${ref.source} #${ref.order_id}` : '—'}</Text>
                <Text component="dt" c="dimmed">{t('line')}</Text>
                <Text component="dd" m={0}>{ref?.line_item_id ?? '—'}</Text>
                <Text component="dt" c="dimmed">{t('frozen')}</Text>
                <Text component="dd" m={0}>{f.date(p.locked_at)}</Text>
                <Text component="dt" c="dimmed">{t('created')}</Text>
                <Text component="dd" m={0}>{f.date(p.created_at)}</Text>
                {p.tracking && (
                  <>
                    <Text component="dt" c="dimmed">{t('trackingLabel')}</Text>
                    <Text component="dd" m={0}>
                      {p.tracking.url ? <Anchor href={p.tracking.url} target="_blank" rel="noreferrer">{p.tracking.number}</Anchor> : p.tracking.number}
                      {p.tracking.company ? ` (${p.tracking.company})` : ''}
                    </Text>
                  </>
                )}
              </SimpleGrid>
            </Card>
            <History id={p.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

interface MoveArgs {
  to: OrderState;
  note?: string;
  tracking?: { number: string; company?: string | null; url?: string | null };
}

/** The moves the API allows from the current state (GET …/history's meta), nothing else. */
function Moves({ project }: { project: Project }) {
  const t = useOrdersT();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const [shipping, setShipping] = useState(false);
  const history = useQuery({ queryKey: ['orders', store.id, 'history', project.id], queryFn: async ({ signal }) => client.get('/projects/{id}/history', { params: { path: { id: project.id } }, signal }) });
  const key = ['orders', store.id, 'project', project.id];
  const move = useMutation({
    mutationFn: async ({ to, note: n, tracking }: MoveArgs) => (await client.post('/projects/{id}/transitions', { params: { path: { id: project.id } }, body: { to, ...(n ? { note: n } : {}), ...(tracking ? { tracking } : {}) } })).data,
    onMutate: async ({ to }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Project>(key);
      if (before) qc.setQueryData<Project>(key, { ...before, state: to });
      return { before };
    },
    onError: (err, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      notifyError(err);
    },
    onSuccess: (p) => {
      const before = qc.getQueryData<Project>(key);
      if (before) qc.setQueryData<Project>(key, { ...before, state: p.state, state_changed_at: p.state_changed_at, tracking: p.tracking, locked_at: p.locked_at });
      setNote('');
      setShipping(false);
      notifySuccess(t('moved', { state: t(`s_${p.state}`) }));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders', store.id] }),
  });
  const allowed = history.data?.meta.allowed_transitions ?? [];
  const go = (to: OrderState) => move.mutateAsync({ to, note: note.trim() || undefined }).catch(() => undefined);
  return (
    <Card withBorder component="section" aria-labelledby="order-moves">
      <Title order={2} size="h4" id="order-moves">
        {t('moves')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {allowed.length || history.isPending ? t('movesHint') : t('final')}
      </Text>
      {history.isError && <Alert color="red" role="alert">{errorMessage(history.error)}</Alert>}
      {allowed.length > 0 && (
        <Stack gap="sm">
          <TextInput label={t('note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={2000} />
          <Group gap="sm" data-testid="moves">
            {allowed.map((to) =>
              to === 'cancelled' ? (
                <ConfirmButton key={to} title={t('cancelTitle')} body={t('cancelBody')} confirmLabel={t('cancelConfirm')} onConfirm={() => go(to)} disabled={move.isPending}>
                  {t('to_cancelled')}
                </ConfirmButton>
              ) : to === 'shipped' ? (
                <Button key={to} onClick={() => setShipping(true)} disabled={move.isPending}>
                  {t('to_shipped')}
                </Button>
              ) : (
                <Button key={to} variant={to === 'on_hold' || to === 'draft' ? 'default' : 'filled'} loading={move.isPending && move.variables?.to === to} disabled={move.isPending} onClick={() => void go(to)}>
                  {t(`to_${to}`)}
                </Button>
              ),
            )}
          </Group>
        </Stack>
      )}
      <ShipDialog opened={shipping} code={project.code} busy={move.isPending} onClose={() => setShipping(false)} onShip={(tracking) => void move.mutateAsync({ to: 'shipped', note: note.trim() || undefined, tracking }).catch(() => undefined)} />
    </Card>
  );
}

function ShipDialog({ opened, code, busy, onClose, onShip }: { opened: boolean; code: string; busy: boolean; onClose: () => void; onShip: (tracking?: MoveArgs['tracking']) => void }) {
  const t = useOrdersT();
  const [number, setNumber] = useState('');
  const [company, setCompany] = useState('');
  const [url, setUrl] = useState('');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('shipTitle', { code })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onShip(number.trim() ? { number: number.trim(), company: company.trim() || null, url: url.trim() || null } : undefined);
        }}
      >
        <Stack>
          <TextInput label={t('tracking')} value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
          <TextInput label={t('carrier')} value={company} onChange={(e) => setCompany(e.currentTarget.value)} />
          <TextInput label={t('trackingUrl')} type="url" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('keep')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('shipConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
