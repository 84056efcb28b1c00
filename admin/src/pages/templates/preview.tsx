/**
 * Preview with sample data: one record of values for the template's fields, merged by the print
 * engine exactly as a variable-data job merges (POST /merge-jobs). The merge reads a design, so
 * the template's layers are copied into a design of its side for the job and that design is
 * deleted once the job is over; the result is the job's PDF (shown, and linked).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useT } from '../../app/i18n.tsx';
import { errorMessage } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { EmptyState } from '../../components/ui.tsx';
import { fieldsOf, type Field, type Template } from './data.tsx';
import { m } from './messages.ts';

interface MergeJob {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  pdf_url: string | null;
  pages: number | null;
  error: string | null;
  progress?: { current: number; total: number; percentage: number } | null;
  report?: { details?: Array<{ shrunk?: Array<{ field: string }>; overflow?: Array<{ field: string }> }> } | null;
}

const sampleFor = (f: Field): string => (f.type === 'barcode' ? '012345678905' : f.type === 'qr' ? 'https://example.com' : f.type === 'image' ? '' : f.name);

export function TemplatePreview({ template }: { template: Template }) {
  const t = useT(m);
  const { client } = useStore();
  const fields = fieldsOf(template.layers);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, sampleFor(f)])));
  const [job, setJob] = useState<MergeJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  if (fields.length === 0) {
    return (
      <EmptyState
        title={t('noFieldsTitle')}
        body={t('noFieldsBody')}
        action={
          <Button component={Link} to="..">
            {t('openLayout')}
          </Button>
        }
      />
    );
  }

  const render = async () => {
    setBusy(true);
    setError(null);
    setJob(null);
    let designId: string | null = null;
    try {
      const record = Object.fromEntries(fields.map((f) => [f.name, values[f.name]?.trim() ? values[f.name]!.trim() : null]));
      const design = (await client.post('/designs', { body: { side_id: template.side_id, name: `${template.name} (preview)`, layers: template.layers, viewport_width: template.viewport_width ?? undefined, viewport_height: template.viewport_height ?? undefined } as never })).data;
      designId = design.id;
      let current = (await client.post('/merge-jobs', { body: { design_id: design.id, records: [record], on_error: 'fail', output: 'pdf' } as never })).data as unknown as MergeJob;
      setJob(current);
      while (current.status === 'queued' || current.status === 'processing') {
        await new Promise((r) => setTimeout(r, 600));
        current = (await client.get('/jobs/{id}', { params: { path: { id: current.id } } })).data as unknown as MergeJob;
        if (alive.current) setJob(current);
      }
      if (current.status === 'failed') throw new Error(current.error ?? 'failed');
    } catch (err) {
      if (alive.current) setError(errorMessage(err));
    } finally {
      // the design only carried the layers to the merge
      if (designId) await client.delete('/designs/{id}', { params: { path: { id: designId } } }).catch(() => undefined);
      if (alive.current) setBusy(false);
    }
  };

  const details = job?.report?.details ?? [];
  const shrunk = details.flatMap((d) => d.shrunk ?? []).map((s) => s.field);
  const overflow = details.flatMap((d) => d.overflow ?? []).map((s) => s.field);
  const pct = job ? (job.status === 'completed' ? 100 : (job.progress?.percentage ?? 5)) : 0;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void render();
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('sampleTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('sampleHelp')}
            </Text>
            {fields.map((f) => (
              <TextInput
                key={f.name}
                label={t('valueFor', { name: f.name, type: t(`type.${f.type}`) })}
                description={f.type === 'image' ? t('imageHint') : undefined}
                required={f.required !== false}
                rightSectionWidth={90}
                rightSection={<Badge variant="light" color="gray">{f.required !== false ? t('required') : t('optional')}</Badge>}
                value={values[f.name] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setValues((s) => ({ ...s, [f.name]: v }));
                }}
              />
            ))}
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('render')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Stack gap="sm">
        {busy && <Progress value={pct} animated aria-label={t('progress')} />}
        {error && (
          <Alert color="red" role="alert">
            {t('failed', { message: error })}
          </Alert>
        )}
        {job?.status === 'completed' && job.pdf_url && (
          <Box role="region" aria-label={t('result')} data-testid="preview-result">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                {t('result')}
              </Title>
              <Anchor href={job.pdf_url} target="_blank" rel="noopener" data-pdf-url={job.pdf_url}>
                {t('openPdf')}
              </Anchor>
            </Group>
            {job.pages ? <Text size="sm" c="dimmed">{t('pages', { n: job.pages })}</Text> : null}
            {shrunk.length > 0 && <Text size="sm">{t('shrunk', { fields: shrunk.join(', ') })}</Text>}
            {overflow.length > 0 && <Text size="sm" c="red">{t('overflow', { fields: overflow.join(', ') })}</Text>}
            <iframe src={job.pdf_url} title={t('pdfFrame', { name: template.name })} style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-default-border)', marginTop: 8 }} />
          </Box>
        )}
      </Stack>
    </SimpleGrid>
  );
}
