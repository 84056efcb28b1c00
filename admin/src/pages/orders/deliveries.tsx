/** The delivery log: every send of a print file or batch to the shop floor, its attempts, retry of a failed one. */
import { useSearchParams } from 'react-router';
import { Button, NativeSelect, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useFormat } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { Tag, useOrdersT } from './common.tsx';

type Delivery = ResponseOf<'/deliveries', 'get'>['data'][number];
const STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
const COLOUR = { pending: 'gray', sending: 'blue', delivered: 'green', failed: 'red' } as const;

export function DeliveryLog() {
  const t = useOrdersT();
  const f = useFormat();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((s) => s === params.get('status'));
  const retry = useMutation({
    mutationFn: async (id: string) => client.post('/deliveries/{id}/retry', { params: { path: { id } } }),
    onSuccess: () => notifySuccess(t('retried')),
    onError: (err) => notifyError(err),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders', store.id, 'deliveries'] }),
  });
  return (
    <>
      <PageHeader title={t('dTitle')} />
      <CursorList<Delivery>
        queryKey={['orders', store.id, 'deliveries', status ?? 'any']}
        caption={t('dCaption')}
        searchable={false}
        filters={
          <NativeSelect
            label={t('dStatus')}
            value={status ?? ''}
            onChange={(e) =>
              setParams((p) => {
                const n = new URLSearchParams(p);
                if (e.currentTarget.value) n.set('status', e.currentTarget.value);
                else n.delete('status');
                n.delete('cursor');
                return n;
              })
            }
            data={[{ value: '', label: t('anyStatus') }, ...STATUSES.map((s) => ({ value: s, label: t(`ds_${s}`) }))]}
          />
        }
        load={async ({ cursor, limit, signal }) => client.get('/deliveries', { params: { query: { cursor, limit, ...(status ? { status } : {}) } }, signal })}
        rowKey={(d) => d.id}
        columns={[
          { key: 'file', header: t('dFile'), render: (d) => (d.project_id ? <RowLink to={`../${d.project_id}`}>{d.file_name}</RowLink> : d.batch_id ? <RowLink to={`../batches/${d.batch_id}`}>{d.file_name}</RowLink> : d.file_name) },
          { key: 'status', header: t('dStatus'), render: (d) => <Tag color={COLOUR[d.status]}>{t(`ds_${d.status}`)}</Tag> },
          { key: 'attempts', header: t('dAttempts'), render: (d) => f.number(d.attempts) },
          { key: 'error', header: t('dError'), render: (d) => (d.last_error ? <Text size="sm" c="red.8">{d.last_error}</Text> : '—') },
          { key: 'when', header: t('dWhen'), render: (d) => f.date(d.delivered_at ?? d.updated_at) },
          {
            key: 'retry',
            header: '',
            render: (d) =>
              d.status === 'failed' ? (
                <Button size="xs" variant="light" aria-label={t('retry', { name: d.file_name })} loading={retry.isPending && retry.variables === d.id} onClick={() => retry.mutate(d.id)}>
                  {t('retry', { name: '' }).replace(/[:\s]+$/, '')}
                </Button>
              ) : null,
          },
        ]}
        empty={<EmptyState title={t('dEmptyTitle')} body={t('dEmptyBody')} />}
      />
    </>
  );
}
