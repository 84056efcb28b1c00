/** Images of the store: a thumbnail grid (search, cursor pages, type filter), upload with progress, delete. */
import { useSearchParams } from 'react-router';
import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { EmptyState } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { AssetGrid, DeleteButton, UploadButton, useRemove } from './shared.tsx';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/tiff,image/gif,image/svg+xml,application/pdf';

export function ImagesTab() {
  const t = useT(m);
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === 'designs' || params.get('type') === 'cliparts' ? (params.get('type') as 'designs' | 'cliparts') : undefined;
  const prefix = ['assets-images', store.id];
  const remove = useRemove(prefix);
  const upload = <UploadButton path="/images" label={t('uploadImage')} accept={IMAGE_TYPES} onUploaded={() => void qc.invalidateQueries({ queryKey: prefix })} />;
  return (
    <>
      {upload}
      <AssetGrid
        queryKey={[...prefix, type ?? 'all']}
        label={t('imagesCaption')}
        load={({ cursor, search, limit, signal }) => client.get('/images', { params: { query: { cursor, search, limit, type } }, signal })}
        filters={
          <Select
            label={t('typeFilter')}
            w={180}
            allowDeselect={false}
            value={type ?? 'all'}
            data={[
              { value: 'all', label: t('typeAll') },
              { value: 'designs', label: t('typeDesigns') },
              { value: 'cliparts', label: t('typeCliparts') },
            ]}
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
        }
        empty={<EmptyState title={t('emptyImagesTitle')} body={t('emptyImagesBody')} />}
        actions={(img) => <DeleteButton name={img.name} body={t('deleteImageBody')} onDelete={() => remove(img.id, img.name, () => client.delete('/images/{id}', { params: { path: { id: img.id } } }))} />}
      />
    </>
  );
}
