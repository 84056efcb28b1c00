/** A product's sides (the API's cursor pages), each linking to its editor, and the way to add one. */
import { Link } from 'react-router';
import { Button, Group, Title } from '@mantine/core';
import { useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState } from '../../components/ui.tsx';
import type { Product } from './ProductForm.tsx';
import { m } from './messages.ts';

const UNIT: Record<string, string> = { mm: 'mm', cm: 'cm', inch: 'in' };

function edges(e: { top: number; right: number; bottom: number; left: number }, unit: string): string {
  const all = [e.top, e.right, e.bottom, e.left];
  return all.every((v) => v === e.top) ? `${e.top} ${unit}` : `${all.join(' / ')} ${unit}`;
}

export function SideList({ product }: { product: Product }) {
  const t = useT(m);
  const { store, client } = useStore();
  const base = `/admin/s/${store.id}/products/${product.id}/sides`;
  const add = (
    <Button component={Link} to={`${base}/new`}>
      {t('addSide')}
    </Button>
  );
  return (
    <section aria-labelledby="product-sides" style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="product-sides">
          {t('sides')}
        </Title>
        {add}
      </Group>
      <CursorList
        queryKey={['sides', store.id, product.id]}
        caption={t('sidesCaption')}
        searchable={false}
        load={async ({ cursor, limit, signal }) => client.get('/products/{id}/sides', { params: { path: { id: product.id }, query: { cursor, limit } }, signal })}
        rowKey={(s) => s.id}
        columns={[
          { key: 'name', header: t('name'), render: (s) => <RowLink to={`${base}/${s.id}`}>{s.name}</RowLink> },
          { key: 'size', header: t('size'), render: (s) => `${s.width} × ${s.height} ${UNIT[s.dimension_unit] ?? s.dimension_unit}` },
          { key: 'bleed', header: t('bleed'), render: (s) => edges(s.bleed, UNIT[s.dimension_unit] ?? s.dimension_unit) },
          { key: 'safe', header: t('safe'), render: (s) => edges(s.safe_zone, UNIT[s.dimension_unit] ?? s.dimension_unit) },
          { key: 'dpi', header: 'dpi', render: (s) => s.dpi },
        ]}
        empty={<EmptyState title={t('noSidesTitle')} body={t('noSidesBody')} />}
      />
    </section>
  );
}
