/** API keys: the list (store or account keys) and the creation form; the secret is shown once. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError } from '../../app/notify.ts';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { PUBLISHABLE_DEFAULT, PUBLISHABLE_SCOPES, SCOPES, STATUS_COLOR, useKeyApi, type KeyApi, type KeyKind, type KeyScope } from './keys-api.ts';
import { DevModal, gateOf, lines, PlanGate, SecretOnce, useCapability, type Gate } from './shared.tsx';

export function KeyList({ scope }: { scope: KeyScope }) {
  const t = useT(m);
  const f = useFormat();
  const api = useKeyApi(scope);
  const gate = useCapability('api_keys');
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ key: string; uuid: string } | null>(null);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t(scope === 'store' ? 'storeKeys' : 'accountKeys')}
        description={t(scope === 'store' ? 'storeKeysIntro' : 'accountKeysIntro')}
        actions={
          <Button onClick={() => setCreating(true)} disabled={scope === 'store' && gate !== null}>
            {t('newKey')}
          </Button>
        }
      />
      {scope === 'store' && gate && <PlanGate gate={gate} what={t('planKeys')} />}
      <CursorList
        queryKey={api.queryKey}
        caption={t('caption')}
        load={({ cursor, search, limit, signal }) => api.list({ cursor, search, limit }, signal)}
        rowKey={(k) => k.uuid}
        columns={[
          { key: 'name', header: t('name'), render: (k) => <RowLink to={k.uuid}>{k.name}</RowLink> },
          { key: 'kind', header: t('kind'), render: (k) => t(`kind_${k.kind}`) },
          { key: 'key', header: t('key'), render: (k) => <Text ff="monospace" size="sm">{`${k.prefix}…${k.last4}`}</Text> },
          { key: 'scopes', header: t('scopes'), render: (k) => <Text size="sm">{k.scopes.join(' ')}</Text> },
          { key: 'status', header: t('status'), render: (k) => <Badge color={STATUS_COLOR[k.status]} variant="dot" miw="max-content">{t(`status_${k.status}`)}</Badge> },
          { key: 'expires', header: t('expires'), render: (k) => (k.expires_at ? f.date(k.expires_at) : t('never')) },
          { key: 'created', header: t('created'), render: (k) => f.date(k.created_at) },
        ]}
        empty={<EmptyState title={t('emptyTitle')} body={t('emptyBody')} action={<Button variant="light" onClick={() => setCreating(true)} disabled={scope === 'store' && gate !== null}>{t('newKey')}</Button>} />}
      />
      <CreateKey
        api={api}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key, uuid) => {
          setCreating(false);
          setSecret({ key, uuid });
        }}
      />
      <SecretOnce
        title={t('secretTitle')}
        label={t('secretLabel')}
        secret={secret?.key ?? null}
        onDone={() => {
          const uuid = secret?.uuid;
          setSecret(null);
          if (uuid) navigate(uuid);
        }}
      />
    </>
  );
}

function CreateKey({ api, opened, onClose, onCreated }: { api: KeyApi; opened: boolean; onClose: () => void; onCreated: (key: string, uuid: string) => void }) {
  const t = useT(m);
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<KeyKind>('store_secret');
  const [scopes, setScopes] = useState<string[]>([...SCOPES]);
  const [origins, setOrigins] = useState('');
  const [ips, setIps] = useState('');
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);
  const [gate, setGate] = useState<Gate | null>(null);
  const publishable = api.scope === 'store' && kind === 'store_publishable';
  const reset = () => {
    setName('');
    setKind('store_secret');
    setScopes([...SCOPES]);
    setOrigins('');
    setIps('');
    setExpiry('');
    setGate(null);
  };
  return (
    <DevModal opened={opened} onClose={onClose} title={t('createTitle')} size="lg">
      {gate && <PlanGate gate={gate} what={t('planKeys')} />}
      <form
        aria-label={t('createTitle')}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            const res = await api.create({
              name: name.trim(),
              ...(api.scope === 'store' ? { kind } : {}),
              scopes,
              allowed_origins: lines(origins),
              allowed_ips: lines(ips),
              expires_at: expiry ? new Date(expiry).toISOString() : null,
            });
            await qc.invalidateQueries({ queryKey: api.queryKey });
            reset();
            onCreated(res.key, res.data.uuid);
          } catch (err) {
            const g = gateOf(err);
            if (g) setGate(g);
            else notifyError(err, t('createTitle'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <TextInput label={t('name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          {api.scope === 'store' && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="key-kind-label">
                {t('kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="key-kind-label"
                value={kind}
                onChange={(v) => {
                  setKind(v as KeyKind);
                  setScopes(v === 'store_publishable' ? [...PUBLISHABLE_DEFAULT] : [...SCOPES]);
                }}
                data={[
                  { value: 'store_secret', label: t('kind_store_secret') },
                  { value: 'store_publishable', label: t('kind_store_publishable') },
                ]}
              />
            </Stack>
          )}
          <Checkbox.Group label={t('scopes')} value={scopes} onChange={setScopes} description={publishable ? t('publishableScopes') : undefined}>
            <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
              {SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={s} disabled={publishable && !PUBLISHABLE_SCOPES.includes(s)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Textarea label={t('origins')} description={t('originsHelp')} value={origins} onChange={(e) => setOrigins(e.currentTarget.value)} autosize minRows={2} />
          <Textarea label={t('ips')} description={t('ipsHelp')} value={ips} onChange={(e) => setIps(e.currentTarget.value)} autosize minRows={2} />
          <TextInput type="datetime-local" label={t('expiry')} description={t('expiryHelp')} value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!name.trim()}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DevModal>
  );
}
