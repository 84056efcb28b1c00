/**
 * Fonts of the store: the list (search, cursor pages) with family, style, weight and the
 * licence (the shop's note, edited in a dialog; a default font's own), a preview text rendered in each face (FontFace from the font's
 * URL), upload of a TTF/OTF/WOFF/WOFF2 with progress, delete. Also the read-only default fonts.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n.tsx';
import { useStore } from '../../app/store.tsx';
import { CursorList, type Column } from '../../components/CursorList.tsx';
import { Dialog, EmptyState } from '../../components/ui.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { common } from '../../components/messages.ts';
import { m } from './messages.ts';
import { DeleteButton, UploadButton, formatBytes, useRemove } from './shared.tsx';

const FONT_TYPES = '.ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2';

export interface FontRow {
  id: string;
  name: string;
  family: string;
  style: string;
  weight: number;
  glyph_count: number;
  license: string | null;
  size_bytes: number;
  url: string | null;
}

const loaded = new Map<string, Promise<string>>();
/** Loads a face once under a family name of its own (so two faces of one family do not collide). */
function loadFace(font: FontRow): Promise<string> {
  let p = loaded.get(font.id);
  if (!p) {
    const family = `folio-preview-${font.id}`;
    const face = new FontFace(family, `url("${font.url}")`, { style: font.style === 'italic' ? 'italic' : 'normal', weight: String(font.weight) });
    p = face.load().then((f) => {
      document.fonts.add(f);
      return family;
    });
    p.catch(() => loaded.delete(font.id));
    loaded.set(font.id, p);
  }
  return p;
}

export function FontPreview({ font, text }: { font: FontRow; text: string }) {
  const t = useT(m);
  const [family, setFamily] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!font.url) return setFailed(true);
    let live = true;
    loadFace(font).then(
      (f) => live && setFamily(f),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [font]);
  if (failed) return <Text size="sm" c="dimmed">{t('previewFailed')}</Text>;
  return (
    <Text data-font-preview={font.id} data-loaded={family ? 'true' : 'false'} style={{ fontFamily: family ? `"${family}", sans-serif` : undefined, fontStyle: font.style === 'italic' ? 'italic' : 'normal', fontWeight: font.weight, fontSize: 20 }} lang="und" dir="auto">
      {text}
    </Text>
  );
}

/** The licence column of the store's own fonts: the note, and a dialog that edits it (PUT /fonts/{id}). */
function LicenceCell({ font, onSaved }: { font: FontRow; onSaved: () => void }) {
  const t = useT(m);
  const tc = useT(common);
  const { client } = useStore();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState(font.license ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap">
      {font.license ? <Text size="sm">{font.license}</Text> : <Text size="sm" c="dimmed">{t('noLicence')}</Text>}
      <Button
        size="compact-xs"
        variant="subtle"
        aria-label={t('editLicence', { name: font.name })}
        onClick={() => {
          setNote(font.license ?? '');
          setOpen(true);
        }}
      >
        {t('editNote')}
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('editLicence', { name: font.name })}>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              await client.put('/fonts/{id}', { params: { path: { id: font.id } }, body: { license: note } });
              notifySuccess(t('licenceSaved', { name: font.name }));
              setOpen(false);
              onSaved();
            } catch (err) {
              notifyError(err);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack>
            <Textarea label={t('licenceNote')} placeholder={t('licencePlaceholder')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={2000} autosize minRows={3} data-autofocus />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {tc('save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Group>
  );
}

function useFontColumns(preview: string, onLicenceSaved?: () => void): Array<Column<FontRow>> {
  const t = useT(m);
  return [
    { key: 'name', header: t('name'), render: (f) => <Text fw={500}>{f.name}</Text> },
    { key: 'family', header: t('family'), render: (f) => `${f.family} · ${f.style} · ${f.weight}` },
    { key: 'preview', header: t('preview'), render: (f) => <FontPreview font={f} text={preview} /> },
    {
      key: 'licence',
      header: t('licence'),
      // the store's fonts: editable; the default fonts: their licence, read-only
      render: (f) => (onLicenceSaved ? <LicenceCell font={f} onSaved={onLicenceSaved} /> : f.license ? <Text size="sm">{f.license}</Text> : <Text size="sm" c="dimmed">{t('noLicence')}</Text>),
    },
    { key: 'size', header: t('size'), render: (f) => `${formatBytes(f.size_bytes)} · ${f.glyph_count} ${t('glyphs').toLowerCase()}` },
  ];
}

export function PreviewField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT(m);
  return <TextInput label={t('previewText')} value={value} onChange={(e) => onChange(e.currentTarget.value)} w={{ base: '100%', sm: 420 }} mb="sm" />;
}

export function FontsTab() {
  const t = useT(m);
  const { store, client } = useStore();
  const qc = useQueryClient();
  const [preview, setPreview] = useState(t('previewSample'));
  const prefix = ['assets-fonts', store.id];
  const remove = useRemove(prefix);
  const columns = useFontColumns(preview, () => void qc.invalidateQueries({ queryKey: prefix }));
  return (
    <>
      <UploadButton path="/fonts/upload" label={t('uploadFont')} accept={FONT_TYPES} onUploaded={() => void qc.invalidateQueries({ queryKey: prefix })} />
      <PreviewField value={preview} onChange={setPreview} />
      <Text size="xs" c="dimmed" mb="sm">
        {t('licenceHelp')}
      </Text>
      <CursorList
        queryKey={prefix}
        caption={t('fontsCaption')}
        load={({ cursor, search, limit, signal }) => client.get('/fonts', { params: { query: { cursor, search, limit } }, signal })}
        rowKey={(f) => f.id}
        columns={[
          ...columns,
          { key: 'actions', header: t('actions'), render: (f) => <DeleteButton name={f.name} body={t('deleteFontBody')} onDelete={() => remove(f.id, f.name, () => client.delete('/fonts/{id}', { params: { path: { id: f.id } } }))} /> },
        ]}
        empty={<EmptyState title={t('emptyFontsTitle')} body={t('emptyFontsBody')} />}
      />
    </>
  );
}

export function DefaultFonts() {
  const t = useT(m);
  const { store, client } = useStore();
  const [preview, setPreview] = useState(t('previewSample'));
  const columns = useFontColumns(preview);
  return (
    <>
      <PreviewField value={preview} onChange={setPreview} />
      <CursorList
        queryKey={['assets-default-fonts', store.id]}
        caption={t('defaultFonts')}
        limit={10}
        load={({ cursor, search, limit, signal }) => client.get('/fonts/default', { params: { query: { cursor, search, limit } }, signal })}
        rowKey={(f) => f.id}
        columns={columns}
        empty={<EmptyState title={t('emptyDefaultsTitle')} body={t('emptyDefaultsBody')} />}
      />
    </>
  );
}
