/**
 * Clipart categories (the API's clipart storages): the list with a create form and delete, and
 * one category's page (/assets/cliparts/:category) with its cliparts, upload into it and delete.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { AssetGrid, DeleteButton, UploadButton, useRemove } from './shared.tsx';

const CLIPART_TYPES = 'image/svg+xml,image/png,image/jpeg,image/webp,image/gif,image/tiff';

function CreateCategory({ onCreated }: { onCreated: () => void }) {
  const t = useT(m);
  const { client } = useStore();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        if (!name.trim()) return;
        setBusy(true);
        try {
          const res = await client.post('/clipart-storages', { body: { name: name.trim() } });
          notifySuccess(t('categoryCreated', { name: res.data.name }));
          setName('');
          onCreated();
        } catch (err) {
          notifyError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Group align="flex-end" gap="sm" mb="md">
        <TextInput label={t('categoryName')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={255} w={280} />
        <Button type="submit" loading={busy}>
          {t('createCategory')}
        </Button>
      </Group>
    </form>
  );
}

export function ClipartCategories() {
  const t = useT(m);
  const f = useFormat();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const prefix = ['assets-categories', store.id];
  const remove = useRemove(prefix);
  return (
    <>
      <CreateCategory onCreated={() => void qc.invalidateQueries({ queryKey: prefix })} />
      <CursorList
        queryKey={prefix}
        caption={t('categoriesCaption')}
        load={({ cursor, search, limit, signal }) => client.get('/clipart-storages', { params: { query: { cursor, search, limit, sortBy: 'name', sort: 'asc' } }, signal })}
        rowKey={(c) => c.id}
        columns={[
          { key: 'name', header: t('name'), render: (c) => <RowLink to={c.id}>{c.name}</RowLink> },
          { key: 'created', header: t('created'), render: (c) => f.date(c.created_at) },
          {
            key: 'actions',
            header: t('actions'),
            render: (c) => <DeleteButton name={c.name} body={t('deleteCategoryBody')} onDelete={() => remove(c.id, c.name, () => client.delete('/clipart-storages/{id}', { params: { path: { id: c.id } } }))} />,
          },
        ]}
        empty={<EmptyState title={t('emptyCategoriesTitle')} body={t('emptyCategoriesBody')} />}
      />
    </>
  );
}

export function ClipartCategory() {
  const t = useT(m);
  const { category = '' } = useParams();
  const { store, client } = useStore();
  const qc = useQueryClient();
  // The API has no GET of one category: its name comes from the store's category list.
  const categories = useQuery({
    queryKey: ['assets-categories', store.id, 'all'],
    queryFn: ({ signal }) => client.listAll('/clipart-storages', { query: { limit: 100 }, signal }),
  });
  const name = categories.data?.find((c) => c.id === category)?.name ?? '…';
  const prefix = ['assets-cliparts', store.id, category];
  const remove = useRemove(prefix);
  return (
    <Stack gap="sm">
      <Anchor component={Link} to=".." relative="path" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('allCategories')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {t('clipartsOf', { name })}
        </Title>
        <UploadButton path="/cliparts" label={t('uploadClipart')} accept={CLIPART_TYPES} fields={{ 'storages[]': [category] }} onUploaded={() => void qc.invalidateQueries({ queryKey: prefix })} />
      </Group>
      <AssetGrid
        queryKey={prefix}
        label={t('clipartsOf', { name })}
        load={({ cursor, search, limit, signal }) => client.get('/clipart-storages/{id}/cliparts', { params: { path: { id: category }, query: { cursor, search, limit } }, signal })}
        empty={<EmptyState title={t('emptyClipartsTitle')} body={t('emptyClipartsBody')} />}
        actions={(c) => <DeleteButton name={c.name} body={t('deleteClipartBody')} onDelete={() => remove(c.id, c.name, () => client.delete('/cliparts/{clipart}', { params: { path: { clipart: c.id } } }))} />}
      />
    </Stack>
  );
}
