/**
 * Assets of a store, one URL per section: images, cliparts (categories, and one category's
 * cliparts), fonts, and the defaults Folio gives every store (fonts, cliparts), read only.
 */
import type { ReactNode } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { useT } from '../../app/i18n.tsx';
import { PageHeader } from '../../components/ui.tsx';
import { m } from './messages.ts';
import { ClipartCategories, ClipartCategory } from './cliparts.tsx';
import { DefaultCliparts } from './defaults.tsx';
import { DefaultFonts, FontsTab } from './fonts.tsx';
import { ImagesTab } from './images.tsx';

function Tab({ to, label, end }: { to: string; label: string; end?: boolean }) {
  return (
    <NavLink to={to} end={end} style={{ textDecoration: 'none' }}>
      {({ isActive }) => (
        <Button component="span" variant={isActive ? 'filled' : 'default'} size="sm">
          {label}
        </Button>
      )}
    </NavLink>
  );
}

function Sections({ defaults }: { defaults?: boolean }) {
  const t = useT(m);
  return (
    <>
      <Group component="nav" aria-label={t('sections')} gap="xs" mb="md" wrap="wrap">
        <Tab to="../images" label={t('images')} />
        <Tab to="../cliparts" label={t('cliparts')} />
        <Tab to="../fonts" label={t('fonts')} />
        <Tab to="../defaults/fonts" label={`${t('defaults')}: ${t('fonts')}`} />
        <Tab to="../defaults/cliparts" label={`${t('defaults')}: ${t('cliparts')}`} />
      </Group>
      {defaults && (
        <Text c="dimmed" size="sm" mb="sm">
          {t('defaultsHelp')}
        </Text>
      )}
    </>
  );
}

function Page({ children, defaults }: { children: ReactNode; defaults?: boolean }) {
  const t = useT(m);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Sections defaults={defaults} />
      {children}
    </>
  );
}

export default function Assets() {
  return (
    <Routes>
      <Route index element={<Navigate to="images" replace />} />
      <Route path="images" element={<Page><ImagesTab /></Page>} />
      <Route path="cliparts" element={<Page><ClipartCategories /></Page>} />
      <Route path="cliparts/:category" element={<Page><ClipartCategory /></Page>} />
      <Route path="fonts" element={<Page><FontsTab /></Page>} />
      <Route path="defaults" element={<Navigate to="fonts" replace />} />
      <Route path="defaults/fonts" element={<Page defaults><DefaultFonts /></Page>} />
      <Route path="defaults/cliparts" element={<Page defaults><DefaultCliparts /></Page>} />
    </Routes>
  );
}
