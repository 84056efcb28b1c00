/** A match job: status with a progress bar while it runs, its counts, then each file's result. */
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Image, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFormat, useT } from '../../app/i18n.tsx';
import { PageHeader } from '../../components/ui.tsx';
import { done, useAgency, useMatchJob } from './api.ts';
import { m } from './messages.ts';
import { Crumbs, Guard, SimpleTable } from './shared.tsx';


export function useMatchParams() {
  const p = useParams();
  return { agencyId: Number(p.agencyId), jobId: Number(p.jobId), matchJobId: Number(p.matchJobId) };
}

export function MatchPage() {
  const t = useT(m);
  const f = useFormat();
  const { agencyId, jobId, matchJobId } = useMatchParams();
  const agency = useAgency(agencyId);
  const match = useMatchJob(matchJobId);
  const j = match.data;
  const pct = j ? Math.round((j.processed / Math.max(1, j.total_files)) * 100) : 0;
  const toReview = (j?.results ?? []).filter((r) => r.status === 'needs_review' && !r.review).length;
  const base = `/admin/studio/agencies/${agencyId}/jobs/${jobId}`;
  return (
    <Guard loading={match.isLoading} error={match.error}>
      <Crumbs
        label={t('breadcrumbs')}
        items={[{ to: '/admin/studio', label: t('title') }, { to: `/admin/studio/agencies/${agencyId}/jobs`, label: agency.data?.name ?? '…' }, { to: base, label: t('job') }, { label: t('matchJob', { id: matchJobId }) }]}
      />
      <PageHeader title={t('matchJob', { id: matchJobId })} description={j ? t('matchIntro', { threshold: j.threshold }) : undefined} />
      {j ? (
        <Stack>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Text fw={500}>{t(`state_${j.status as 'queued'}`) || j.status}</Text>
              <Text size="sm" c="dimmed">
                {t('processed', { n: j.processed, total: j.total_files })}
              </Text>
            </Group>
            <Progress value={pct} aria-label={t('matchProgress')} animated={!done(j.status)} color={j.status === 'failed' ? 'red' : undefined} />
            {j.error_message ? (
              <Alert color="red" mt="sm">
                {j.error_message}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
              {(['matched', 'needs_review', 'unmatched', 'failed'] as const).map((k) => (
                <Stack key={k} gap={0}>
                  <Text size="xl" fw={700}>
                    {f.number(j[k])}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`count_${k}`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Paper>
          {j.status === 'completed' && j.needs_review > 0 ? (
            <Group>
              <Button component={Link} to={`${base}/matches/${matchJobId}/review`}>
                {toReview > 0 ? t('reviewN', { n: toReview }) : t('reviewAgain')}
              </Button>
            </Group>
          ) : null}
          {j.results ? (
            <SimpleTable
              caption={t('results')}
              rows={j.results}
              rowKey={(r) => r.file_id}
              columns={[
                { key: 'photo', header: t('photo'), render: (r) => (r.file_url ? <Image src={r.file_url} alt={r.filename} w={56} h={56} fit="cover" radius="sm" /> : null) },
                { key: 'file', header: t('file'), render: (r) => r.filename },
                { key: 'status', header: t('status'), render: (r) => <Text size="sm" fw={r.status === 'needs_review' ? 700 : 400}>{t(`count_${r.status}`)}</Text> },
                { key: 'subject', header: t('candidate'), render: (r) => r.student_id ?? '—' },
                { key: 'score', header: t('score'), render: (r) => (r.similarity === null ? '—' : f.number(r.similarity, { maximumFractionDigits: 3 })) },
                { key: 'review', header: t('review'), render: (r) => (r.review ? `${t(`decision_${r.review.decision}`)}${r.review.student_id ? ` · ${r.review.student_id}` : ''}` : r.error?.message ?? '—') },
              ]}
            />
          ) : null}
          <Anchor component={Link} to={base} size="sm">
            {t('backToJob')}
          </Anchor>
        </Stack>
      ) : null}
    </Guard>
  );
}
