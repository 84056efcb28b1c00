/** The default cliparts Folio gives every store (read only), filtered by default category. */
import { useSearchParams } from 'react-router';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { EmptyState } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { AssetGrid } from './shared.tsx';

export function DefaultCliparts() {
  const t = useT(m);
  const { store, client } = useStore();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const categories = useQuery({
    queryKey: ['assets-default-categories', store.id],
    queryFn: ({ signal }) => client.listAll('/clipart-storages/default', { query: { limit: 100, sortBy: 'name', sort: 'asc' }, signal }),
  });
  return (
    <AssetGrid
      queryKey={['assets-default-cliparts', store.id, category]}
      label={t('defaultCliparts')}
      load={({ cursor, search, limit, signal }) =>
        category
          ? client.get('/clipart-storages/{id}/cliparts-default', { params: { path: { id: category }, query: { cursor, search, limit } }, signal })
          : client.get('/cliparts/default', { params: { query: { cursor, search, limit } }, signal })
      }
      filters={
        <Select
          label={t('defaultCategories')}
          w={240}
          allowDeselect={false}
          value={category || 'all'}
          data={[{ value: 'all', label: t('typeAll') }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          onChange={(v) =>
            setParams((p) => {
              const n = new URLSearchParams(p);
              if (v && v !== 'all') n.set('category', v);
              else n.delete('category');
              n.delete('cursor');
              return n;
            })
          }
        />
      }
      empty={<EmptyState title={t('emptyDefaultsTitle')} body={t('emptyDefaultsBody')} />}
    />
  );
}
