/** A new template: its name, then the product and the side it is laid out on; opens its layout once made. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';

export function CreateTemplate() {
  const t = useT(m);
  const { store, client } = useStore();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [productSearch, setProductSearch] = useState('');
  const [search] = useDebouncedValue(productSearch, 250);
  const [product, setProduct] = useState<string | null>(null);
  const [side, setSide] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const products = useQuery({
    queryKey: ['products', store.id, 'pick', search],
    queryFn: async ({ signal }) => (await client.get('/products', { params: { query: { search: search || undefined, limit: 50, sortBy: 'name', sort: 'asc' } }, signal })).data,
    placeholderData: keepPreviousData,
  });
  const sides = useQuery({
    queryKey: ['product-sides', store.id, product],
    enabled: Boolean(product),
    queryFn: async ({ signal }) => (await client.get('/products/{id}/sides', { params: { path: { id: product! }, query: { limit: 100, sort: 'asc' } }, signal })).data,
  });
  const productData = (products.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const sideData = (sides.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const noProducts = products.isSuccess && !search && productData.length === 0;

  const submit = async () => {
    if (!name.trim() || !side) return;
    setBusy(true);
    try {
      const tpl = (await client.post('/templates', { body: { name: name.trim(), side_id: side, layers: [] } })).data;
      notifySuccess(t('created1', { name: tpl.name }));
      await qc.invalidateQueries({ queryKey: ['templates', store.id] });
      navigate(`../${tpl.id}`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('new')} />
      {noProducts ? (
        <Alert color="yellow" role="status">{t('noProducts')}</Alert>
      ) : (
        <Paper withBorder p="md" maw={520}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              <TextInput label={t('name')} required value={name} maxLength={255} onChange={(e) => setName(e.currentTarget.value)} />
              <Select
                label={t('product')}
                description={t('productHint')}
                required
                searchable
                searchValue={productSearch}
                onSearchChange={setProductSearch}
                filter={({ options }) => options}
                data={productData}
                value={product}
                onChange={(v) => {
                  setProduct(v);
                  setSide(null);
                }}
                nothingFoundMessage="—"
              />
              <Select
                label={t('sidePick')}
                required
                disabled={!product}
                data={sideData}
                value={side}
                onChange={setSide}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => navigate('..')}>
                  {t('back')}
                </Button>
                <Button type="submit" loading={busy} disabled={!name.trim() || !side}>
                  {t('create')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </>
  );
}
