/** Pieces the developer pages share: the plan gate, the secret shown once, the area's navigation. */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PlanGateError } from '@folio/sdk';
import { useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { CopyField, Dialog as DevModal } from '../../components/ui.tsx';
import { m } from './messages.ts';

export interface Gate {
  tier: string;
  url: string | null;
  message?: string;
}

/** Whether the store's plan has a capability (`api_keys`, `webhooks`); when not, the tier and upgrade link. */
export function useCapability(capability: string): Gate | null {
  const { store, client } = useStore();
  const caps = useQuery({
    queryKey: ['capabilities', store.id],
    queryFn: async ({ signal }) => (await client.get('/account/capabilities', { signal })).data,
    staleTime: 60_000,
  });
  const d = caps.data;
  if (!d || d.entitlement.capabilities[capability] !== false) return null;
  const needed = Object.entries(d.matrix).find(([, row]) => row.capabilities[capability])?.[0];
  return { tier: d.entitlement.tier, url: (needed && d.cta[needed]?.url) || null };
}

/** A 402 from the API as a gate (its message, tier and call to action). */
export function gateOf(err: unknown): Gate | null {
  return err instanceof PlanGateError ? { tier: err.currentTier ?? '', url: err.cta?.url ?? null, message: err.message } : null;
}

/** The plan gate, said plainly, with the API's link to upgrade. */
export function PlanGate({ gate, what }: { gate: Gate; what: string }) {
  const t = useT(m);
  return (
    <Alert color="yellow" title={t('planTitle')} mb="md" role="status" data-testid="plan-gate" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <Stack gap="xs">
        <Text size="sm">{gate.message ?? t('planBody', { tier: gate.tier, what })}</Text>
        {gate.url && (
          <Anchor href={gate.url} target="_blank" rel="noopener" fw={600}>
            {t('planCta')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

const GRACES = [
  { value: '0', key: 'grace0' },
  { value: '3600', key: 'grace1h' },
  { value: '86400', key: 'grace1d' },
  { value: '604800', key: 'grace7d' },
] as const;

/**
 * Rotation with a grace period (an API key, a webhook's signing secret): a button opening a
 * dialog that chooses how long the old secret keeps working (a day unless changed), then
 * `rotate(seconds)`; a refusal is a toast with the API's message and the dialog stays open.
 */
export function RotateWithGrace({ text, rotate }: { text: { rotate: string; title: string; body: string; rotated: string }; rotate: (graceSeconds: number) => Promise<void> }) {
  const t = useT(m);
  const [open, setOpen] = useState(false);
  const [grace, setGrace] = useState('86400');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {text.rotate}
      </Button>
      <DevModal opened={open} onClose={() => setOpen(false)} title={text.title}>
        <form
          aria-label={text.title}
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              await rotate(Number(grace));
              notifySuccess(text.rotated);
              setOpen(false);
            } catch (err) {
              notifyError(err, text.rotate);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack>
            <Text>{text.body}</Text>
            <Select label={t('grace')} data={GRACES.map((g) => ({ value: g.value, label: t(g.key) }))} value={grace} onChange={(v) => v && setGrace(v)} allowDeselect={false} />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {text.rotate}
              </Button>
            </Group>
          </Stack>
        </form>
      </DevModal>
    </>
  );
}

/** The shared dialog (components/ui.tsx), by the name these pages use. */
export { DevModal };

/** A secret the API gives once (a new key, a webhook's signing secret): copy it now. */
export function SecretOnce({ title, label, secret, onDone }: { title: string; label: string; secret: string | null; onDone: () => void }) {
  const t = useT(m);
  return (
    <DevModal opened={secret !== null} onClose={onDone} title={title} size="lg" closeOnClickOutside={false}>
      {secret && (
        <Stack>
          <Alert color="yellow" role="alert">
            {t('secretOnce')}
          </Alert>
          <CopyField label={label} value={secret} />
          <Group justify="flex-end">
            <Button onClick={onDone}>{t('secretDone')}</Button>
          </Group>
        </Stack>
      )}
    </DevModal>
  );
}

const SECTIONS = ['keys', 'account-keys', 'webhooks', 'integrations'] as const;
const LABEL = { keys: 'storeKeys', 'account-keys': 'accountKeys', webhooks: 'webhooks', integrations: 'integrations' } as const;

/** The area's sections as links (each has its URL); the current one is marked. */
export function DevNav() {
  const t = useT(m);
  const { store } = useParams();
  const { pathname } = useLocation();
  const base = `/admin/s/${store}/developers`;
  return (
    <Group component="nav" aria-label={t('nav')} gap="xs" mb="lg" wrap="wrap">
      {SECTIONS.map((s) => {
        const current = pathname === `${base}/${s}` || pathname.startsWith(`${base}/${s}/`);
        return (
          <Button key={s} component={Link} to={`${base}/${s}`} variant={current ? 'filled' : 'default'} aria-current={current ? 'page' : undefined}>
            {t(LABEL[s])}
          </Button>
        );
      })}
    </Group>
  );
}

/** Lines of a textarea as a list (blank lines dropped). */
export const lines = (s: string): string[] =>
  s
    .split(/[\n,]/)
    .map((x) => x.trim())
    .filter(Boolean);
