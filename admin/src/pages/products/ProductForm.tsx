/**
 * /products/new and /products/:id — what a shop owner sets on a product: name, description,
 * status, the unit its sides are measured in, dpi, whether an order waits for proof approval,
 * the print file's PDF standard, crop marks and output profile, the product's spot inks and
 * mockup template (PrintProfileFields.tsx). Saves are optimistic: the
 * cached product changes at once and goes back, with the API's message, if the API refuses.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useT } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { PageLoader } from '../../app/shell.tsx';
import { ConfirmButton, PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { SideList } from './SideList.tsx';
import { ProductPhoto } from './ProductPhoto.tsx';
import { PrintProfileFields, type Cmyk, type InkRow } from './PrintProfileFields.tsx';

export type Product = ResponseOf<'/products/{id}', 'get'>['data'];
type Unit = Product['dimension_unit'];
type Status = Product['status'];
type Standard = 'none' | 'pdf_x4' | 'pdf_x1a';

/** The installed output profiles the API names (packages/sdk: `output_profile`); '' is the store's default. */
const OUTPUT_PROFILES = [
  { value: 'fogra39', label: 'FOGRA39 — ISO coated' },
  { value: 'fogra29', label: 'FOGRA29 — ISO uncoated' },
  { value: 'gracol2006', label: 'GRACoL 2006 — CGATS TR 006' },
  { value: 'swop', label: 'SWOP — CGATS TR 003' },
  { value: 'gs_swop', label: 'Ghostscript SWOP — CGATS TR 001' },
  { value: 'ps_cmyk', label: 'Ghostscript PostScript CMYK' },
];

export function useProduct(id: string) {
  const { store, client } = useStore();
  return useQuery({ queryKey: ['product', store.id, id], queryFn: async ({ signal }) => (await client.get('/products/{id}', { params: { path: { id } }, signal })).data });
}

interface Form {
  name: string;
  description: string;
  status: Status;
  dimension_unit: Unit;
  dpi: number;
  requires_proof: boolean;
  standard: Standard;
  crop_marks: boolean;
  output_profile: string;
  spot_inks: InkRow[];
  /** '' is none */
  mockup_template_id: string;
}

const formOf = (p: Product): Form => ({
  name: p.name,
  description: p.description ?? '',
  status: p.status,
  dimension_unit: p.dimension_unit,
  dpi: p.dpi,
  requires_proof: p.requires_proof,
  standard: p.print_profile?.pdf_standard ?? 'none',
  crop_marks: p.print_profile?.crop_marks ?? false,
  output_profile: p.output_profile ?? '',
  spot_inks: p.spot_inks.map((i) => ({ name: i.name, cmyk: [...i.cmyk] as Cmyk, overprint: i.overprint })),
  mockup_template_id: p.mockup_template_id ?? '',
});

const bodyOf = (f: Form) => ({
  name: f.name.trim(),
  description: f.description,
  status: f.status,
  dimension_unit: f.dimension_unit,
  dpi: f.dpi,
  requires_proof: f.requires_proof,
  print_profile: f.standard === 'none' ? null : { pdf_standard: f.standard, crop_marks: f.crop_marks },
  output_profile: f.output_profile || null,
  spot_inks: f.spot_inks.map((i) => ({ name: i.name.trim(), cmyk: i.cmyk, overprint: i.overprint })),
  mockup_template_id: f.mockup_template_id || null,
});

function UnitSelect({ value, onChange }: { value: Unit; onChange: (u: Unit) => void }) {
  const t = useT(m);
  return <NativeSelect label={t('unit')} description={t('unitHint')} value={value} onChange={(e) => onChange(e.currentTarget.value as Unit)} data={(['mm', 'cm', 'inch'] as const).map((u) => ({ value: u, label: t(u) }))} />;
}

export function NewProduct() {
  const t = useT(m);
  const { store, client } = useStore();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [unit, setUnit] = useState<Unit>('mm');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Anchor component={Link} to={`/admin/s/${store.id}/products`} size="sm">
        {t('back')}
      </Anchor>
      <PageHeader title={t('newTitle')} description={t('newDescription')} />
      <Paper withBorder p="lg" maw={560}>
        <form
          aria-label={t('newTitle')}
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              const res = await client.post('/products', { body: { name: name.trim(), dimension_unit: unit, description } });
              qc.setQueryData(['product', store.id, res.data.id], res.data);
              void qc.invalidateQueries({ queryKey: ['products', store.id] });
              void qc.invalidateQueries({ queryKey: ['products-count', store.id] });
              notifySuccess(t('created_ok'));
              navigate(`/admin/s/${store.id}/products/${res.data.id}`);
            } catch (err) {
              notifyError(err);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack>
            <TextInput label={t('name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={255} data-autofocus />
            <UnitSelect value={unit} onChange={setUnit} />
            <Textarea label={t('description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
            <Group>
              <Button type="submit" loading={busy} disabled={!name.trim()}>
                {t('create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

export function ProductPage() {
  const t = useT(m);
  const { id = '' } = useParams();
  const { store, client } = useStore();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const product = useProduct(id);
  const [form, setForm] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (product.data && (!form || product.data.id !== id)) setForm(formOf(product.data));
  }, [product.data?.id, id]);

  if (product.isError) return <Alert color="red" role="alert">{errorMessage(product.error)}</Alert>;
  if (!product.data || !form) return <PageLoader />;
  const p = product.data;
  const key = ['product', store.id, id];
  const dirty = JSON.stringify(formOf(p)) !== JSON.stringify(form);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => f && { ...f, [k]: v });
  // the answer to a save replaces the form only if nothing was changed while it was on its way:
  // an edit made meanwhile stays, unsaved, instead of being put back to what was sent
  const sent = form;
  const unchanged = (next: Form) => (now: Form | null) => (now === sent ? next : now);

  const save = async () => {
    const before = qc.getQueryData<Product>(key);
    const body = bodyOf(form);
    if (before) qc.setQueryData<Product>(key, { ...before, ...body });
    setBusy(true);
    try {
      const res = await client.put('/products/{id}', { params: { path: { id } }, body });
      qc.setQueryData(key, res.data);
      setForm(unchanged(formOf(res.data)));
      void qc.invalidateQueries({ queryKey: ['products', store.id] });
      notifySuccess(t('saved'));
    } catch (err) {
      if (before) {
        qc.setQueryData(key, before);
        setForm(unchanged(formOf(before)));
      }
      notifyError(err, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Anchor component={Link} to={`/admin/s/${store.id}/products`} size="sm">
        {t('back')}
      </Anchor>
      <PageHeader
        title={p.name}
        actions={
          <ConfirmButton
            title={t('deleteTitle')}
            body={t('deleteBody')}
            confirmLabel={t('deleteProduct')}
            onConfirm={async () => {
              try {
                await client.delete('/products/{id}', { params: { path: { id } } });
                qc.removeQueries({ queryKey: key });
                void qc.invalidateQueries({ queryKey: ['products', store.id] });
                void qc.invalidateQueries({ queryKey: ['products-count', store.id] });
                notifySuccess(t('deleted'));
                navigate(`/admin/s/${store.id}/products`);
              } catch (err) {
                notifyError(err);
              }
            }}
          >
            {t('deleteProduct')}
          </ConfirmButton>
        }
      />
      <form
        aria-label={t('details')}
        onSubmit={(e) => {
          e.preventDefault();
          if (form.name.trim()) void save();
        }}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="sm">
              {t('details')}
            </Title>
            <Stack gap="sm">
              <TextInput label={t('name')} required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={255} />
              <Textarea label={t('description')} value={form.description} onChange={(e) => set('description', e.currentTarget.value)} autosize minRows={2} />
              <NativeSelect label={t('status')} value={form.status} onChange={(e) => set('status', e.currentTarget.value as Status)} data={(['publish', 'draft', 'trashed'] as const).map((s) => ({ value: s, label: t(s) }))} />
              <UnitSelect value={form.dimension_unit} onChange={(u) => set('dimension_unit', u)} />
              <ProductPhoto product={p} />
              <NumberInput label={t('dpi')} value={form.dpi} onChange={(v) => set('dpi', typeof v === 'number' ? v : Number.parseInt(v, 10) || 0)} min={1} max={4800} allowDecimal={false} />
            </Stack>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="sm">
              {t('printSection')}
            </Title>
            <Stack gap="sm">
              <Switch label={t('requiresProof')} description={t('requiresProofHint')} checked={form.requires_proof} onChange={(e) => set('requires_proof', e.currentTarget.checked)} />
              <NativeSelect
                label={t('standard')}
                value={form.standard}
                onChange={(e) => set('standard', e.currentTarget.value as Standard)}
                data={[
                  { value: 'none', label: t('standardNone') },
                  { value: 'pdf_x4', label: t('x4') },
                  { value: 'pdf_x1a', label: t('x1a') },
                ]}
              />
              <Checkbox label={t('cropMarks')} checked={form.crop_marks} disabled={form.standard === 'none'} onChange={(e) => set('crop_marks', e.currentTarget.checked)} />
              <NativeSelect
                label={t('outputProfile')}
                description={t('outputHint')}
                value={form.output_profile}
                onChange={(e) => set('output_profile', e.currentTarget.value)}
                data={[{ value: '', label: t('storeDefault') }, ...OUTPUT_PROFILES, ...(form.output_profile && !OUTPUT_PROFILES.some((o) => o.value === form.output_profile) ? [{ value: form.output_profile, label: form.output_profile }] : [])]}
              />
            </Stack>
          </Paper>
        </SimpleGrid>
        <PrintProfileFields inks={form.spot_inks} onInks={(v) => set('spot_inks', v)} template={form.mockup_template_id} onTemplate={(v) => set('mockup_template_id', v)} />
        <Group mt="md">
          <Button type="submit" loading={busy} disabled={!dirty || !form.name.trim()}>
            {t('save')}
          </Button>
          {dirty ? (
            <Text size="sm" c="dimmed" role="status">
              {t('unsaved')}
            </Text>
          ) : null}
        </Group>
      </form>
      <SideList product={p} />
    </>
  );
}
