/** One webhook endpoint: edit it, pause or resume it, rotate its secret, delete it, and its delivery log with redelivery. */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { ConfirmButton, PageHeader } from '../../components/ui.tsx';
import { w } from './hooks-messages.ts';
import { Deliveries } from './deliveries.tsx';
import { RotateWithGrace, SecretOnce } from './shared.tsx';
import { isTopic, TopicFields, type HookEvent, type Topic, type Webhook } from './webhooks.tsx';

export function WebhookDetail() {
  const t = useT(w);
  const f = useFormat();
  const { id = '' } = useParams();
  const { store, client } = useStore();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const qk = ['webhooks', store.id, 'one', id];
  const hook = useQuery({ queryKey: qk, queryFn: async ({ signal }) => (await client.get('/webhooks/{id}', { params: { path: { id } }, signal })).data });
  const [secret, setSecret] = useState<string | null>(null);
  const h = hook.data;
  if (hook.isPending) return <Loader aria-label={t('edit')} />;
  if (hook.isError || !h) return <Alert color="red" role="alert">{hook.isError ? errorMessage(hook.error) : t('notFound')}</Alert>;

  /** optimistic: the switch moves at once; a refusal puts it back and says why */
  const setEnabled = async (enabled: boolean) => {
    qc.setQueryData<Webhook>(qk, (old) => (old ? { ...old, enabled } : old));
    try {
      const res = await client.put('/webhooks/{id}', { params: { path: { id } }, body: { enabled } });
      qc.setQueryData(qk, res.data);
      void qc.invalidateQueries({ queryKey: ['webhooks', store.id], exact: false, refetchType: 'none' });
    } catch (err) {
      qc.setQueryData<Webhook>(qk, (old) => (old ? { ...old, enabled: !enabled } : old));
      notifyError(err, t('enabledLabel'));
    }
  };

  return (
    <>
      <Anchor component={Link} to=".." relative="path" size="sm">
        {t('back')}
      </Anchor>
      <PageHeader
        title={h.callback_url}
        actions={
          <>
            <RotateSecret id={h.id} onRotated={(s) => setSecret(s)} />
            <ConfirmButton
              title={t('removeTitle')}
              body={t('removeBody')}
              confirmLabel={t('remove')}
              onConfirm={async () => {
                try {
                  await client.delete('/webhooks/{id}', { params: { path: { id } } });
                  notifySuccess(t('removed'));
                  await qc.invalidateQueries({ queryKey: ['webhooks', store.id] });
                  navigate('..', { relative: 'path' });
                } catch (err) {
                  notifyError(err, t('remove'));
                }
              }}
            >
              {t('remove')}
            </ConfirmButton>
          </>
        }
      />
      <Paper withBorder p="md" mb="lg">
        <Stack>
          <Switch label={t('enabledLabel')} checked={h.enabled} onChange={(e) => void setEnabled(e.currentTarget.checked)} />
          {!h.enabled && h.disabled_reason && <Text c="dimmed" size="sm">{t('disabledReason', { reason: h.disabled_reason })}</Text>}
          {h.previous_secret_expires_at && (
            <Text size="sm">
              {t('previousUntil')}: {f.date(h.previous_secret_expires_at)}
            </Text>
          )}
          <EditHook hook={h} onSaved={(next) => qc.setQueryData(qk, next)} />
        </Stack>
      </Paper>
      <Title order={2} size="h3" mb="sm">
        {t('deliveries')}
      </Title>
      <Deliveries hookId={h.id} />
      <SecretOnce title={t('secretTitle')} label={t('secretLabel')} secret={secret} onDone={() => setSecret(null)} />
    </>
  );
}

function EditHook({ hook, onSaved }: { hook: Webhook; onSaved: (h: Webhook) => void }) {
  const t = useT(w);
  const { client } = useStore();
  const [url, setUrl] = useState(hook.callback_url);
  const [topic, setTopic] = useState<Topic>(isTopic(hook.topic) ? hook.topic : 'products');
  const [event, setEvent] = useState<HookEvent>(hook.event as HookEvent);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setUrl(hook.callback_url);
    if (isTopic(hook.topic)) setTopic(hook.topic);
    setEvent(hook.event as HookEvent);
  }, [hook.callback_url, hook.topic, hook.event]);
  const dirty = url !== hook.callback_url || topic !== hook.topic || event !== hook.event;
  return (
    <form
      aria-label={t('edit')}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const res = await client.put('/webhooks/{id}', { params: { path: { id: hook.id } }, body: { callback_url: url.trim(), topic, event } });
          onSaved(res.data);
          notifySuccess(t('saved'));
        } catch (err) {
          setUrl(hook.callback_url);
          notifyError(err, t('save'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Stack>
        <TextInput type="url" label={t('url')} required value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
        <TopicFields
          topic={topic}
          event={event}
          onChange={(tp, ev) => {
            setTopic(tp);
            setEvent(ev);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!dirty}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RotateSecret({ id, onRotated }: { id: string; onRotated: (secret: string) => void }) {
  const t = useT(w);
  const { store, client } = useStore();
  const qc = useQueryClient();
  return (
    <RotateWithGrace
      text={{ rotate: t('rotate'), title: t('rotateTitle'), body: t('rotateBody'), rotated: t('rotated') }}
      rotate={async (grace) => {
        const res = await client.post('/webhooks/{id}/rotate-secret', { params: { path: { id } }, body: { grace_period_seconds: grace } });
        qc.setQueryData(['webhooks', store.id, 'one', id], res.data);
        if (res.data.secret) onRotated(res.data.secret);
      }}
    />
  );
}
