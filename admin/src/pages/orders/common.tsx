/** Orders' shared pieces: the states in lifecycle order, their badges, the area's sub-navigation. */
import type { ReactNode } from 'react';
import { Badge, Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import type { ResponseOf } from '@folio/sdk';
import { useT } from '../../app/i18n.tsx';
import { m } from './messages.ts';

export type Project = ResponseOf<'/projects/{id}', 'get'>['data'];
export type OrderState = Project['state'];
export const STATES: readonly OrderState[] = ['received', 'proof_pending', 'approved', 'in_production', 'printed', 'shipped', 'on_hold', 'cancelled', 'draft'];
const COLOURS: Record<OrderState, string> = {
  draft: 'gray', received: 'blue', proof_pending: 'yellow', approved: 'teal', in_production: 'indigo', printed: 'cyan', shipped: 'green', cancelled: 'red', on_hold: 'orange',
};

export function useOrdersT() {
  return useT(m);
}

/** A tinted badge whose text keeps the page's text colour (AA contrast in light and dark schemes). */
export function Tag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" c="var(--mantine-color-text)" miw="max-content">
      {children}
    </Badge>
  );
}

export function StateBadge({ state }: { state: OrderState }) {
  const t = useOrdersT();
  return <Tag color={COLOURS[state]}>{t(`s_${state}`)}</Tag>;
}

/** Queue · Production batches · Delivery log: links as tabs (each has its own URL). */
export function OrdersNav({ base }: { base: string }) {
  const t = useOrdersT();
  const nav = useNavigate();
  const { pathname } = useLocation();
  const current = pathname.startsWith(`${base}/batches`) ? 'batches' : pathname.startsWith(`${base}/deliveries`) ? 'deliveries' : 'queue';
  return (
    <Tabs value={current} onChange={(v) => v && void nav(v === 'queue' ? base : `${base}/${v}`)} mb="md" aria-label={t('sections')}>
      <Tabs.List>
        <Tabs.Tab value="queue">{t('queue')}</Tabs.Tab>
        <Tabs.Tab value="batches">{t('batches')}</Tabs.Tab>
        <Tabs.Tab value="deliveries">{t('deliveries')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
