/** Products: the list (search, cursor pages, count), a new product, a product's page with its sides, and a side's visual editor. */
import { lazy } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { productsList } from '../../app/lists.ts';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';

// The form pages (their inputs, the side's canvas) in their own chunk: the list, the page most
// visits land on, does not wait for them.
const NewProduct = lazy(async () => ({ default: (await import('./ProductForm.tsx')).NewProduct }));
const ProductPage = lazy(async () => ({ default: (await import('./ProductForm.tsx')).ProductPage }));
const SideEditor = lazy(async () => ({ default: (await import('./SideEditor.tsx')).SideEditor }));

function ProductList() {
  const t = useT(m);
  const f = useFormat();
  const { store, client } = useStore();
  const list = productsList(store.id, client);
  const count = useQuery({ queryKey: ['products-count', store.id], queryFn: async ({ signal }) => (await client.get('/products/count', { signal })).data.count });
  const add = (
    <Button component={Link} to="new">
      {t('new')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('title')} description={count.data === undefined ? undefined : count.data === 1 ? t('countOne') : t('count', { n: f.number(count.data) })} actions={add} />
      <CursorList
        {...list}
        caption={t('caption')}
        rowKey={(p) => p.id}
        columns={[
          { key: 'name', header: t('name'), render: (p) => <RowLink to={p.id}>{p.name}</RowLink> },
          { key: 'unit', header: t('unit'), render: (p) => p.dimension_unit },
          { key: 'status', header: t('status'), render: (p) => t(p.status) },
          { key: 'proof', header: t('proof'), render: (p) => (p.requires_proof ? t('yes') : t('no')) },
          { key: 'created', header: t('created'), render: (p) => f.date(p.created_at) },
        ]}
        empty={<EmptyState title={t('emptyTitle')} body={t('emptyBody')} action={add} />}
      />
    </>
  );
}

/** A product's or side's page starts afresh for each record (its form is the record's). */
function ProductRoute() {
  const { id } = useParams();
  return <ProductPage key={id} />;
}
function SideRoute() {
  const { id, side } = useParams();
  return <SideEditor key={`${id}/${side}`} />;
}

export default function Products() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path="new" element={<NewProduct />} />
      <Route path=":id" element={<ProductRoute />} />
      <Route path=":id/sides/:side" element={<SideRoute />} />
    </Routes>
  );
}
