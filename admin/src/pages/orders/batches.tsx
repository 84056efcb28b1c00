/** Production batches: the list, a batch from chosen approved orders, a batch's page (sheets, mark printed). */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, NativeSelect, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useFormat } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { PageLoader } from '../../app/shell.tsx';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { ConfirmButton, EmptyState, PageHeader, Dialog } from '../../components/ui.tsx';
import { StateBadge, useOrdersT, type Project } from './common.tsx';
import { JobProgress } from './project-parts.tsx';

type Batch = ResponseOf<'/production-batches', 'get'>['data'][number];
const PRESETS = ['sra3', 'a3_plus', '12x18', '13x19'] as const;

export function BatchList() {
  const t = useOrdersT();
  const f = useFormat();
  const { store, client } = useStore();
  return (
    <>
      <PageHeader title={t('bTitle')} />
      <CursorList<Batch>
        queryKey={['orders', store.id, 'batches']}
        caption={t('bCaption')}
        searchable={false}
        load={async ({ cursor, limit, signal }) => client.get('/production-batches', { params: { query: { cursor, limit } }, signal })}
        rowKey={(b) => b.id}
        columns={[
          { key: 'name', header: t('bName'), render: (b) => <RowLink to={b.id}>{b.name}</RowLink> },
          { key: 'kind', header: t('bKind'), render: (b) => t(`k_${b.kind}`) },
          { key: 'orders', header: t('bOrders'), render: (b) => f.number(b.project_count) },
          { key: 'status', header: t('bStatus'), render: (b) => t(`bs_${b.status}`) },
          { key: 'created', header: t('created'), render: (b) => f.date(b.created_at) },
        ]}
        empty={<EmptyState title={t('bEmptyTitle')} body={t('bEmptyBody')} />}
      />
      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('approvedOrders')}
      </Title>
      <CursorList<Project>
        queryKey={['orders', store.id, 'approved']}
        caption={t('approvedCaption')}
        load={async ({ cursor, search, limit, signal }) => client.get('/projects', { params: { query: { cursor, search, limit, state: 'approved', sortBy: 'created_date', sort: 'asc' } }, signal })}
        rowKey={(p) => p.id}
        rowLabel={(p) => t('chooseRow', { code: p.code })}
        bulk={(rows, clear) => <NewBatch rows={rows} clear={clear} />}
        columns={[
          { key: 'code', header: t('code'), render: (p) => <RowLink to={`../${p.id}`}>{p.code}</RowLink> },
          { key: 'name', header: t('name'), render: (p) => p.name },
          { key: 'qty', header: t('quantity'), render: (p) => f.number(p.quantity) },
          { key: 'state', header: t('state'), render: (p) => <StateBadge state={p.state} /> },
        ]}
        empty={<EmptyState title={t('noApproved')} body={t('noApprovedBody')} />}
      />
    </>
  );
}

function NewBatch({ rows, clear }: { rows: Project[]; clear: () => void }) {
  const t = useOrdersT();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const nav = useNavigate();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'imposition' | 'gang_sheet'>('imposition');
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<(typeof PRESETS)[number]>('sra3');
  const [roll, setRoll] = useState<number | string>(580);
  const create = useMutation({
    mutationFn: async () =>
      (
        await client.post('/production-batches', {
          body: { kind, project_ids: rows.map((r) => r.id), ...(name.trim() ? { name: name.trim() } : {}), ...(kind === 'imposition' ? { imposition: { sheet: { preset } } } : { gang_sheet: { roll: { width: Number(roll), unit: 'mm' } } }) },
        })
      ).data,
    onSuccess: (b) => {
      notifySuccess(t('batchCreated'));
      setOpen(false);
      clear();
      void qc.invalidateQueries({ queryKey: ['orders', store.id] });
      void nav(b.id);
    },
    onError: (err) => notifyError(err),
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('createBatch', { n: rows.length })}</Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('batchTitle')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Stack>
            <SegmentedControl value={kind} onChange={(v) => setKind(v as typeof kind)} data={[{ value: 'imposition', label: t('k_imposition') }, { value: 'gang_sheet', label: t('k_gang_sheet') }]} aria-label={t('bKind')} />
            <TextInput label={t('bName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
            {kind === 'imposition' ? (
              <NativeSelect label={t('sheet')} value={preset} onChange={(e) => setPreset(e.currentTarget.value as typeof preset)} data={PRESETS.map((p) => ({ value: p, label: p.toUpperCase().replace('_', '+').replace('+PLUS', '+') }))} />
            ) : (
              <NumberInput label={t('rollWidth')} value={roll} onChange={setRoll} min={50} max={3000} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('keep')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </>
  );
}

export function BatchPage() {
  const t = useOrdersT();
  const f = useFormat();
  const { id = '' } = useParams();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const batch = useQuery({
    queryKey: ['orders', store.id, 'batch', id],
    queryFn: async ({ signal }) => (await client.get('/production-batches/{id}', { params: { path: { id } }, signal })).data,
    refetchInterval: (q) => (q.state.data && (q.state.data.job_status === 'completed' || q.state.data.job_status === 'failed') ? false : 1500),
  });
  const printed = async () => {
    try {
      await client.post('/production-batches/{id}/printed', { params: { path: { id } } });
      notifySuccess(t('printedDone'));
    } catch (err) {
      notifyError(err);
    } finally {
      await qc.invalidateQueries({ queryKey: ['orders', store.id] });
    }
  };
  if (batch.isPending) return <PageLoader />;
  if (batch.isError)
    return (
      <Alert color="red" role="alert" title={t('batchNotFound')}>
        {errorMessage(batch.error)} <Anchor component={Link} to="..">{t('backBatches')}</Anchor>
      </Alert>
    );
  const b = batch.data;
  return (
    <>
      <Anchor component={Link} to=".." relative="path" size="sm">
        {t('backBatches')}
      </Anchor>
      <PageHeader
        title={b.name}
        description={`${t(`k_${b.kind}`)} · ${t(`bs_${b.status}`)}`}
        actions={
          b.status === 'in_production' && b.job_status === 'completed' ? (
            <ConfirmButton color="blue" variant="filled" title={t('printedTitle')} body={t('printedBody')} confirmLabel={t('markPrinted')} onConfirm={printed}>
              {t('markPrinted')}
            </ConfirmButton>
          ) : undefined
        }
      />
      <Card withBorder mb="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <JobProgress status={b.job_status} label={t('bJob')} />
          <Text>
            {t('run')}: {f.number(b.run_length)}
          </Text>
          {b.utilisation !== null && (
            <Text>
              {t('utilisation')}: {f.number(b.utilisation, { style: 'percent', maximumFractionDigits: 0 })}
            </Text>
          )}
        </SimpleGrid>
        {b.pdf_url && (
          <Anchor href={b.pdf_url} download mt="sm" display="inline-block">
            {t('downloadSheets')}
          </Anchor>
        )}
        {b.error && <Text c="red.8">{b.error}</Text>}
      </Card>
      <Table striped verticalSpacing="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('bOrders')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('code')}</Table.Th>
            <Table.Th scope="col">{t('line')}</Table.Th>
            <Table.Th scope="col">{t('quantity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {b.orders.map((o) => (
            <Table.Tr key={o.project_id}>
              <Table.Td>
                <RowLink to={`../../${o.project_id}`}>{o.project_code}</RowLink>
              </Table.Td>
              <Table.Td>{o.line_item_id ?? '—'}</Table.Td>
              <Table.Td>{f.number(o.quantity)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
