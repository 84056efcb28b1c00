/**
 * The product's spot inks (white, varnish, a stocked Pantone: what the customizer's palettes
 * will offer) and its mockup template (what POST /mockups uses when it names none). Both save
 * with the rest of the product form; the API checks them (spot.ts's rules, the store's templates).
 */
import { ActionIcon, Button, Checkbox, ColorSwatch, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { m } from './messages.ts';

export type Cmyk = [number, number, number, number];
export interface InkRow {
  name: string;
  cmyk: Cmyk;
  overprint: boolean;
}

/** Names RIPs know (src/engines/pdf/spot.ts KNOWN_SPOTS): their alternate, and they always overprint. */
const KNOWN: Record<string, Cmyk> = { White: [0, 0, 0, 0], CutContour: [0, 100, 0, 0], PerfCutContour: [0, 100, 0, 0] };
export const MAX_INKS = 16;

/** The alternate as a screen colour, as spot.ts's spotRgba computes it at tint 1. */
export function inkCss([c, m, y, k]: Cmyk): string {
  const ch = (v: number) => Math.round(255 * (1 - v / 100) * (1 - k / 100));
  return `rgb(${ch(c)}, ${ch(m)}, ${ch(y)})`;
}

const CHANNELS = ['cyan', 'magenta', 'yellow', 'black'] as const;

function SpotInks({ value, onChange }: { value: InkRow[]; onChange: (rows: InkRow[]) => void }) {
  const t = useT(m);
  const setRow = (i: number, row: Partial<InkRow>) => onChange(value.map((r, j) => (j === i ? { ...r, ...row } : r)));
  const rename = (i: number, name: string) => {
    // a known name brings its alternate and overprint, as the API would store them
    const known = KNOWN[name];
    setRow(i, known ? { name, cmyk: [...known], overprint: true } : { name });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="spot-inks-title">
        {t('spotInks')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('spotInksHint')}
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noInks')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={440}>
          <Table aria-labelledby="spot-inks-title" verticalSpacing={4} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inkName')}</Table.Th>
                {CHANNELS.map((c) => (
                  <Table.Th key={c}>{t(`${c}Col`)}</Table.Th>
                ))}
                <Table.Th>{t('overprint')}</Table.Th>
                <Table.Th>{t('alternate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((row, i) => {
                const n = i + 1;
                const known = row.name in KNOWN;
                return (
                  <Table.Tr key={i} data-ink={i}>
                    <Table.Td>
                      {/* the remove button sits with the name: one column fewer, so the row fits a tablet */}
                      <Group gap={4} wrap="nowrap">
                        <TextInput aria-label={t('inkNameN', { n })} value={row.name} onChange={(e) => rename(i, e.currentTarget.value)} maxLength={127} required size="xs" miw={100} style={{ flex: 1 }} />
                        <ActionIcon variant="subtle" color="red" aria-label={t('removeInkN', { n, name: row.name || '—' })} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                          ×
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                    {CHANNELS.map((c, ci) => (
                      <Table.Td key={c}>
                        <NumberInput
                          aria-label={t('channelN', { n, channel: t(c) })}
                          value={row.cmyk[ci]}
                          onChange={(v) => {
                            const cmyk = [...row.cmyk] as Cmyk;
                            cmyk[ci] = typeof v === 'number' ? v : Number.parseFloat(v) || 0;
                            setRow(i, { cmyk });
                          }}
                          min={0}
                          max={100}
                          clampBehavior="strict"
                          decimalScale={2}
                          hideControls
                          size="xs"
                          w={52}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Checkbox aria-label={t('overprintN', { n })} checked={known || row.overprint} disabled={known} onChange={(e) => setRow(i, { overprint: e.currentTarget.checked })} />
                    </Table.Td>
                    <Table.Td>
                      <ColorSwatch component="span" role="img" aria-label={t('swatchN', { n, c: row.cmyk[0], m: row.cmyk[1], y: row.cmyk[2], k: row.cmyk[3] })} color={inkCss(row.cmyk)} size={22} data-swatch={inkCss(row.cmyk)} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button variant="light" size="xs" disabled={value.length >= MAX_INKS} onClick={() => onChange([...value, { name: '', cmyk: [0, 0, 0, 0], overprint: false }])}>
          {t('addInk')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The store's own templates and the curated defaults (at most 100 of each: a page of the API's lists). */
function useMockupTemplates() {
  const { store, client } = useStore();
  return useQuery({
    queryKey: ['mockup-templates-choice', store.id],
    queryFn: async ({ signal }) => {
      const query = { limit: 100, sortBy: 'name', sort: 'asc' } as const;
      const [own, defaults] = await Promise.all([client.get('/mockup-templates', { params: { query }, signal }), client.get('/mockup-templates/default', { params: { query }, signal })]);
      return { own: own.data, defaults: defaults.data };
    },
  });
}

function MockupTemplateSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const t = useT(m);
  const templates = useMockupTemplates();
  const own = (templates.data?.own ?? []).map((x) => ({ value: x.id, label: x.name }));
  const defaults = (templates.data?.defaults ?? []).map((x) => ({ value: x.id, label: x.name }));
  // a template deleted since counts as none (the API ignores it); say so rather than show a blank
  const gone = value && templates.data && ![...own, ...defaults].some((o) => o.value === value) ? [{ value, label: t('templateGone') }] : [];
  const pending = value && !templates.data ? [{ value, label: t('loadingTemplates') }] : [];
  return (
    <NativeSelect
      label={t('mockupTemplate')}
      description={templates.isError ? t('templatesFailed') : t('mockupHint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: '', label: t('noTemplate') },
        ...gone,
        ...pending,
        ...(own.length ? [{ group: t('ownTemplates'), items: own }] : []),
        ...(defaults.length ? [{ group: t('defaultTemplates'), items: defaults }] : []),
      ]}
    />
  );
}

export function PrintProfileFields({ inks, onInks, template, onTemplate }: { inks: InkRow[]; onInks: (rows: InkRow[]) => void; template: string; onTemplate: (id: string) => void }) {
  const t = useT(m);
  return (
    <Paper withBorder p="lg" mt="lg">
      <Title order={2} size="h4" mb="sm">
        {t('inksSection')}
      </Title>
      <Stack gap="md">
        <MockupTemplateSelect value={template} onChange={onTemplate} />
        <SpotInks value={inks} onChange={onInks} />
      </Stack>
    </Paper>
  );
}
