/** A project's print files (and a PDF on request, with its job's progress), proofs with their pages, and history. */
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Image, Progress, SimpleGrid, Stack, Table, Text, TextInput, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useFormat } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { useStore } from '../../app/store.tsx';
import { CopyField, Dialog } from '../../components/ui.tsx';
import { StateBadge, Tag, useOrdersT, type Project } from './common.tsx';

type Proof = ResponseOf<'/projects/{id}/proofs', 'get'>['data'][number];
interface JobView {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  pdf_url?: string | null;
  error?: string | null;
}
const DONE = new Set(['completed', 'failed']);
const STAGE = { queued: 15, processing: 60, completed: 100, failed: 100 } as const;

/** A job's stage as a bar: queued, rendering (animated), done or failed. */
export function JobProgress({ status, label }: { status: JobView['status']; label: string }) {
  const t = useOrdersT();
  return (
    <Stack gap={4}>
      <Text size="sm">
        {label}: {t(`job_${status}`)}
      </Text>
      <Progress value={STAGE[status]} color={status === 'failed' ? 'red' : status === 'completed' ? 'green' : 'blue'} striped={!DONE.has(status)} animated={!DONE.has(status)} aria-label={`${label}: ${t(`job_${status}`)}`} />
    </Stack>
  );
}

export function Files({ project }: { project: Project }) {
  const t = useOrdersT();
  const f = useFormat();
  const { store, client } = useStore();
  const [jobId, setJobId] = useState<string | null>(null);
  const files = useQuery({
    queryKey: ['orders', store.id, 'files', project.id],
    queryFn: async ({ signal }) => (await client.get('/projects/{id}/files', { params: { path: { id: project.id } }, signal })).data,
    refetchInterval: (q) => (q.state.data?.some((x) => !DONE.has(x.status)) ? 1500 : false),
  });
  const job = useQuery({
    queryKey: ['orders', store.id, 'job', jobId],
    enabled: !!jobId,
    queryFn: async ({ signal }) => (await client.get('/jobs/{id}', { params: { path: { id: jobId! } }, signal })).data as unknown as JobView,
    refetchInterval: (q) => (q.state.data && DONE.has(q.state.data.status) ? false : 1000),
  });
  const make = useMutation({
    mutationFn: async () => (await client.post('/projects/{id}/pdf', { params: { path: { id: project.id } }, body: {} })).data,
    onSuccess: (j) => setJobId(j.id),
    onError: (err) => notifyError(err),
  });
  const list = files.data ?? [];
  const hasPrint = list.some((x) => x.kind === 'print');
  return (
    <Card withBorder component="section" aria-labelledby="order-files">
      <Title order={2} size="h4" id="order-files" mb="xs">
        {t('files')}
      </Title>
      {files.isError && <Alert color="red" role="alert">{errorMessage(files.error)}</Alert>}
      {list.length > 0 && (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dFile')}</Table.Th>
              <Table.Th scope="col">{t('bKind')}</Table.Th>
              <Table.Th scope="col">{t('status')}</Table.Th>
              <Table.Th scope="col">{t('created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {x.url ? (
                    <Anchor href={x.url} download={x.name} dir="ltr" aria-label={t('download', { name: x.name })}>
                      {x.name}
                    </Anchor>
                  ) : (
                    <span dir="ltr">{x.name}</span>
                  )}
                  {x.error ? <Text size="xs" c="red.8">{x.error}</Text> : null}
                </Table.Td>
                <Table.Td>{t(`kind_${x.kind}`)}</Table.Td>
                <Table.Td>{DONE.has(x.status) ? t(`job_${x.status as JobView['status']}`) : <JobProgress status={x.status as JobView['status']} label={x.name} />}</Table.Td>
                <Table.Td>{f.date(x.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {files.isSuccess && !hasPrint && (
        <Stack gap="sm" mt="xs">
          <Text c="dimmed">{t('filesEmpty')}</Text>
          {!jobId && (
            <Group>
              <Button variant="light" loading={make.isPending} onClick={() => make.mutate()}>
                {t('makePdf')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {jobId && job.data && (
        <Stack gap="xs" mt="sm">
          <JobProgress status={job.data.status} label={t('pdfJob')} />
          {job.data.status === 'completed' && job.data.pdf_url && (
            <Anchor href={job.data.pdf_url} download={`${project.code}.pdf`}>
              {t('downloadPdf')}
            </Anchor>
          )}
          {job.data.error && <Text c="red.8">{job.data.error}</Text>}
        </Stack>
      )}
    </Card>
  );
}

const tokenOf = (url: string) => url.split('/proof/')[1] ?? '';

export function Proofs({ project }: { project: Project }) {
  const t = useOrdersT();
  const f = useFormat();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const proofs = useQuery({ queryKey: ['orders', store.id, 'proofs', project.id], queryFn: async ({ signal }) => (await client.get('/projects/{id}/proofs', { params: { path: { id: project.id } }, signal })).data });
  const fresh = useMutation({
    mutationFn: async () => (await client.post('/projects/{id}/proofs', { params: { path: { id: project.id } } })).data,
    onSuccess: (p) => {
      notifySuccess(t('freshDone', { date: f.date(p.expires_at) }));
      void qc.invalidateQueries({ queryKey: ['orders', store.id, 'proofs', project.id] });
    },
    onError: (err) => notifyError(err),
  });
  const list = [...(proofs.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const current = list[0];
  return (
    <Card withBorder component="section" aria-labelledby="order-proofs">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="order-proofs">
          {t('proofs')}
        </Title>
        {project.state === 'proof_pending' && current?.status === 'pending' && (
          <Button variant="default" size="xs" loading={fresh.isPending} onClick={() => fresh.mutate()}>
            {t('freshLink')}
          </Button>
        )}
      </Group>
      {proofs.isError && <Alert color="red" role="alert">{errorMessage(proofs.error)}</Alert>}
      {proofs.isSuccess && list.length === 0 && <Text c="dimmed">{t('proofsEmpty')}</Text>}
      <Stack gap="md">
        {current && <ProofCard proof={current} project={project} />}
        {list.slice(1).map((p) => (
          <Group key={p.id} gap="xs">
            <Tag color="gray">{t(`p_${p.status}`)}</Tag>
            <Text size="sm" c="dimmed">
              {t('version', { n: p.snapshot_version })} · {f.date(p.created_at)}
              {p.decided_by ? ` · ${t('decidedBy', { who: p.decided_by, date: f.date(p.decided_at) })}` : ''}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function ProofCard({ proof, project }: { proof: Proof; project: Project }) {
  const t = useOrdersT();
  const f = useFormat();
  const { store, client } = useStore();
  const { session } = useSession();
  const qc = useQueryClient();
  const token = tokenOf(proof.approval_url);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(session?.user.email ?? '');
  const pub = useQuery({ queryKey: ['orders', store.id, 'proof', proof.id, proof.status], queryFn: async ({ signal }) => (await client.get('/proofs/{token}', { params: { path: { token } }, signal })).data, enabled: !!token });
  const approve = useMutation({
    mutationFn: async () => (await client.post('/proofs/{token}', { params: { path: { token } }, body: { decision: 'approve', ...(name.trim() ? { name: name.trim() } : {}) } })).data,
    onSuccess: () => {
      setOpen(false);
      notifySuccess(t('approved'));
    },
    onError: (err) => notifyError(err),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders', store.id] }),
  });
  return (
    <Stack gap="sm" data-proof={proof.id}>
      <Group gap="xs">
        <Tag color={proof.status === 'approved' ? 'green' : proof.status === 'pending' ? 'yellow' : 'gray'}>{t(`p_${proof.status}`)}</Tag>
        <Text size="sm" c="dimmed">
          {t('version', { n: proof.snapshot_version })} · {t('expires', { date: f.date(proof.expires_at) })}
        </Text>
      </Group>
      {proof.decided_by && <Text size="sm">{t('decidedBy', { who: proof.decided_by, date: f.date(proof.decided_at) })}</Text>}
      {proof.comment && (
        <Text size="sm">
          {t('comment')}: {proof.comment}
        </Text>
      )}
      {proof.status === 'pending' && <CopyField label={t('approvalLink')} value={proof.approval_url} />}
      {pub.data && pub.data.pages.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label={t('pages')}>
          {pub.data.pages.map((pg) => (
            <Image key={pg.id} src={pg.image_url} alt={t('pageAlt', { name: pg.name })} radius="sm" fit="contain" mah={320} bg="gray.1" />
          ))}
        </SimpleGrid>
      )}
      {pub.isError && <Text size="sm" c="red.8">{errorMessage(pub.error)}</Text>}
      {proof.status === 'pending' && project.state === 'proof_pending' && (
        <Group>
          <Button color="green" onClick={() => setOpen(true)}>
            {t('approveOnBehalf')}
          </Button>
        </Group>
      )}
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('onBehalfTitle')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            approve.mutate();
          }}
        >
          <Stack>
            <Text>{t('onBehalfBody')}</Text>
            <TextInput label={t('approveName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('keep')}
              </Button>
              <Button type="submit" color="green" loading={approve.isPending}>
                {t('to_approved')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Stack>
  );
}

export function History({ id }: { id: string }) {
  const t = useOrdersT();
  const f = useFormat();
  const { store, client } = useStore();
  const history = useQuery({ queryKey: ['orders', store.id, 'history', id], queryFn: async ({ signal }) => client.get('/projects/{id}/history', { params: { path: { id } }, signal }) });
  const moves = history.data?.data ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="order-history">
      <Title order={2} size="h4" id="order-history" mb="sm">
        {t('history')}
      </Title>
      {history.isError && <Alert color="red" role="alert">{errorMessage(history.error)}</Alert>}
      {history.isSuccess && moves.length === 0 && <Text c="dimmed">{t('historyEmpty')}</Text>}
      {moves.length > 0 && (
        <Timeline active={moves.length - 1} bulletSize={14} lineWidth={2} component="ol" style={{ listStyle: 'none', padding: 0 }}>
          {moves.map((h, i) => (
            <Timeline.Item key={`${h.at}-${i}`} title={<StateBadge state={h.to} />} component="li">
              <Text size="xs" c="dimmed">
                {f.date(h.at)} · {t('actor', { type: t(`a_${h.actor.type as 'store'}`) ?? h.actor.type })}
              </Text>
              {h.note ? <Text size="sm">{h.note}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
