/** Products: the list (search, cursor pages, count), a new product, a product's page with its sides, and a side's visual editor. */
import { Link, Route, Routes, useParams } from 'react-router';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { NewProduct, ProductPage } from './ProductForm.tsx';
import { SideEditor } from './SideEditor.tsx';
import { m } from './messages.ts';

function ProductList() {
  const t = useT(m);
  const f = useFormat();
  const { store, client } = useStore();
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
        queryKey={['products', store.id]}
        caption={t('caption')}
        load={async ({ cursor, search, limit, signal }) => client.get('/products', { params: { query: { cursor, search, limit } }, signal })}
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
