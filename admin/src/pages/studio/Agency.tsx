/** One agency: its studio jobs (list, create) and its subjects (tab), each tab with its own URL. */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { ICP_TYPES, useAgency, useJobs, type StudioJob } from './api.ts';
import { m } from './messages.ts';
import { Crumbs, Guard, SimpleTable } from './shared.tsx';
import { Subjects } from './Subjects.tsx';

function CreateJob({ agencyId }: { agencyId: number }) {
  const t = useT(m);
  const { account } = useSession();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [icp, setIcp] = useState<string>('school');
  const create = useMutation({
    mutationFn: async () => (await account.post('/services/studio/agencies/{agencyId}/jobs', { params: { path: { agencyId } }, body: { name, icp_type: icp as (typeof ICP_TYPES)[number] } })) as StudioJob,
    onSuccess: (j) => {
      qc.setQueryData<StudioJob[]>(['studio', 'jobs', agencyId], (old) => [...(old ?? []), j]);
      void qc.invalidateQueries({ queryKey: ['studio', 'jobs', agencyId] });
      setName('');
      notifySuccess(t('jobCreated', { name: j.name }));
    },
    onError: (err) => notifyError(err),
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), create.mutate())} aria-labelledby="new-job">
      <Title order={2} size="h5" id="new-job" mb="sm">
        {t('newJob')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('jobName')} value={name} onChange={(e) => setName(e.currentTarget.value)} required style={{ flex: 1, minWidth: 200 }} />
        <Select label={t('icpType')} data={ICP_TYPES.map((v) => ({ value: v, label: t(`icp_${v}`) }))} value={icp} onChange={(v) => setIcp(v ?? 'school')} allowDeselect={false} />
        <Button type="submit" loading={create.isPending}>
          {t('create')}
        </Button>
      </Group>
    </Paper>
  );
}

function Jobs({ agencyId }: { agencyId: number }) {
  const t = useT(m);
  const f = useFormat();
  const jobs = useJobs(agencyId);
  const rows = jobs.data ?? [];
  return (
    <Stack>
      <CreateJob agencyId={agencyId} />
      <Guard loading={jobs.isLoading} error={jobs.error}>
        {rows.length === 0 ? (
          <EmptyState title={t('noJobTitle')} body={t('noJobBody')} />
        ) : (
          <SimpleTable
            caption={t('jobs')}
            rows={rows}
            rowKey={(j) => j.id}
            columns={[
              { key: 'name', header: t('jobName'), render: (j) => <Anchor component={Link} to={`/admin/studio/agencies/${agencyId}/jobs/${j.id}`}>{j.name}</Anchor> },
              { key: 'icp', header: t('icpType'), render: (j) => t(`icp_${j.icp_type as (typeof ICP_TYPES)[number]}`) },
              { key: 'status', header: t('status'), render: (j) => <Badge variant="light" color="gray">{j.status}</Badge> },
              { key: 'created', header: t('created'), render: (j) => f.date(j.created_at) },
            ]}
          />
        )}
      </Guard>
    </Stack>
  );
}

export function AgencyPage({ tab }: { tab: 'jobs' | 'subjects' }) {
  const t = useT(m);
  const navigate = useNavigate();
  const agencyId = Number(useParams().agencyId);
  const agency = useAgency(agencyId);
  return (
    <Guard loading={agency.isLoading} error={agency.error ?? (agency.isSuccess && !agency.data ? new Error(t('agencyMissing')) : null)}>
      <Crumbs label={t('breadcrumbs')} items={[{ to: '/admin/studio', label: t('title') }, { label: agency.data?.name ?? '' }]} />
      <PageHeader title={agency.data?.name ?? ''} description={agency.data ? t(`type_${agency.data.agency_type as 'school'}`) : undefined} />
      <Tabs value={tab} onChange={(v) => v && navigate(`/admin/studio/agencies/${agencyId}/${v}`)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="jobs">{t('jobs')}</Tabs.Tab>
          <Tabs.Tab value="subjects">{t('subjects')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="jobs">
          <Jobs agencyId={agencyId} />
        </Tabs.Panel>
        <Tabs.Panel value="subjects">
          <Subjects agencyId={agencyId} />
        </Tabs.Panel>
      </Tabs>
      <Button component={Link} to="/admin/studio" variant="subtle" mt="md">
        {t('backToAgencies')}
      </Button>
    </Guard>
  );
}
