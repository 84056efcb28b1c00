/**
 * Reviewing a match job's needs_review photos, keyboard first: each photo beside its candidate
 * references (1 = the job's candidate, 2–9 the agency's other subjects), Enter or Y confirms the
 * candidate, 1–9 picks one, 0 or X says nobody of the agency, N / P (or the arrows) move. Each
 * decision is saved at once through the API (optimistic: undone, with the API's message, if the
 * save fails) and focus comes back to the photo, so the keyboard never loses its place.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Avatar, Button, Grid, Group, Image, Kbd, Paper, Progress, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormat, useLocale, useT } from '../../app/i18n.tsx';
import { notifyError } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/ui.tsx';
import { useMatchJob, useSubjects, type MatchJob, type MatchResult, type Review, type Subject } from './api.ts';
import { useMatchParams } from './Match.tsx';
import { m } from './messages.ts';
import { Crumbs, Guard } from './shared.tsx';

function without<V>(o: Record<number, V>, key: number): Record<number, V> {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

function Shortcuts() {
  const t = useT(m);
  const rows: Array<[string[], string]> = [
    [['Enter', 'Y'], t('keyConfirm')],
    [['1', '…', '9'], t('keyPick')],
    [['0', 'X'], t('keyNobody')],
    [['N', '→'], t('keyNext')],
    [['P', '←'], t('keyPrev')],
  ];
  return (
    <Paper withBorder p="sm" aria-labelledby="shortcuts-title">
      <Title order={2} size="h6" id="shortcuts-title" mb={4}>
        {t('shortcuts')}
      </Title>
      <Stack gap={4}>
        {rows.map(([keys, label]) => (
          <Group key={label} gap={6} wrap="nowrap">
            <Group gap={2} wrap="nowrap">
              {keys.map((k) => (k === '…' ? <Text key={k} size="xs">…</Text> : <Kbd key={k} size="xs">{k}</Kbd>))}
            </Group>
            <Text size="sm">{label}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Candidate({ n, subject, top, score, chosen, onPick }: { n: number; subject: Subject; top: boolean; score: number | null; chosen: boolean; onPick: () => void }) {
  const t = useT(m);
  const f = useFormat();
  return (
    <UnstyledButton
      onClick={onPick}
      aria-pressed={chosen}
      p="xs"
      style={{ border: `2px solid ${chosen ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-border)'}`, borderRadius: 8 }}
    >
      <Group wrap="nowrap" gap="sm">
        <Kbd>{n}</Kbd>
        <Avatar src={subject.reference_photo_url} alt="" size={64} radius="sm" />
        <Stack gap={0}>
          <Text fw={500}>{subject.name}</Text>
          <Text size="sm" c="dimmed">
            {subject.student_id}
            {subject.class_name ? ` · ${subject.class_name}` : ''}
          </Text>
          {top ? (
            <Text size="sm" fw={700} mt={2}>
              {t('suggested')}
              {score !== null ? ` · ${f.number(score, { maximumFractionDigits: 3 })}` : ''}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

export function ReviewPage() {
  const t = useT(m);
  const { locale } = useLocale();
  const { account } = useSession();
  const qc = useQueryClient();
  const { agencyId, jobId, matchJobId } = useMatchParams();
  const match = useMatchJob(matchJobId);
  const subjects = useSubjects(agencyId);
  const [params, setParams] = useSearchParams();
  const [saving, setSaving] = useState<Record<number, Review>>({});
  const [announce, setAnnounce] = useState('');
  const photoRef = useRef<HTMLDivElement>(null);
  const base = `/admin/studio/agencies/${agencyId}/jobs/${jobId}/matches/${matchJobId}`;

  const items = useMemo(() => (match.data?.results ?? []).filter((r) => r.status === 'needs_review'), [match.data]);
  const decided = (r: MatchResult) => saving[r.file_id] ?? r.review;
  const fileParam = Number(params.get('file'));
  const index = Math.max(0, items.findIndex((r) => r.file_id === fileParam));
  const current: MatchResult | undefined = items.find((r) => r.file_id === fileParam) ?? items.find((r) => !decided(r)) ?? items[0];
  const currentIndex = current ? items.indexOf(current) : index;
  const reviewed = items.filter((r) => decided(r)).length;
  const all = subjects.data ?? [];
  const candidates = useMemo(() => {
    if (!current) return [];
    const top = all.find((s) => s.id === current.subject_id);
    return [...(top ? [top] : []), ...all.filter((s) => s.id !== current.subject_id)].slice(0, 9);
  }, [all, current]);

  const go = useCallback(
    (fileId: number | undefined) => {
      if (fileId !== undefined) setParams({ file: String(fileId) }, { replace: true });
      requestAnimationFrame(() => photoRef.current?.focus());
    },
    [setParams],
  );

  const decide = useCallback(
    (item: MatchResult, subjectId: number | null) => {
      const who = subjectId === null ? null : all.find((s) => s.id === subjectId);
      const optimistic: Review = { decision: subjectId === null ? 'rejected' : subjectId === item.subject_id ? 'confirmed' : 'reassigned', subject_id: subjectId, student_id: who?.student_id ?? null, reviewed_at: new Date().toISOString() };
      setSaving((s) => ({ ...s, [item.file_id]: optimistic }));
      const next = items.slice(items.indexOf(item) + 1).find((r) => !decided(r)) ?? items.find((r) => r !== item && !decided(r));
      go(next?.file_id ?? item.file_id);
      account
        .post('/services/studio/matching/jobs/{matchJobId}/reviews', { params: { path: { matchJobId } }, body: { file_id: item.file_id, subject_id: subjectId } })
        .then((saved) => {
          const r = saved as Review & { file_id: number };
          qc.setQueryData<MatchJob>(['studio', 'match', matchJobId], (old) => (old ? { ...old, results: old.results?.map((x) => (x.file_id === r.file_id ? { ...x, review: { decision: r.decision, subject_id: r.subject_id, student_id: r.student_id, reviewed_at: r.reviewed_at } } : x)) } : old));
          setSaving((s) => without(s, item.file_id));
          setAnnounce(t('savedDecision', { file: item.filename, decision: t(`decision_${r.decision}`), who: who?.name ?? t('nobody') }));
        })
        .catch((err: unknown) => {
          setSaving((s) => without(s, item.file_id));
          notifyError(err, t('saveFailed', { file: item.filename }));
          go(item.file_id);
        });
    },
    [account, all, go, items, matchJobId, qc, saving, t],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!current || e.altKey || e.ctrlKey || e.metaKey) return;
      const el = e.target as HTMLElement;
      if (el.closest('input, textarea, select, [role="listbox"], [role="combobox"]')) return;
      if ((e.key === 'Enter' || e.key === ' ') && el.closest('button, a')) return;
      const rtl = locale === 'he';
      const k = e.key.toLowerCase();
      const move = (d: number) => go(items[Math.min(items.length - 1, Math.max(0, currentIndex + d))]?.file_id);
      if (k === 'enter' || k === 'y') {
        if (candidates[0]) decide(current, candidates[0].id);
      } else if (/^[1-9]$/.test(k)) {
        const c = candidates[Number(k) - 1];
        if (c) decide(current, c.id);
      } else if (k === '0' || k === 'x') decide(current, null);
      else if (k === 'n' || k === 'arrowdown' || k === (rtl ? 'arrowleft' : 'arrowright')) move(1);
      else if (k === 'p' || k === 'arrowup' || k === (rtl ? 'arrowright' : 'arrowleft')) move(-1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [candidates, current, currentIndex, decide, go, items, locale]);

  // the photo region has the focus when the page opens, so the keys work at once
  const loaded = Boolean(match.data && subjects.data);
  useEffect(() => {
    if (loaded) photoRef.current?.focus();
  }, [loaded]);

  const choice = current ? decided(current) : null;
  return (
    <Guard loading={match.isLoading || subjects.isLoading} error={match.error ?? subjects.error}>
      <Crumbs label={t('breadcrumbs')} items={[{ to: '/admin/studio', label: t('title') }, { to: base, label: t('matchJob', { id: matchJobId }) }, { label: t('reviewTitle') }]} />
      <PageHeader title={t('reviewTitle')} description={t('reviewIntro')} />
      <Text aria-live="polite" role="status" size="sm" c="dimmed" mb="xs">
        {announce || t('reviewedOf', { n: reviewed, total: items.length })}
      </Text>
      <Progress value={items.length ? (reviewed / items.length) * 100 : 0} aria-label={t('reviewProgress')} mb="md" />
      {items.length > 0 && reviewed === items.length ? (
        <Group mb="md" gap="sm">
          <Text fw={500}>{t('allReviewed')}</Text>
          <Anchor component={Link} to={base}>
            {t('backToMatch')}
          </Anchor>
        </Group>
      ) : null}
      {!current ? (
        <Paper withBorder p="lg">
          <Text>{t('nothingToReview')}</Text>
          <Anchor component={Link} to={base}>
            {t('backToMatch')}
          </Anchor>
        </Paper>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <div ref={photoRef} tabIndex={-1} role="group" aria-labelledby="review-photo-title" aria-describedby="review-photo-state" style={{ outlineOffset: 4 }}>
              <Title order={2} size="h4" id="review-photo-title" mb="xs">
                {t('photoOf', { n: currentIndex + 1, total: items.length, file: current.filename })}
              </Title>
              {current.file_url ? <Image src={current.file_url} alt={t('photoAlt', { file: current.filename })} radius="md" mah={420} fit="contain" /> : null}
              <Text id="review-photo-state" mt="xs" size="sm">
                {choice ? t('decidedAs', { decision: t(`decision_${choice.decision}`), who: all.find((s) => s.id === choice.subject_id)?.name ?? t('nobody') }) : t('undecided')}
              </Text>
            </div>
            <Group mt="sm">
              <Button variant="default" onClick={() => go(items[Math.max(0, currentIndex - 1)]?.file_id)} disabled={currentIndex === 0}>
                {t('previous')}
              </Button>
              <Button variant="default" onClick={() => go(items[Math.min(items.length - 1, currentIndex + 1)]?.file_id)} disabled={currentIndex >= items.length - 1}>
                {t('next')}
              </Button>
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Title order={2} size="h4" mb="xs">
              {t('candidates')}
            </Title>
            <Stack gap="xs">
              {candidates.map((s, i) => (
                <Candidate key={s.id} n={i + 1} subject={s} top={s.id === current.subject_id} score={current.similarity} chosen={choice?.subject_id === s.id} onPick={() => decide(current, s.id)} />
              ))}
              <Button variant="light" color="gray" onClick={() => decide(current, null)} aria-pressed={choice?.decision === 'rejected'}>
                {t('nobodyButton')}
              </Button>
              {all.length > 9 ? (
                <Select label={t('otherSubject')} searchable data={all.map((s) => ({ value: String(s.id), label: `${s.name} (${s.student_id})` }))} value={null} onChange={(v) => v && decide(current, Number(v))} />
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Shortcuts />
          </Grid.Col>
        </Grid>
      )}
    </Guard>
  );
}
