/** One API key: its record, rotation with a grace period, revocation with confirmation, its audit trail. */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { CursorList } from '../../components/CursorList.tsx';
import { ConfirmButton, EmptyState, PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { findKey, STATUS_COLOR, useKeyApi, type ApiKey, type KeyApi, type KeyScope } from './keys-api.ts';
import { RotateWithGrace, SecretOnce } from './shared.tsx';

export function KeyDetail({ scope }: { scope: KeyScope }) {
  const t = useT(m);
  const f = useFormat();
  const { key: uuid = '' } = useParams();
  const api = useKeyApi(scope);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [secret, setSecret] = useState<{ key: string; uuid: string } | null>(null);
  const record = useQuery({ queryKey: [...api.queryKey, 'one', uuid], queryFn: ({ signal }) => findKey(api, uuid, signal) });
  const k = record.data;
  if (record.isPending) return <Loader aria-label={t('details')} />;
  if (record.isError) return <Alert color="red" role="alert">{errorMessage(record.error)}</Alert>;
  if (!k) return <EmptyState title={t('notFound')} body="" action={<Anchor component={Link} to=".." relative="path">{t('back')}</Anchor>} />;
  const refresh = () => qc.invalidateQueries({ queryKey: api.queryKey });
  const row = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{value}</Text>
    </div>
  );
  return (
    <>
      <Anchor component={Link} to=".." relative="path" size="sm">
        {t('back')}
      </Anchor>
      <PageHeader
        title={k.name}
        actions={
          <>
            {k.status === 'active' && <RotateButton api={api} k={k} onRotated={(key, next) => setSecret({ key, uuid: next })} />}
            {k.status !== 'revoked' && (
              <ConfirmButton
                title={t('revokeTitle', { name: k.name })}
                body={t('revokeBody')}
                confirmLabel={t('revoke')}
                onConfirm={async () => {
                  try {
                    await api.revoke(k.uuid);
                    notifySuccess(t('revoked'));
                    await refresh();
                  } catch (err) {
                    notifyError(err, t('revoke'));
                  }
                }}
              >
                {t('revoke')}
              </ConfirmButton>
            )}
          </>
        }
      />
      <Paper withBorder p="md" mb="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {row(t('status'), <Badge color={STATUS_COLOR[k.status]} variant="dot" data-testid="key-status">{t(`status_${k.status}`)}</Badge>)}
          {row(t('kind'), t(`kind_${k.kind}`))}
          {row(t('prefix'), <Text ff="monospace">{`${k.prefix}…${k.last4}`}</Text>)}
          {row(t('scopes'), k.scopes.join(' ') || '—')}
          {row(t('origins'), k.allowed_origins.join(', ') || t('any'))}
          {row(t('ips'), k.allowed_ips.join(', ') || t('any'))}
          {row(t('expires'), k.expires_at ? f.date(k.expires_at) : t('never'))}
          {row(t('created'), f.date(k.created_at))}
          {k.grace_until && row(t('graceUntil'), f.date(k.grace_until))}
          {k.revoked_at && row(t('revokedAt'), f.date(k.revoked_at))}
          {k.rotated_from && row(t('rotatedFrom'), <Anchor component={Link} to={`../${k.rotated_from}`} relative="path">{k.rotated_from.slice(0, 8)}</Anchor>)}
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h3" mb="sm">
        {t('events')}
      </Title>
      <CursorList
        queryKey={[...api.queryKey, 'events', k.uuid]}
        caption={t('eventsCaption')}
        searchable={false}
        load={({ cursor, limit, signal }) => api.events(k.uuid, { cursor, limit }, signal)}
        rowKey={(e) => e.id}
        columns={[
          { key: 'event', header: t('event'), render: (e) => <Badge variant="dot" miw="max-content" color={e.event === 'auth_failed' || e.event === 'scope_denied' ? 'red' : 'blue'}>{t(`ev_${e.event}`)}</Badge> },
          { key: 'when', header: t('when'), render: (e) => f.date(e.created_at) },
          { key: 'request', header: t('request'), render: (e) => (e.method ? <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>{`${e.method} ${e.route ?? ''}`}</Text> : '—') },
          { key: 'actor', header: t('actor'), render: (e) => [e.actor ? `${e.actor.type} ${e.actor.id.slice(0, 8)}` : null, e.ip].filter(Boolean).join(' · ') || '—' },
          { key: 'reason', header: t('reason'), render: (e) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{e.reason ?? '—'}</Text> },
        ]}
        empty={<EmptyState title={t('eventsEmptyTitle')} body={t('eventsEmptyBody')} />}
      />
      <SecretOnce
        title={t('secretTitle')}
        label={t('secretLabel')}
        secret={secret?.key ?? null}
        onDone={() => {
          const next = secret?.uuid;
          setSecret(null);
          if (next) navigate(`../${next}`, { relative: 'path' });
        }}
      />
    </>
  );
}

function RotateButton({ api, k, onRotated }: { api: KeyApi; k: ApiKey; onRotated: (key: string, uuid: string) => void }) {
  const t = useT(m);
  const qc = useQueryClient();
  return (
    <RotateWithGrace
      text={{ rotate: t('rotate'), title: t('rotateTitle'), body: t('rotateBody'), rotated: t('rotated') }}
      rotate={async (grace) => {
        const res = await api.rotate(k.uuid, grace);
        await qc.invalidateQueries({ queryKey: api.queryKey });
        onRotated(res.key, res.data.uuid);
      }}
    />
  );
}
