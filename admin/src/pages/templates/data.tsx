/** The templates area's reads: a template, its side and product (names for the pages), its fields. */
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@folio/sdk';
import { useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { m } from './messages.ts';

export type Template = ResponseOf<'/templates/{id}', 'get'>['data'];
export type FieldType = 'text' | 'image' | 'qr' | 'barcode';
export interface Field {
  name: string;
  type: FieldType;
  required?: boolean;
}

/** The variable-data fields of a template's layers, one per name (docs/variable-data.md). */
export function fieldsOf(layers: ReadonlyArray<Record<string, unknown>>): Field[] {
  const out = new Map<string, Field>();
  for (const l of layers) {
    const f = l.field as Partial<Field> | undefined;
    if (f && typeof f.name === 'string' && typeof f.type === 'string' && !out.has(f.name)) out.set(f.name, { name: f.name, type: f.type, required: f.required });
  }
  return [...out.values()];
}

export function useTemplate(id: string) {
  const { store, client } = useStore();
  return useQuery({ queryKey: ['template', store.id, id], queryFn: async ({ signal }) => (await client.get('/templates/{id}', { params: { path: { id } }, signal })).data });
}

/** A side and its product, by the side's id (cached: a list shows many rows of the same side). */
export function useSideInfo(sideId: string | null | undefined) {
  const { store, client } = useStore();
  return useQuery({
    queryKey: ['side-info', store.id, sideId],
    enabled: Boolean(sideId),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const side = (await client.get('/sides/{id}', { params: { path: { id: sideId! } }, signal })).data;
      const product = side.product_id ? (await client.get('/products/{id}', { params: { path: { id: side.product_id } }, signal })).data : null;
      return { side, product };
    },
  });
}

/** "Front of Business card". */
export function SideLabel({ sideId }: { sideId: string | null | undefined }) {
  const t = useT(m);
  const info = useSideInfo(sideId);
  if (!info.data) return <Text span c="dimmed">{sideId ?? '—'}</Text>;
  return <>{t('onSide', { side: info.data.side.name, product: info.data.product?.name ?? '—' })}</>;
}
