/** Webhooks: the store's endpoints (search on the URL, cursor pages) and adding one; its secret is shown once. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { w } from './hooks-messages.ts';
import { DevModal, gateOf, PlanGate, SecretOnce, useCapability, type Gate } from './shared.tsx';

export type Webhook = ResponseOf<'/webhooks/{id}', 'get'>['data'];
export type Topic = 'projects' | 'products' | 'designs' | 'templates' | 'sides' | 'jobs' | 'api_keys' | 'mockup_templates' | 'deliveries' | 'project' | 'proofs';
export type HookEvent = 'POST' | 'PUT' | 'DELETE' | 'POST BATCH' | 'PUT BATCH' | 'DELETE BATCH' | 'completed' | 'failed' | 'rotated' | 'revoked' | 'expiring' | 'delivered' | 'received' | 'proof_pending' | 'approved' | 'in_production' | 'printed' | 'shipped' | 'cancelled' | 'on_hold' | 'draft' | 'created';

const CRUD: HookEvent[] = ['POST', 'PUT', 'DELETE', 'POST BATCH', 'PUT BATCH', 'DELETE BATCH'];
/** Each topic's events (docs/webhooks.md); the first is the API's default. */
export const TOPICS: Record<Topic, HookEvent[]> = {
  products: CRUD,
  sides: CRUD,
  templates: CRUD,
  designs: CRUD,
  projects: CRUD,
  mockup_templates: CRUD,
  jobs: ['completed', 'failed'],
  api_keys: ['rotated', 'revoked', 'expiring'],
  project: ['received', 'proof_pending', 'approved', 'in_production', 'printed', 'shipped', 'cancelled', 'on_hold', 'draft'],
  deliveries: ['delivered', 'failed'],
  proofs: ['created'],
};
export const isTopic = (s: string): s is Topic => s in TOPICS;

/** Topic and event pickers; changing the topic picks its first event. */
export function TopicFields({ topic, event, onChange }: { topic: Topic; event: HookEvent; onChange: (topic: Topic, event: HookEvent) => void }) {
  const t = useT(w);
  return (
    <Group grow align="flex-start">
      <Select label={t('topic')} data={Object.keys(TOPICS)} value={topic} onChange={(v) => v && isTopic(v) && onChange(v, TOPICS[v][0]!)} allowDeselect={false} searchable />
      <Select label={t('event')} data={TOPICS[topic]} value={event} onChange={(v) => v && onChange(topic, v as HookEvent)} allowDeselect={false} />
    </Group>
  );
}

export function WebhookList() {
  const t = useT(w);
  const tk = useT(m);
  const f = useFormat();
  const { store, client } = useStore();
  const gate = useCapability('webhooks');
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ secret: string; id: string } | null>(null);
  const navigate = useNavigate();
  const add = (
    <Button onClick={() => setCreating(true)} disabled={gate !== null}>
      {t('newHook')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('title')} description={t('intro')} actions={add} />
      {gate && <PlanGate gate={gate} what={tk('planWebhooks')} />}
      <CursorList
        queryKey={['webhooks', store.id]}
        caption={t('caption')}
        load={({ cursor, search, limit, signal }) => client.get('/webhooks', { params: { query: { cursor, search, limit } }, signal })}
        rowKey={(h) => h.id}
        columns={[
          { key: 'url', header: t('url'), render: (h) => <RowLink to={h.id}>{h.callback_url}</RowLink> },
          { key: 'topic', header: t('topic'), render: (h) => `${h.topic} · ${h.event}` },
          { key: 'state', header: t('state'), render: (h) => <Badge variant="dot" miw="max-content" color={h.enabled ? 'green' : 'gray'}>{t(h.enabled ? 'enabled' : 'disabled')}</Badge> },
          { key: 'created', header: t('created'), render: (h) => f.date(h.created_at) },
        ]}
        empty={<EmptyState title={t('emptyTitle')} body={t('emptyBody')} action={gate ? undefined : add} />}
      />
      <CreateHook
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(h) => {
          setCreating(false);
          if (h.secret) setSecret({ secret: h.secret, id: h.id });
          else navigate(h.id);
        }}
      />
      <SecretOnce
        title={t('secretTitle')}
        label={t('secretLabel')}
        secret={secret?.secret ?? null}
        onDone={() => {
          const id = secret?.id;
          setSecret(null);
          if (id) navigate(id);
        }}
      />
    </>
  );
}

function CreateHook({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (h: Webhook) => void }) {
  const t = useT(w);
  const tk = useT(m);
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [url, setUrl] = useState('');
  const [topic, setTopic] = useState<Topic>('products');
  const [event, setEvent] = useState<HookEvent>('POST');
  const [busy, setBusy] = useState(false);
  const [gate, setGate] = useState<Gate | null>(null);
  return (
    <DevModal opened={opened} onClose={onClose} title={t('createTitle')} size="lg">
      {gate && <PlanGate gate={gate} what={tk('planWebhooks')} />}
      <form
        aria-label={t('createTitle')}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            const res = await client.post('/webhooks', { body: { callback_url: url.trim(), topic, event } });
            await qc.invalidateQueries({ queryKey: ['webhooks', store.id] });
            setUrl('');
            setGate(null);
            onCreated(res.data);
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
          <TextInput type="url" label={t('url')} description={t('urlHelp')} required value={url} onChange={(e) => setUrl(e.currentTarget.value)} data-autofocus />
          <TopicFields
            topic={topic}
            event={event}
            onChange={(tp, ev) => {
              setTopic(tp);
              setEvent(ev);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!url.trim()}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DevModal>
  );
}
