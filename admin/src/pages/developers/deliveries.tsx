/** A webhook's delivery log: every delivery with its attempts, a status filter, redelivery of a finished one. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Code, Group, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { CursorList } from '../../components/CursorList.tsx';
import { EmptyState } from '../../components/ui.tsx';
import { w } from './hooks-messages.ts';
import { DevModal } from './shared.tsx';

type Delivery = ResponseOf<'/webhooks/{id}/deliveries', 'get'>['data'][number];
type Status = Delivery['status'];
const COLOR: Record<Status, string> = { pending: 'yellow', succeeded: 'green', failed: 'red' };
const isStatus = (s: string | null): s is Status => s === 'pending' || s === 'succeeded' || s === 'failed';

export function Deliveries({ hookId }: { hookId: string }) {
  const t = useT(w);
  const f = useFormat();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const [viewing, setViewing] = useState<Delivery | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const qk = ['webhook-deliveries', store.id, hookId, status ?? 'all'];
  const refresh = () => qc.invalidateQueries({ queryKey: ['webhook-deliveries', store.id, hookId] });

  const redeliver = async (d: Delivery) => {
    setBusy(d.id);
    try {
      await client.post('/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id: hookId, deliveryId: d.id } } });
      notifySuccess(t('redelivered'));
      await refresh();
    } catch (err) {
      notifyError(err, t('redeliver'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <CursorList
        queryKey={qk}
        caption={t('deliveriesCaption')}
        searchable={false}
        filters={
          <Group gap="sm" align="flex-end">
            <Select
              label={t('status')}
              w={180}
              value={status ?? 'all'}
              allowDeselect={false}
              data={[{ value: 'all', label: t('allStatuses') }, ...(['pending', 'succeeded', 'failed'] as const).map((s) => ({ value: s, label: t(`st_${s}`) }))]}
              onChange={(v) =>
                setParams((p) => {
                  const n = new URLSearchParams(p);
                  if (v && v !== 'all') n.set('status', v);
                  else n.delete('status');
                  n.delete('cursor');
                  return n;
                })
              }
            />
            <Button variant="default" onClick={() => void refresh()}>
              {t('refresh')}
            </Button>
          </Group>
        }
        load={({ cursor, limit, signal }) => client.get('/webhooks/{id}/deliveries', { params: { path: { id: hookId }, query: { cursor, limit, status } }, signal })}
        rowKey={(d) => d.id}
        columns={[
          { key: 'when', header: t('when'), render: (d) => f.date(d.created_at) },
          { key: 'event', header: t('event'), render: (d) => `${d.topic} · ${d.event}` },
          { key: 'status', header: t('status'), render: (d) => <Badge variant="dot" miw="max-content" color={COLOR[d.status]}>{t(`st_${d.status}`)}</Badge> },
          { key: 'attempts', header: t('attempts'), render: (d) => d.attempt_count },
          { key: 'answer', header: t('answer'), render: (d) => (d.last_status_code ?? d.last_error ?? '—') },
          {
            key: 'actions',
            header: t('actions'),
            render: (d) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setViewing(d)} aria-label={t('viewOf', { id: d.message_id })}>
                  {t('view')}
                </Button>
                <Button size="xs" variant="light" disabled={d.status === 'pending'} loading={busy === d.id} onClick={() => void redeliver(d)} aria-label={t('redeliverOf', { id: d.message_id })}>
                  {t('redeliver')}
                </Button>
              </Group>
            ),
          },
        ]}
        empty={<EmptyState title={t('deliveriesEmptyTitle')} body={t('deliveriesEmptyBody')} />}
      />
      <DevModal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `${viewing.topic} · ${viewing.event}` : ''} size="xl">
        {viewing && (
          <Stack>
            <Text size="sm">
              {t('messageId')}: <Code>{viewing.message_id}</Code>
            </Text>
            <Text fw={500}>{t('payload')}</Text>
            <Code block style={{ maxHeight: 260, overflow: 'auto' }} tabIndex={0}>
              {JSON.stringify(viewing.payload, null, 2)}
            </Code>
            <ScrollArea type="auto">
              <Table>
                <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('attemptsCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('when')}</Table.Th>
                    <Table.Th scope="col">{t('answer')}</Table.Th>
                    <Table.Th scope="col">{t('duration')}</Table.Th>
                    <Table.Th scope="col">{t('error')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {viewing.attempts.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{f.date(a.created_at)}</Table.Td>
                      <Table.Td>{a.status_code ?? '—'}</Table.Td>
                      <Table.Td>{`${f.number(a.duration_ms)} ms`}</Table.Td>
                      <Table.Td>{a.error ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Stack>
        )}
      </DevModal>
    </>
  );
}
