/**
 * Pieces the asset pages share: an upload button with a progress bar (admin/src/app/upload.ts),
 * a thumbnail grid over one of the API's cursor lists (search as you type and `?cursor=` in the
 * URL, as CursorList does for tables), and an optimistic delete that puts the item back and
 * toasts the API's message when the API refuses.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, FileButton, Group, Image, Loader, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { IconUpload } from '@tabler/icons-react';
import { useT } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { useStore } from '../../app/store.tsx';
import { upload } from '../../app/upload.ts';
import { cursorOf, useListParams, type ListAnswer, type LoadArgs } from '../../components/CursorList.tsx';
import { ConfirmButton } from '../../components/ui.tsx';
import { m } from './messages.ts';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A file button that uploads to `path` (multipart `file` + `fields`), with a progress bar while it goes. */
export function UploadButton({ path, label, accept, fields, onUploaded }: { path: string; label: string; accept: string; fields?: Record<string, string | string[]>; onUploaded: () => void }) {
  const t = useT(m);
  const { session } = useSession();
  const { sid } = useStore();
  const [busy, setBusy] = useState<{ name: string; pct: number } | null>(null);
  const reset = useRef<() => void>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    setBusy({ name: file.name, pct: 0 });
    const form = new FormData();
    for (const [k, v] of Object.entries(fields ?? {})) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    form.append('file', file, file.name);
    try {
      await upload({ path, jwt: session?.jwt ?? '', sid, form, onProgress: (f) => setBusy({ name: file.name, pct: Math.round(f * 100) }) });
      notifySuccess(t('uploaded', { name: file.name }));
      onUploaded();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
      reset.current?.();
    }
  };

  return (
    <Stack gap={4} w={{ base: '100%', sm: 320 }} mb="sm">
      <FileButton onChange={(f) => void send(f)} accept={accept} resetRef={reset} disabled={busy !== null}>
        {(props) => (
          <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={busy !== null}>
            {label}
          </Button>
        )}
      </FileButton>
      {busy && (
        <>
          <Progress value={busy.pct} aria-label={t('progress', { name: busy.name })} animated />
          <Text size="xs" c="dimmed" role="status">
            {t('uploading', { name: busy.name, pct: busy.pct })}
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * Deletes an item of the lists under `prefix` at once (optimistic), then asks the API; a
 * refusal puts the lists back as they were and shows the API's message.
 */
export function useRemove(prefix: QueryKey) {
  const qc = useQueryClient();
  const t = useT(m);
  return async (id: string, name: string, call: () => Promise<unknown>) => {
    const before = qc.getQueriesData<ListAnswer<{ id: string }>>({ queryKey: prefix });
    qc.setQueriesData<ListAnswer<{ id: string }>>({ queryKey: prefix }, (old) => (old?.data ? { ...old, data: old.data.filter((x) => x.id !== id) } : old));
    try {
      await call();
      notifySuccess(t('deleted', { name }));
    } catch (err) {
      for (const [key, data] of before) qc.setQueryData(key, data);
      notifyError(err);
    } finally {
      void qc.invalidateQueries({ queryKey: prefix });
    }
  };
}

/** A delete button that asks first, naming the item. */
export function DeleteButton({ name, body, onDelete }: { name: string; body: string; onDelete: () => Promise<void> }) {
  const t = useT(m);
  return (
    <ConfirmButton size="xs" aria-label={t('deleteNamed', { name })} title={t('deleteTitle', { name })} body={body} confirmLabel={t('delete')} onConfirm={onDelete}>
      {t('delete')}
    </ConfirmButton>
  );
}

export interface GridItem {
  id: string;
  name: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  url: string;
  thumbnails: { small: string | null; medium: string | null };
}

/** Thumbnails of a cursor list, with search as you type and the API's cursors in the URL. */
export function AssetGrid<T extends GridItem>({ queryKey, load, label, empty, filters, actions }: { queryKey: readonly unknown[]; load: (a: LoadArgs) => Promise<ListAnswer<T>>; label: string; empty: ReactNode; filters?: ReactNode; actions?: (item: T) => ReactNode }) {
  const t = useT(m);
  const { q, cursor, text, setText, go } = useListParams();
  const query = useQuery({ queryKey: [...queryKey, { q, cursor }], queryFn: ({ signal }) => load({ cursor, search: q || undefined, limit: 24, signal }), placeholderData: keepPreviousData });
  const rows = query.data?.data ?? [];
  const next = cursorOf(query.data?.links.next);
  const prev = cursorOf(query.data?.links.prev);
  return (
    <section aria-label={label}>
      <Group mb="sm" gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="search" label={t('search')} value={text} onChange={(e) => setText(e.currentTarget.value)} w={260} />
        {filters}
      </Group>
      {query.isError && (
        <Alert color="red" role="alert" mb="sm">
          {t('failed', { message: errorMessage(query.error) })}{' '}
          <Button size="xs" variant="subtle" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Group>
      ) : rows.length === 0 && !query.isError ? (
        empty
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" aria-busy={query.isFetching} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((item) => (
            <Card key={item.id} withBorder padding="xs" component="li" data-item-id={item.id}>
              <Card.Section>
                <Image src={item.thumbnails.small ?? item.thumbnails.medium ?? item.url} alt={item.name} h={120} fit="contain" bg="gray.1" loading="lazy" />
              </Card.Section>
              <Text size="sm" fw={500} mt="xs" truncate title={item.name}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(item.size_bytes)}
                {item.width && item.height ? ` · ${item.width} × ${item.height}` : ''}
              </Text>
              {actions && (
                <Group mt="xs" gap="xs">
                  {actions(item)}
                </Group>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
      {(next || prev || cursor) && (
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" disabled={!prev && !cursor} onClick={() => go(prev)}>
            {t('prev')}
          </Button>
          <Button variant="default" disabled={!next} onClick={() => go(next)}>
            {t('next')}
          </Button>
        </Group>
      )}
    </section>
  );
}
