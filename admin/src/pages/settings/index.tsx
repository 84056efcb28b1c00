/** A store's settings: its fields, its public token, replacing its credentials, deleting it. */
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { ConfirmButton, CopyField, PageHeader } from '../../components/ui.tsx';
import { CredentialsOnce } from '../stores/index.tsx';
import { m } from './messages.ts';

const FIELDS = ['store_name', 'shop_url', 'view_store_url', 'timezone', 'output_profile', 'google_font_api', 'pexels', 'pixabay', 'unsplash'] as const;
type Field = (typeof FIELDS)[number];

function Settings() {
  const t = useT(m);
  const { store, client, account } = useStore();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const initial: Record<Field, string> = {
    store_name: store.name,
    shop_url: store.shop_url ?? '',
    view_store_url: store.view_store_url ?? '',
    timezone: store.timezone ?? '',
    output_profile: store.output_profile ?? '',
    google_font_api: store.google_font_api ?? '',
    pexels: store.pexels_key ?? '',
    pixabay: store.pixabay_key ?? '',
    unsplash: store.unsplash_key ?? '',
  };
  const [values, setValues] = useState(initial);
  const [bgRemove, setBgRemove] = useState(store.editor_background_removal);
  const [busy, setBusy] = useState(false);
  const [creds, setCreds] = useState<{ sid: string; secret: string; unauth_token: string } | null>(null);
  const field = (k: Field, label: string, extra: { description?: string; type?: string; required?: boolean } = {}) => (
    <TextInput label={label} {...extra} value={values[k]} onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [k]: value }));
      }} />
  );
  const save = async () => {
    setBusy(true);
    try {
      const body: Record<string, string | boolean | null> = {};
      for (const k of FIELDS) if (values[k] !== initial[k]) body[k] = k === 'store_name' ? values[k].trim() : values[k].trim() || null;
      if (bgRemove !== store.editor_background_removal) body.editor_background_removal = bgRemove;
      await account.put('/stores/{store}', { params: { path: { store: store.id } }, body });
      notifySuccess(t('saved'));
      await queries.invalidateQueries({ queryKey: ['store', store.id] });
      await queries.invalidateQueries({ queryKey: ['stores'] });
    } catch (err) {
      notifyError(err, t('save'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={t('title')} actions={<Badge variant="light">{t('plan', { tier: store.tier })}</Badge>} />
      <Stack gap="xl" maw={860}>
        <Paper withBorder p="md" component="section" aria-labelledby="h-general">
          <Title order={2} size="h4" id="h-general" mb="sm">
            {t('general')}
          </Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('store_name', t('storeName'), { required: true })}
              {field('timezone', t('timezone'))}
              {field('shop_url', t('shopUrl'), { type: 'url' })}
              {field('view_store_url', t('viewStoreUrl'), { type: 'url' })}
              {field('output_profile', t('outputProfile'), { description: t('outputProfileHelp') })}
              {field('google_font_api', 'Google Fonts API key')}
            </SimpleGrid>
            <Divider my="md" label={t('photoKeys')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {field('unsplash', 'Unsplash')}
              {field('pexels', 'Pexels')}
              {field('pixabay', 'Pixabay')}
            </SimpleGrid>
            <Divider my="md" label={t('editor')} labelPosition="left" />
            <Switch label={t('bgRemove')} description={t('bgRemoveHelp')} checked={bgRemove} onChange={(e) => setBgRemove(e.currentTarget.checked)} />
            <Group justify="flex-end" mt="md">
              <Button type="submit" loading={busy}>
                {t('save')}
              </Button>
            </Group>
          </form>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="h-creds">
          <Title order={2} size="h4" id="h-creds" mb="xs">
            {t('credentials')}
          </Title>
          <Text c="dimmed" mb="sm">
            {t('credentialsBody')}
          </Text>
          <Stack>
            <CopyField label={t('sid')} value={store.sid ?? ''} />
            <CopyField label={t('publicToken')} value={store.unauth_token ?? ''} />
            <Group>
              <ConfirmButton
                title={t('revokeTitle')}
                body={t('revokeBody')}
                confirmLabel={t('revokeConfirm')}
                onConfirm={async () => {
                  try {
                    const res = await client.put('/stores/token-revoke');
                    setCreds(res.data);
                  } catch (err) {
                    notifyError(err, t('revoke'));
                  }
                }}
              >
                {t('revoke')}
              </ConfirmButton>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="h-danger">
          <Title order={2} size="h4" id="h-danger" mb="xs">
            {t('danger')}
          </Title>
          <Text c="dimmed" mb="sm">
            {t('deleteBody')}
          </Text>
          <ConfirmButton
            title={t('deleteTitle', { name: store.name })}
            body={t('deleteBody')}
            confirmLabel={t('deleteConfirm')}
            onConfirm={async () => {
              try {
                await account.delete('/stores/{store}', { params: { path: { store: store.id } } });
                notifySuccess(t('deleted'));
                localStorage.removeItem('folio.admin.store');
                await queries.invalidateQueries({ queryKey: ['stores'] });
                navigate('/admin/stores');
              } catch (err) {
                notifyError(err, t('danger'));
              }
            }}
          >
            {t('deleteConfirm')}
          </ConfirmButton>
        </Paper>
      </Stack>
      <CredentialsOnce
        creds={creds}
        onDone={async () => {
          setCreds(null);
          // the sid changed: read the store again so the pages act with the new one
          await queries.invalidateQueries({ queryKey: ['store', store.id] });
        }}
      />
    </>
  );
}

export default function StoreSettings() {
  return (
    <Routes>
      <Route index element={<Settings />} />
    </Routes>
  );
}
