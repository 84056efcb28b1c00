/**
 * The product's photo: uploaded to POST /images with a progress bar, then set as the product's
 * `product_image_id` (the side editor draws the sides over it); or removed from the product.
 */
import { useState } from 'react';
import { Button, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { useStore } from '../../app/store.tsx';
import { upload } from '../../app/upload.ts';
import type { Product } from './ProductForm.tsx';
import { m } from './messages.ts';

export function ProductPhoto({ product }: { product: Product }) {
  const t = useT(m);
  const { store, sid, client } = useStore();
  const { session } = useSession();
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const key = ['product', store.id, product.id];

  const setImage = async (imageId: string | null) => {
    const res = await client.put('/products/{id}', { params: { path: { id: product.id } }, body: { product_image_id: imageId } });
    qc.setQueryData(key, res.data);
  };

  const send = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await upload<{ data: { id: string } }>({ path: '/images', jwt: session?.jwt ?? '', sid, form, onProgress: setProgress });
      await setImage(res.data.id);
      notifySuccess(t('photoSaved'));
    } catch (err) {
      notifyError(err, t('saveFailed'));
    } finally {
      setProgress(null);
    }
  };

  const image = product.product_image;
  return (
    <Stack gap="xs">
      {image ? <Image src={image.thumbnails.medium ?? image.url} alt={t('photoAlt', { name: product.name })} mah={180} w="auto" fit="contain" radius="sm" /> : <Text size="sm" c="dimmed">{t('noPhoto')}</Text>}
      <Group align="flex-end" gap="sm">
        <FileInput label={t('photo')} description={t('photoHint')} accept="image/png,image/jpeg,image/webp" onChange={(f) => void send(f)} value={null} disabled={progress !== null} clearable={false} w={260} />
        {image ? (
          <Button
            variant="default"
            disabled={progress !== null}
            onClick={async () => {
              try {
                await setImage(null);
              } catch (err) {
                notifyError(err);
              }
            }}
          >
            {t('removePhoto')}
          </Button>
        ) : null}
      </Group>
      {progress !== null ? <Progress value={progress * 100} aria-label={t('uploading')} animated /> : null}
    </Stack>
  );
}
