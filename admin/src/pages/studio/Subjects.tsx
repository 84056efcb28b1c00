/** An agency's subjects (students, players) and their reference photos; build the references. */
import { useState } from 'react';
import { Avatar, Button, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { EmptyState } from '../../components/ui.tsx';
import { done, useSubjects, type Subject } from './api.ts';
import { m } from './messages.ts';
import { Guard, SimpleTable } from './shared.tsx';

interface Task {
  status: string;
  progress?: { current: number; total: number; percentage: number } | null;
  error_message?: string | null;
}

function AddSubject({ agencyId }: { agencyId: number }) {
  const t = useT(m);
  const { account } = useSession();
  const qc = useQueryClient();
  const empty = { student_id: '', name: '', class_name: '', reference_photo_url: '' };
  const [v, setV] = useState(empty);
  const set = (k: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.currentTarget.value });
  const add = useMutation({
    mutationFn: async () =>
      account.post('/services/studio/agencies/{agencyId}/subjects', {
        params: { path: { agencyId } },
        body: { student_id: v.student_id, name: v.name, ...(v.class_name ? { class_name: v.class_name } : {}), ...(v.reference_photo_url ? { reference_photo_url: v.reference_photo_url } : {}) },
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['studio', 'subjects', agencyId] });
      notifySuccess(t('subjectAdded', { name: v.name }));
      setV(empty);
    },
    onError: (err) => notifyError(err),
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), add.mutate())} aria-labelledby="new-subject">
      <Title order={2} size="h5" id="new-subject" mb="sm">
        {t('newSubject')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('studentId')} value={v.student_id} onChange={set('student_id')} required w={140} />
        <TextInput label={t('subjectName')} value={v.name} onChange={set('name')} required w={200} />
        <TextInput label={t('className')} value={v.class_name} onChange={set('class_name')} w={110} />
        <TextInput label={t('referenceUrl')} type="url" value={v.reference_photo_url} onChange={set('reference_photo_url')} style={{ flex: 1, minWidth: 220 }} />
        <Button type="submit" loading={add.isPending}>
          {t('add')}
        </Button>
      </Group>
    </Paper>
  );
}

/** POST /matching/references; from 20 subjects it is a task, polled with a progress bar. */
function BuildReferences({ agencyId, pending }: { agencyId: number; pending: number }) {
  const t = useT(m);
  const { account } = useSession();
  const qc = useQueryClient();
  const [taskId, setTaskId] = useState<string | null>(null);
  const task = useQuery({
    queryKey: ['studio', 'task', taskId],
    enabled: taskId !== null,
    queryFn: async ({ signal }) => (await account.get('/services/studio/jobs/{taskId}', { params: { path: { taskId: taskId! } }, signal })) as Task,
    refetchInterval: (q) => (q.state.data && done(q.state.data.status) ? false : 1000),
  });
  const build = useMutation({
    mutationFn: async () => (await account.post('/services/studio/matching/references', { body: { agency_id: agencyId } })) as { status: string; task_id?: string; embeddings_created: number; failed?: unknown[] },
    onSuccess: (r) => {
      if (r.task_id) setTaskId(r.task_id);
      else notifySuccess(t('referencesBuilt', { n: r.embeddings_created, failed: r.failed?.length ?? 0 }));
      void qc.invalidateQueries({ queryKey: ['studio', 'subjects', agencyId] });
    },
    onError: (err) => notifyError(err),
  });
  const running = task.data && !done(task.data.status);
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="light" onClick={() => build.mutate()} loading={build.isPending} disabled={pending === 0 || Boolean(running)}>
          {t('buildReferences')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('referencesPending', { n: pending })}
        </Text>
      </Group>
      {task.data ? <Progress value={task.data.progress?.percentage ?? 0} aria-label={t('referencesProgress')} animated={Boolean(running)} /> : null}
    </Stack>
  );
}

export function Subjects({ agencyId }: { agencyId: number }) {
  const t = useT(m);
  const subjects = useSubjects(agencyId);
  const rows = subjects.data ?? [];
  const pending = rows.filter((s) => s.reference_photo_url && !s.has_embedding).length;
  const status = (s: Subject) =>
    s.has_embedding ? <Text size="sm">{t('refReady')}</Text> : s.embedding_error ? <Text size="sm" title={s.embedding_error}>{t('refFailed')}: {s.embedding_error}</Text> : <Text size="sm" c="dimmed">{s.reference_photo_url ? t('refPending') : t('refNone')}</Text>;
  return (
    <Stack>
      <AddSubject agencyId={agencyId} />
      <BuildReferences agencyId={agencyId} pending={pending} />
      <Guard loading={subjects.isLoading} error={subjects.error}>
        {rows.length === 0 ? (
          <EmptyState title={t('noSubjectTitle')} body={t('noSubjectBody')} />
        ) : (
          <SimpleTable
            caption={t('subjects')}
            rows={rows}
            rowKey={(s) => s.id}
            columns={[
              { key: 'photo', header: t('reference'), render: (s) => <Avatar src={s.reference_photo_url} alt={t('referenceOf', { name: s.name })} size="md" radius="sm" /> },
              { key: 'sid', header: t('studentId'), render: (s) => s.student_id },
              { key: 'name', header: t('subjectName'), render: (s) => s.name },
              { key: 'class', header: t('className'), render: (s) => s.class_name ?? '—' },
              { key: 'status', header: t('refStatus'), render: status },
            ]}
          />
        )}
      </Guard>
    </Stack>
  );
}
