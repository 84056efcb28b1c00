/** The queue: orders by state (with each state's count), search, sort, cursor pages, bulk moves. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Group, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useFormat } from '../../app/i18n.tsx';
import { errorMessage } from '../../app/notify.ts';
import { ordersList, ordersView } from '../../app/lists.ts';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState, PageHeader, Dialog } from '../../components/ui.tsx';
import { STATES, StateBadge, useOrdersT, type OrderState, type Project } from './common.tsx';

/** Moves a shop makes on many orders at once (each row answers for itself). */
const BULK: readonly OrderState[] = ['approved', 'printed', 'on_hold', 'cancelled'];

export function Queue() {
  const t = useOrdersT();
  const f = useFormat();
  const { store, client } = useStore();
  const [params, setParams] = useSearchParams();
  const { state, sort: sortKey } = ordersView(params);
  const counts = useQueries({
    queries: STATES.map((s) => ({
      queryKey: ['orders', store.id, 'count', s],
      queryFn: async ({ signal }: { signal: AbortSignal }) => (await client.get('/projects', { params: { query: { state: s, limit: 1, include_total: true } }, signal })).meta.total ?? 0,
    })),
  });
  const set = (k: string, v: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (v) n.set(k, v);
      else n.delete(k);
      n.delete('cursor');
      return n;
    });

  return (
    <>
      <PageHeader title={t('title')} />
      <Tabs value={state} onChange={(v) => set('state', v === 'all' || !v ? null : v)} mb="md" variant="pills" aria-label={t('stateFilter')}>
        <Tabs.List>
          <Tabs.Tab value="all">{t('all')}</Tabs.Tab>
          {STATES.map((s, i) => (
            <Tabs.Tab key={s} value={s} rightSection={<Badge size="sm" variant="default" data-count>{counts[i]?.data ?? '…'}</Badge>} data-state={s}>
              {t(`s_${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <CursorList<Project>
        {...ordersList(store.id, client, state, sortKey)}
        caption={state === 'all' ? t('caption') : `${t('caption')} · ${t(`s_${state}`)}`}
        rowKey={(p) => p.id}
        rowLabel={(p) => t('chooseRow', { code: p.code })}
        filters={
          <NativeSelect label={t('sort')} value={sortKey} onChange={(e) => set('sort', e.currentTarget.value === 'newest' ? null : e.currentTarget.value)} data={[{ value: 'newest', label: t('newest') }, { value: 'oldest', label: t('oldest') }, { value: 'name', label: t('byName') }]} />
        }
        bulk={(rows, clear) => <BulkMove rows={rows} clear={clear} />}
        columns={[
          { key: 'code', header: t('code'), render: (p) => <RowLink to={p.id}><span style={{ whiteSpace: 'nowrap' }}>{p.code}</span></RowLink> },
          { key: 'name', header: t('name'), render: (p) => p.name },
          { key: 'state', header: t('state'), render: (p) => <StateBadge state={p.state} /> },
          { key: 'qty', header: t('quantity'), render: (p) => f.number(p.quantity) },
          { key: 'ref', header: t('shopOrder'), render: (p) => (p.external_ref ? `${p.external_ref.source} #${p.external_ref.order_id}${p.external_ref.line_item_id ? ` / ${p.external_ref.line_item_id}` : ''}` : '—') },
          { key: 'changed', header: t('changed'), render: (p) => f.date(p.state_changed_at ?? p.created_at) },
        ]}
        empty={<EmptyState title={t('emptyTitle')} body={t('emptyBody')} />}
      />
    </>
  );
}

/** Moves the chosen orders one call each, then says which moved and which did not (with the API's reason). */
function BulkMove({ rows, clear }: { rows: Project[]; clear: () => void }) {
  const t = useOrdersT();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [to, setTo] = useState<OrderState>('approved');
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const run = async () => {
    setBusy(true);
    setConfirm(false);
    const results = await Promise.allSettled(rows.map((p) => client.post('/projects/{id}/transitions', { params: { path: { id: p.id } }, body: { to } })));
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [t('bulkFailed', { code: rows[i]!.code, message: errorMessage(r.reason) })] : []));
    const ok = rows.length - failed.length;
    notifications.show({ color: failed.length ? (ok ? 'yellow' : 'red') : 'green', title: failed.length ? t('bulkTitle') : undefined, message: [t('bulkDone', { ok, n: rows.length, state: t(`s_${to}`) }), ...failed].join('\n'), autoClose: failed.length ? 10000 : 4000, closeButtonProps: { 'aria-label': t('close') }, style: { whiteSpace: 'pre-line' } });
    setBusy(false);
    clear();
    await qc.invalidateQueries({ queryKey: ['orders', store.id] });
  };
  return (
    <>
      <NativeSelect label={t('moveTo')} value={to} onChange={(e) => setTo(e.currentTarget.value as OrderState)} data={BULK.map((s) => ({ value: s, label: t(`s_${s}`) }))} />
      <Button loading={busy} onClick={() => (to === 'cancelled' ? setConfirm(true) : void run())}>
        {t('apply')}
      </Button>
      <Dialog opened={confirm} onClose={() => setConfirm(false)} title={t('confirmCancelTitle')}>
        <Stack>
          <Text>{t('confirmCancelBody', { n: rows.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('keep')}
            </Button>
            <Button color="red" onClick={() => void run()}>
              {t('to_cancelled')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
