/**
 * One template: its header (name, side, delete), the Layout and Preview sub-pages (each its own
 * URL). The layout frames the customizer in template mode (customizer/src/template-mode.ts) at
 * this origin; the frame asks for the store credential over postMessage and gets the account
 * JWT + the store's sid only from this page, only at this origin, never in a URL.
 */
import { useEffect, useRef } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useT } from '../../app/i18n.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../app/notify.ts';
import { PageLoader } from '../../app/shell.tsx';
import { useSession } from '../../app/session.tsx';
import { useStore } from '../../app/store.tsx';
import { PageHeader } from '../../components/ui.tsx';
import { SideLabel, useTemplate, type Template } from './data.tsx';
import { DeleteTemplate } from './list.tsx';
import { m } from './messages.ts';
import { TemplatePreview } from './preview.tsx';

const SOURCE = 'folio-customizer';

function Layout({ template }: { template: Template }) {
  const t = useT(m);
  const { locale } = useLocale();
  const { session } = useSession();
  const { store, sid } = useStore();
  const qc = useQueryClient();
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = window.location.origin;
  const src = `/customizer/?${new URLSearchParams({ mode: 'template', template: template.id, host: origin, locale })}`;

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const win = frame.current?.contentWindow;
      // only our own frame, at our own origin
      if (!win || e.source !== win || e.origin !== origin) return;
      const d = e.data as { source?: unknown; type?: unknown; message?: unknown; fields?: unknown } | null;
      if (!d || d.source !== SOURCE) return;
      if (d.type === 'template-init-request' && session) win.postMessage({ type: 'template-init', jwt: session.jwt, sid, locale }, origin);
      else if (d.type === 'template-saved') {
        notifySuccess(t('savedToast', { n: typeof d.fields === 'number' ? d.fields : 0 }));
        void qc.invalidateQueries({ queryKey: ['template', store.id, template.id] });
        void qc.invalidateQueries({ queryKey: ['templates', store.id] });
      } else if (d.type === 'error' && typeof d.message === 'string') notifyError(new Error(d.message));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, session, sid, locale, qc, store.id, template.id, t]);

  return (
    <>
      <Text c="dimmed" mb="sm">
        {t('editorHelp')}
      </Text>
      <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        <iframe key={src} ref={frame} src={src} title={t('editorTitle', { name: template.name })} style={{ display: 'block', width: '100%', height: 'max(640px, calc(100vh - 260px))', border: 0 }} />
      </Box>
    </>
  );
}

export function TemplatePage() {
  const t = useT(m);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tpl = useTemplate(id);
  if (tpl.isPending) return <PageLoader />;
  if (tpl.isError) return <Alert color="red" role="alert">{errorMessage(tpl.error)}</Alert>;
  const template = tpl.data;
  const onPreview = pathname.replace(/\/$/, '').endsWith('/preview');
  return (
    <>
      <Anchor component={Link} to=".." size="sm" mb="xs" display="inline-block">
        ← {t('back')}
      </Anchor>
      <PageHeader title={template.name} description={undefined} actions={<DeleteTemplate template={template} onDone={() => navigate('..')} />} />
      <Text mb="sm">
        <SideLabel sideId={template.side_id} />
      </Text>
      <Group gap="xs" mb="md" component="nav" aria-label={template.name}>
        <Button component={Link} to="." variant={onPreview ? 'default' : 'filled'} aria-current={onPreview ? undefined : 'page'}>
          {t('layout')}
        </Button>
        <Button component={Link} to="preview" variant={onPreview ? 'filled' : 'default'} aria-current={onPreview ? 'page' : undefined}>
          {t('preview')}
        </Button>
      </Group>
      <Routes>
        <Route index element={<Layout template={template} />} />
        <Route path="preview" element={<TemplatePreview template={template} />} />
      </Routes>
    </>
  );
}
