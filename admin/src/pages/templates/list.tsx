/** Templates: the list (search as you type, cursor pages, the side and product of each) and deleting one. */
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { templatesList } from '../../app/lists.ts';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { ConfirmButton, EmptyState, PageHeader } from '../../components/ui.tsx';
import { fieldsOf, SideLabel, type Template } from './data.tsx';
import { m } from './messages.ts';

export function DeleteTemplate({ template, onDone, size = 'sm' }: { template: Pick<Template, 'id' | 'name'>; onDone?: () => void; size?: 'xs' | 'sm' }) {
  const t = useT(m);
  const { store, client } = useStore();
  const qc = useQueryClient();
  return (
    <ConfirmButton
      size={size}
      aria-label={t('deleteRow', { name: template.name })}
      title={t('deleteTitle', { name: template.name })}
      body={t('deleteBody')}
      confirmLabel={t('deleteConfirm')}
      onConfirm={async () => {
        try {
          await client.delete('/templates/{id}', { params: { path: { id: template.id } } });
        } catch (err) {
          notifyError(err);
          return;
        }
        notifySuccess(t('deleted', { name: template.name }));
        qc.removeQueries({ queryKey: ['template', store.id, template.id] });
        await qc.invalidateQueries({ queryKey: ['templates', store.id] });
        onDone?.();
      }}
    >
      {t('delete')}
    </ConfirmButton>
  );
}

export function TemplateList() {
  const t = useT(m);
  const f = useFormat();
  const { store, client } = useStore();
  const newButton = (
    <Button component={Link} to="new" leftSection={<IconPlus size={16} aria-hidden />}>
      {t('new')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={newButton} />
      <CursorList
        {...templatesList(store.id, client)}
        caption={t('caption')}
        rowKey={(tpl) => tpl.id}
        columns={[
          { key: 'name', header: t('name'), render: (tpl) => <RowLink to={tpl.id}>{tpl.name}</RowLink> },
          { key: 'side', header: t('side'), render: (tpl) => <SideLabel sideId={tpl.side_id} /> },
          { key: 'fields', header: t('fields'), render: (tpl) => fieldsOf(tpl.layers).map((x) => x.name).join(', ') || '—' },
          { key: 'updated', header: t('updated'), render: (tpl) => f.date(tpl.updated_at) },
          { key: 'actions', header: t('actions'), render: (tpl) => <DeleteTemplate template={tpl} size="xs" /> },
        ]}
        empty={<EmptyState title={t('emptyTitle')} body={t('emptyBody')} action={newButton} />}
      />
    </>
  );
}
