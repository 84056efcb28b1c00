/** The account's stores: the list, and a new store whose credentials are shown once. */
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { Alert, Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { CopyField, Dialog, EmptyState, PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';

interface Created {
  id: string;
  name: string;
  sid: string;
  secret: string;
  unauth_token: string;
}

/** The credentials of a store, once: after creation or after replacing them. */
export function CredentialsOnce({ creds, onDone }: { creds: { sid: string; secret: string; unauth_token: string } | null; onDone: () => void }) {
  const t = useT(m);
  return (
    <Dialog opened={creds !== null} onClose={onDone} title={t('credsTitle')} size="lg" closeOnClickOutside={false}>
      {creds && (
        <Stack>
          <Alert color="yellow">{t('credsOnce')}</Alert>
          <CopyField label={t('sid')} value={creds.sid} />
          <CopyField label={t('secret')} value={creds.secret} />
          <CopyField label={t('publicToken')} value={creds.unauth_token} />
          <Group justify="flex-end">
            <Button onClick={onDone}>{t('saved')}</Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

function StoreList() {
  const t = useT(m);
  const f = useFormat();
  const { account, session } = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const create = async () => {
    setBusy(true);
    try {
      const res = await account.post('/stores', { body: { store_name: name.trim() }, params: { query: { include: 'credentials' } } });
      const d = res.data as unknown as Created;
      notifySuccess(t('created_ok', { name: d.name }));
      setName('');
      setCreated(d);
      await queries.invalidateQueries({ queryKey: ['stores'] });
    } catch (err) {
      notifyError(err, t('create'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={t('title')} />
      <form
        aria-label={t('new')}
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Group align="flex-end" mb="lg">
          <TextInput label={t('storeName')} required maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} w={320} />
          <Button type="submit" loading={busy} disabled={!name.trim()}>
            {t('create')}
          </Button>
        </Group>
      </form>
      <CursorList
        queryKey={['stores-list', session?.user.id]}
        caption={t('caption')}
        load={({ cursor, search, limit, signal }) => account.get('/stores', { params: { query: { cursor, search, limit } }, signal })}
        rowKey={(s) => s.id}
        columns={[
          { key: 'name', header: t('name'), render: (s) => <RowLink to={`/admin/s/${s.id}/products`}>{s.name}</RowLink> },
          { key: 'plan', header: t('plan'), render: (s) => <Badge variant="light">{s.tier}</Badge> },
          { key: 'created', header: t('created'), render: (s) => f.date(s.created_at) },
        ]}
        empty={<EmptyState title={t('emptyTitle')} body={t('emptyBody')} />}
      />
      <CredentialsOnce
        creds={created}
        onDone={() => {
          const id = created?.id;
          setCreated(null);
          if (id) navigate(`/admin/s/${id}/products`);
        }}
      />
    </>
  );
}

export default function Stores() {
  return (
    <Routes>
      <Route index element={<StoreList />} />
    </Routes>
  );
}
