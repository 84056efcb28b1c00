/** The wallet ledger: cursor pages, type filter and reference search (both in the URL), CSV export of every filtered row. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Select, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { CursorList } from '../../components/CursorList.tsx';
import { EmptyState } from '../../components/ui.tsx';
import { download, ledgerCsv, type LedgerRow } from './csv.ts';
import { m } from './messages.ts';

type TxType = 'charge' | 'refund' | 'credit';
const TYPES: TxType[] = ['credit', 'charge', 'refund'];

export function Ledger() {
  const t = useT(m);
  const f = useFormat();
  const { account, session } = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type = TYPES.includes(raw as TxType) ? (raw as TxType) : undefined;
  const q = params.get('q') ?? '';
  const [exporting, setExporting] = useState<number | null>(null);

  const exportCsv = async () => {
    setExporting(0);
    try {
      const rows: LedgerRow[] = [];
      for await (const row of account.paginate('/account/wallet/transactions', { query: { type, search: q || undefined, limit: 100 } })) {
        rows.push(row);
        if (rows.length % 100 === 0) setExporting(rows.length);
      }
      const day = new Date().toISOString().slice(0, 10);
      download(`folio-ledger-${day}${type ? `-${type}` : ''}.csv`, ledgerCsv(rows));
      notifySuccess(t('exported', { n: rows.length }));
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(null);
    }
  };

  return (
    <section aria-labelledby="ledger-title">
      <Title order={2} size="h3" id="ledger-title" mb="xs">
        {t('ledger')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('filtersHelp')}
      </Text>
      <CursorList
        queryKey={['wallet-ledger', session?.user.id, type ?? 'all']}
        caption={t('ledgerCaption')}
        load={({ cursor, search, limit, signal }) => account.get('/account/wallet/transactions', { params: { query: { cursor, search, limit, type } }, signal })}
        rowKey={(r) => r.id}
        columns={[
          { key: 'date', header: t('date'), render: (r) => f.date(r.created_at) },
          { key: 'type', header: t('type'), render: (r) => <Badge variant="default">{t(r.type)}</Badge> },
          { key: 'amount', header: t('amount'), render: (r) => <Text fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>{(r.amount > 0 ? '+' : '') + f.number(r.amount)}</Text> },
          { key: 'after', header: t('balanceAfter'), render: (r) => f.number(r.balance_after) },
          { key: 'reference', header: t('reference'), render: (r) => <Text size="sm" ff="monospace">{r.reference ?? '—'}{r.refund_of ? ` · ${t('refundOf', { id: r.refund_of })}` : ''}</Text> },
          { key: 'id', header: t('id'), render: (r) => <Text size="sm" c="dimmed" ff="monospace">{r.id}</Text> },
        ]}
        filters={
          <>
            <Select
              label={t('type')}
              w={180}
              allowDeselect={false}
              value={type ?? 'all'}
              data={[{ value: 'all', label: t('all') }, ...TYPES.map((v) => ({ value: v, label: t(v) }))]}
              onChange={(v) =>
                setParams((p) => {
                  const n = new URLSearchParams(p);
                  if (v && v !== 'all') n.set('type', v);
                  else n.delete('type');
                  n.delete('cursor');
                  return n;
                })
              }
            />
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting !== null} onClick={() => void exportCsv()}>
              {t('exportCsv')}
            </Button>
            {exporting !== null && (
              <Text size="sm" c="dimmed" role="status">
                {t('exporting', { n: exporting })}
              </Text>
            )}
          </>
        }
        empty={<EmptyState title={t('emptyLedgerTitle')} body={t('emptyLedgerBody')} />}
      />
    </section>
  );
}
