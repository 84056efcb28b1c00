/**
 * /products/:id/sides/new and /products/:id/sides/:side — a side's name, trim size, bleed, safe
 * zone and dpi, drawn (SideCanvas) and typed (fields in mm or in), kept in the product's unit.
 * A new side is POSTed; an existing one is PUT optimistically: the cached side takes the new
 * values at once and goes back to the saved ones, with the API's message, if the API refuses.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Grid, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useT } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { useStore } from '../../app/store.tsx';
import { PageLoader } from '../../app/shell.tsx';
import { ConfirmButton, PageHeader } from '../../components/ui.tsx';
import { defaultShown, EDGES, problems, STEP, toApi, toShown, type ApiUnit, type Edge, type Geometry, type ShownUnit } from './geometry.ts';
import { MeasureInput } from './MeasureInput.tsx';
import { SideCanvas } from './SideCanvas.tsx';
import { m } from './messages.ts';
import { useProduct } from './ProductForm.tsx';

export type Side = ResponseOf<'/sides/{id}', 'get'>['data'];

const geometryOf = (s: Side): Geometry => ({ width: s.width, height: s.height, bleed: { ...s.bleed }, safe_zone: { ...s.safe_zone }, dpi: s.dpi });
const same = (a: Geometry, b: Geometry) => JSON.stringify(a) === JSON.stringify(b);

export function SideEditor() {
  const t = useT(m);
  const { id = '', side: sideId = 'new' } = useParams();
  const isNew = sideId === 'new';
  const { store, client } = useStore();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const product = useProduct(id);
  const key = ['side', store.id, sideId];
  const side = useQuery({ queryKey: key, enabled: !isNew, queryFn: async ({ signal }) => (await client.get('/sides/{id}', { params: { path: { id: sideId } }, signal })).data });

  const unit: ApiUnit = product.data?.dimension_unit ?? 'mm';
  const [shown, setShown] = useState<ShownUnit | null>(null);
  const [name, setName] = useState('');
  const [g, setG] = useState<Geometry | null>(null);
  const [saved, setSaved] = useState<{ name: string; g: Geometry } | null>(null);
  const [busy, setBusy] = useState(false);

  // the form starts from the stored side, or for a new side from an A6-ish card in the product's unit
  useEffect(() => {
    if (g || !product.data) return;
    if (isNew) {
      const mm = (v: number) => toApi(v, product.data.dimension_unit, 'mm');
      setG({ width: mm(90), height: mm(50), bleed: { top: mm(3), right: mm(3), bottom: mm(3), left: mm(3) }, safe_zone: { top: mm(4), right: mm(4), bottom: mm(4), left: mm(4) }, dpi: 300 });
      setName('');
    } else if (side.data) {
      setG(geometryOf(side.data));
      setName(side.data.name);
      setSaved({ name: side.data.name, g: geometryOf(side.data) });
    }
  }, [g, isNew, product.data, side.data]);

  if (product.isError || side.isError) return <Alert color="red" role="alert">{errorMessage(product.error ?? side.error)}</Alert>;
  if (!product.data || !g || (!isNew && !side.data)) return <PageLoader />;
  const p = product.data;
  const su = shown ?? defaultShown(unit);
  const show = (v: number) => toShown(v, unit, su);
  const fromShown = (v: number) => toApi(v, unit, su);
  const wrong = problems(g);
  const dirty = isNew || !saved || saved.name !== name || !same(saved.g, g);
  const productUrl = `/admin/s/${store.id}/products/${p.id}`;
  const setEdge = (kind: 'bleed' | 'safe_zone', e: Edge, v: number) => setG({ ...g, [kind]: { ...g[kind], [e]: fromShown(v) } });
  const field = (label: string, value: number, onValue: (v: number) => void, min = 0) => (
    <MeasureInput label={`${label} (${su})`} value={show(value)} onValue={(v) => onValue(fromShown(v))} min={min} step={STEP[su]} decimalScale={su === 'mm' ? 2 : 3} />
  );

  const body = { name: name.trim(), width: g.width, height: g.height, bleed: g.bleed, safe_zone: g.safe_zone, dpi: g.dpi };
  const save = async () => {
    setBusy(true);
    try {
      if (isNew) {
        const res = await client.post('/sides', { body: { ...body, product_id: p.id } });
        qc.setQueryData(['side', store.id, res.data.id], res.data);
        await qc.invalidateQueries({ queryKey: ['sides', store.id, p.id] });
        notifySuccess(t('sideCreated'));
        navigate(`${productUrl}/sides/${res.data.id}`, { replace: true });
        return;
      }
      const before = qc.getQueryData<Side>(key);
      if (before) qc.setQueryData<Side>(key, { ...before, ...body });
      try {
        const res = await client.put('/sides/{id}', { params: { path: { id: sideId } }, body });
        qc.setQueryData(key, res.data);
        setSaved({ name: res.data.name, g: geometryOf(res.data) });
        setG(geometryOf(res.data));
        void qc.invalidateQueries({ queryKey: ['sides', store.id, p.id] });
        notifySuccess(t('saved'));
      } catch (err) {
        if (before) {
          qc.setQueryData(key, before);
          setG(geometryOf(before));
          setName(before.name);
        }
        throw err;
      }
    } catch (err) {
      notifyError(err, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Anchor component={Link} to={productUrl} size="sm">
        {t('backProduct')}
      </Anchor>
      <PageHeader
        title={isNew ? t('newSide') : t('sideTitle', { name: saved?.name ?? name })}
        description={`${p.name} · ${t('apiUnit', { unit })}`}
        actions={
          !isNew ? (
            <ConfirmButton
              title={t('deleteSideTitle')}
              body={t('deleteSideBody')}
              confirmLabel={t('deleteSide')}
              onConfirm={async () => {
                try {
                  await client.delete('/sides/{id}', { params: { path: { id: sideId } } });
                  qc.removeQueries({ queryKey: key });
                  await qc.invalidateQueries({ queryKey: ['sides', store.id, p.id] });
                  notifySuccess(t('sideDeleted'));
                  navigate(productUrl);
                } catch (err) {
                  notifyError(err);
                }
              }}
            >
              {t('deleteSide')}
            </ConfirmButton>
          ) : undefined
        }
      />
      <form
        aria-label={isNew ? t('newSide') : t('sideTitle', { name: saved?.name ?? name })}
        onSubmit={(e) => {
          e.preventDefault();
          if (!wrong.length && name.trim()) void save();
        }}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Text size="sm" c="dimmed" mb="xs">
              {t('sideDescription')}
            </Text>
            <SideCanvas geometry={g} onChange={setG} unit={unit} shown={su} image={side.data?.side_image?.url ?? p.product_image?.url ?? null} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="sm">
              <TextInput label={t('sideName')} required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={255} />
              <Group gap="xs" align="center">
                <Text size="sm" fw={500} id="side-unit-label">
                  {t('shownUnit')}
                </Text>
                <SegmentedControl aria-labelledby="side-unit-label" value={su} onChange={(v) => setShown(v as ShownUnit)} data={[{ value: 'mm', label: 'mm' }, { value: 'in', label: 'in' }]} />
              </Group>
              <SimpleGrid cols={2} spacing="sm">
                {field(t('width'), g.width, (v) => setG({ ...g, width: v }), STEP[su])}
                {field(t('height'), g.height, (v) => setG({ ...g, height: v }), STEP[su])}
              </SimpleGrid>
              <SimpleGrid cols={2} spacing="sm">
                {EDGES.map((e) => (
                  <MeasureInput key={e} label={`${t('edgeField', { kind: t('bleed'), edge: t(e) })} (${su})`} value={show(g.bleed[e])} onValue={(v) => setEdge('bleed', e, v)} min={0} step={STEP[su]} decimalScale={su === 'mm' ? 2 : 3} />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={2} spacing="sm">
                {EDGES.map((e) => (
                  <MeasureInput key={e} label={`${t('edgeField', { kind: t('safe'), edge: t(e) })} (${su})`} value={show(g.safe_zone[e])} onValue={(v) => setEdge('safe_zone', e, v)} min={0} step={STEP[su]} decimalScale={su === 'mm' ? 2 : 3} />
                ))}
              </SimpleGrid>
              <MeasureInput label={t('dpi')} value={g.dpi} onValue={(v) => setG({ ...g, dpi: v })} min={1} max={4800} allowDecimal={false} w="50%" />
              {wrong.length ? (
                <Alert color="red" role="alert">
                  {wrong.map((w) => t(w === 'trim' ? 'badTrim' : w === 'bleed' ? 'badBleed' : w === 'safe' ? 'badSafe' : 'badDpi')).join(' ')}
                </Alert>
              ) : null}
              <Group>
                <Button type="submit" loading={busy} disabled={wrong.length > 0 || !name.trim() || !dirty}>
                  {t('saveSide')}
                </Button>
                {dirty && !isNew ? (
                  <Text size="sm" c="dimmed" role="status">
                    {t('unsaved')}
                  </Text>
                ) : null}
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}
