/** A studio job: upload photos into it (progress bar), match them with the references, print its QR sheet. */
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, FileInput, Group, List, NumberInput, Paper, Progress, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { upload } from '../../app/upload.ts';
import { PageHeader } from '../../components/ui.tsx';
import { useAgency, useJobs, useSubjects, type StudioFile } from './api.ts';
import { m } from './messages.ts';
import { Crumbs, Guard } from './shared.tsx';

function UploadPhotos({ agencyId, jobId }: { agencyId: number; jobId: number }) {
  const t = useT(m);
  const f = useFormat();
  const { session } = useSession();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<StudioFile[]>([]);
  const abort = useRef<AbortController | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      for (const file of files) form.append('file[]', file, file.name);
      abort.current = new AbortController();
      setProgress(0);
      return upload<{ files: StudioFile[] }>({ path: `/services/studio/agencies/${agencyId}/jobs/${jobId}/files`, jwt: session!.jwt, form, onProgress: setProgress, signal: abort.current.signal });
    },
    onSuccess: (r) => {
      setUploaded((old) => [...old, ...r.files]);
      setFiles([]);
      notifySuccess(t('uploaded', { n: r.files.length }));
    },
    onError: (err) => {
      setProgress(null);
      if (!(err instanceof DOMException && err.name === 'AbortError')) notifyError(err);
    },
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), send.mutate())} aria-labelledby="upload-title">
      <Title order={2} size="h4" id="upload-title" mb="sm">
        {t('uploadTitle')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <FileInput label={t('photos')} description={t('photosHint')} multiple accept="image/jpeg,image/png,image/webp,image/tiff,image/gif" value={files} onChange={setFiles} clearable style={{ flex: 1, minWidth: 240 }} />
        <Button type="submit" disabled={files.length === 0} loading={send.isPending}>
          {t('upload')}
        </Button>
        {send.isPending ? (
          <Button variant="default" onClick={() => abort.current?.abort()}>
            {t('cancelUpload')}
          </Button>
        ) : null}
      </Group>
      {progress !== null ? (
        <Stack gap={4} mt="sm">
          <Progress value={Math.round(progress * 100)} aria-label={t('uploadProgress')} animated={send.isPending} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {send.isPending ? t('uploading', { pct: Math.round(progress * 100) }) : send.isSuccess ? t('uploadDone') : ''}
          </Text>
        </Stack>
      ) : null}
      {uploaded.length > 0 ? (
        <List size="sm" mt="sm" aria-label={t('uploadedList')}>
          {uploaded.map((u) => (
            <List.Item key={u.id}>
              {u.filename} — #{u.id}, {f.number(Math.round(u.size_bytes / 1024))} kB
            </List.Item>
          ))}
        </List>
      ) : null}
    </Paper>
  );
}

function MatchPhotos({ agencyId, jobId }: { agencyId: number; jobId: number }) {
  const t = useT(m);
  const { account } = useSession();
  const navigate = useNavigate();
  const [threshold, setThreshold] = useState<number | string>(0.85);
  const start = useMutation({
    mutationFn: async () => (await account.post('/services/studio/matching/match-job', { body: { agency_id: agencyId, job_id: jobId, threshold: Number(threshold) } })) as { match_job_id: number },
    onSuccess: (r) => navigate(`/admin/studio/agencies/${agencyId}/jobs/${jobId}/matches/${r.match_job_id}`),
    onError: (err) => notifyError(err),
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), start.mutate())} aria-labelledby="match-title">
      <Title order={2} size="h4" id="match-title" mb="xs">
        {t('matchTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('matchHint')}
      </Text>
      <Group align="flex-end">
        <NumberInput label={t('threshold')} min={0.5} max={0.99} step={0.01} decimalScale={2} value={threshold} onChange={setThreshold} w={140} />
        <Button type="submit" loading={start.isPending}>
          {t('startMatch')}
        </Button>
      </Group>
    </Paper>
  );
}

function QrSheet({ agencyId, jobId }: { agencyId: number; jobId: number }) {
  const t = useT(m);
  const { account } = useSession();
  const subjects = useSubjects(agencyId);
  const [layout, setLayout] = useState<string>('4up');
  const [pageSize, setPageSize] = useState<string>('a4');
  const [school, setSchool] = useState('');
  const n = subjects.data?.length ?? 0;
  const gen = useMutation({
    mutationFn: async () =>
      (await account.post('/services/studio/qr/generate', {
        body: {
          job_id: String(jobId),
          layout: layout as '4up',
          page_size: pageSize as 'a4',
          ...(school ? { school_name: school } : {}),
          subjects: (subjects.data ?? []).map((s) => ({ student_id: s.student_id, name: s.name, ...(s.class_name ? { class_name: s.class_name } : {}) })),
        },
      })) as { pdf_url: string; pages: number; cards: number; tokens_deducted: number },
    onError: (err) => notifyError(err),
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), gen.mutate())} aria-labelledby="qr-title">
      <Title order={2} size="h4" id="qr-title" mb="xs">
        {t('qrTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('qrHint', { n })}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select label={t('layout')} data={['4up', 'single', '9up'].map((v) => ({ value: v, label: t(`layout_${v as '4up'}`) }))} value={layout} onChange={(v) => setLayout(v ?? '4up')} allowDeselect={false} w={180} />
        <Select label={t('pageSize')} data={[{ value: 'a4', label: 'A4' }, { value: 'letter', label: 'Letter' }]} value={pageSize} onChange={(v) => setPageSize(v ?? 'a4')} allowDeselect={false} w={120} />
        <TextInput label={t('schoolName')} value={school} onChange={(e) => setSchool(e.currentTarget.value)} w={220} />
        <Button type="submit" disabled={n === 0} loading={gen.isPending}>
          {t('generateQr')}
        </Button>
      </Group>
      {gen.data ? (
        <Group mt="sm" role="status">
          <Anchor href={gen.data.pdf_url} download>
            {t('downloadQr')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('qrDone', { pages: gen.data.pages, cards: gen.data.cards, tokens: gen.data.tokens_deducted })}
          </Text>
        </Group>
      ) : null}
    </Paper>
  );
}

export function JobPage() {
  const t = useT(m);
  const params = useParams();
  const agencyId = Number(params.agencyId);
  const jobId = Number(params.jobId);
  const agency = useAgency(agencyId);
  const jobs = useJobs(agencyId);
  const job = jobs.data?.find((j) => j.id === jobId);
  const missing = jobs.isSuccess && !job ? new Error(t('jobMissing')) : null;
  return (
    <Guard loading={agency.isLoading || jobs.isLoading} error={agency.error ?? jobs.error ?? missing}>
      <Crumbs
        label={t('breadcrumbs')}
        items={[{ to: '/admin/studio', label: t('title') }, { to: `/admin/studio/agencies/${agencyId}/jobs`, label: agency.data?.name ?? '…' }, { label: job?.name ?? '' }]}
      />
      <PageHeader title={job?.name ?? ''} description={job ? t('jobIntro', { icp: t(`icp_${job.icp_type as 'school'}`) }) : undefined} />
      <Stack>
        <UploadPhotos agencyId={agencyId} jobId={jobId} />
        <MatchPhotos agencyId={agencyId} jobId={jobId} />
        <QrSheet agencyId={agencyId} jobId={jobId} />
        <Button component={Link} to={`/admin/studio/agencies/${agencyId}/jobs`} variant="subtle" w="fit-content">
          {t('backToAgency')}
        </Button>
      </Stack>
    </Guard>
  );
}
