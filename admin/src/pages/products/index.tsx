/** Products: the list (search, cursor pages). */
import { Route, Routes } from 'react-router';
import { useFormat, useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { CursorList, RowLink } from '../../components/CursorList.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';

function ProductList() {
  const t = useT(m);
  const f = useFormat();
  const { store, client } = useStore();
  return (
    <>
      <PageHeader title={t('title')} />
      <CursorList
        queryKey={['products', store.id]}
        caption={t('caption')}
        load={async ({ cursor, search, limit, signal }) => client.get('/products', { params: { query: { cursor, search, limit } }, signal })}
        rowKey={(p) => p.id}
        columns={[
          { key: 'name', header: t('name'), render: (p) => <RowLink to={p.id}>{p.name}</RowLink> },
          { key: 'created', header: t('created'), render: (p) => f.date(p.created_at) },
        ]}
        empty={<EmptyState title={t('emptyTitle')} body={t('emptyBody')} />}
      />
    </>
  );
}

export default function Products() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
    </Routes>
  );
}
