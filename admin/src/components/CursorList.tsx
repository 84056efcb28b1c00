/**
 * A list page's table over one of the API's cursor lists (`{data, links: {next, prev}}`): search
 * as you type (debounced, `?q=` in the URL), the API's cursors for the pages (`?cursor=`, so a
 * deep link and the back button keep the page), an empty state, optional row selection for bulk
 * actions. Render time after the data arrives is recorded for the bench
 * (`window.__folioListRenders`).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, Loader, ScrollArea, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../app/i18n.tsx';
import { errorMessage } from '../app/notify.ts';
import { listArgs, listKey, pageSizeOf, PAGE_SIZES, type LoadArgs } from '../app/lists.ts';
import { common } from './messages.ts';
import { EmptyState } from './ui.tsx';


export interface ListAnswer<T> {
  data: T[];
  links: { next: string | null; prev: string | null };
  meta?: { total?: number } & Record<string, unknown>;
}
export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
}
export type { LoadArgs };

/** The `cursor` query parameter of a `links.next`/`links.prev` URL. */
export function cursorOf(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    return new URL(link, window.location.origin).searchParams.get('cursor');
  } catch {
    return null;
  }
}

declare global {
  interface Window {
    __folioListRenders?: Array<{ list: string; rows: number; ms: number; kind: 'mount' | 'update' }>;
  }
}

export interface CursorListProps<T> {
  /** react-query key prefix; the list refetches when it changes (filters) */
  queryKey: readonly unknown[];
  load: (args: LoadArgs) => Promise<ListAnswer<T>>;
  columns: Array<Column<T>>;
  rowKey: (row: T) => string;
  /** the accessible name of the table */
  caption: string;
  empty: ReactNode;
  searchable?: boolean;
  limit?: number;
  /** with it, rows get a checkbox and `bulk` renders the actions for the chosen ones */
  bulk?: (rows: T[], clear: () => void) => ReactNode;
  rowLabel?: (row: T) => string;
  /** extra filters beside the search box */
  filters?: ReactNode;
}

/**
 * A list's place in the URL: `?q=` (search, set 250 ms after the last key, which also drops
 * the cursor) and `?cursor=` (the API's cursor); `go(cursor)` moves to another page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text, 250);
  useEffect(() => {
    if (debounced === q) return;
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (debounced) n.set('q', debounced);
      else n.delete('q');
      n.delete('cursor');
      return n;
    }, { replace: true });
  }, [debounced, q, setParams]);
  const go = (c: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (c) n.set('cursor', c);
      else n.delete('cursor');
      return n;
    });
  return { params, setParams, q, cursor, text, setText, go };
}

export function CursorList<T>({ queryKey, load, columns, rowKey, caption, empty, searchable = true, limit = 25, bulk, rowLabel, filters }: CursorListProps<T>) {
  const t = useT(common);
  const { params, setParams, q, cursor, text, setText, go } = useListParams();
  const pageSize = pageSizeOf(params, limit);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const query = useQuery({
    // the key the route's loader may have read ahead with (app/lists.ts)
    queryKey: listKey(queryKey, params, limit),
    queryFn: ({ signal }) => load({ ...listArgs(params, limit), signal }),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);

  // Data → rows painted, for the bench: the frame after the commit has been painted when a
  // task posted from its requestAnimationFrame callback runs. From the data's arrival, or from
  // this list's mount when the data was there first (read ahead by the route's loader, or
  // cached). `mount`: this list's first rows; `update`: other data in a list already on screen
  // (another page, a search).
  const [mountedAt] = useState(() => performance.now());
  const measured = useRef(0);
  useLayoutEffect(() => {
    if (!query.data || query.isPlaceholderData || query.dataUpdatedAt === measured.current) return;
    const kind = measured.current ? 'update' : 'mount';
    measured.current = query.dataUpdatedAt;
    const started = Math.max(mountedAt, query.dataUpdatedAt - performance.timeOrigin);
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        (window.__folioListRenders ??= []).push({ list: String(queryKey[0]), rows: rows.length, ms: performance.now() - started, kind });
        // the page's first data on screen: what the load bench calls interactive
        if (performance.getEntriesByName('folio:interactive').length === 0) performance.mark('folio:interactive');
      };
      ch.port2.postMessage(null);
    });
  }, [query.data, query.isPlaceholderData, query.dataUpdatedAt, mountedAt, rows.length, queryKey]);

  const next = cursorOf(query.data?.links.next);
  const prev = cursorOf(query.data?.links.prev);
  const chosen = rows.filter((r) => selected.has(rowKey(r)));
  const clear = () => setSelected(new Set());
  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      }),
    [],
  );
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  return (
    <div>
      {(searchable || filters || bulk) && (
        <Group mb="sm" gap="sm" wrap="wrap" align="flex-end">
          {searchable && <TextInput type="search" label={t('search')} value={text} onChange={(e) => setText(e.currentTarget.value)} w={280} />}
          {filters}
          {bulk && chosen.length > 0 && <Group gap="xs">{bulk(chosen, clear)}</Group>}
        </Group>
      )}
      {query.isError && (
        <Alert color="red" title={t('error')} mb="sm" role="alert">
          {t('failed', { message: errorMessage(query.error) })}{' '}
          <Button size="xs" variant="subtle" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('loading')} />
        </Group>
      ) : rows.length === 0 && !query.isError ? (
        // a search that finds nothing is not an empty list: say so, and offer the way back
        q ? (
          <EmptyState
            title={t('noMatch', { q })}
            body={t('noMatchBody')}
            action={
              <Button variant="default" onClick={() => setText('')}>
                {t('clearSearch')}
              </Button>
            }
          />
        ) : (
          empty
        )
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={query.isFetching}>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
              {caption}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {bulk && (
                  <Table.Th w={40}>
                    <Checkbox aria-label={t('selectAll')} checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map(rowKey)))} />
                  </Table.Th>
                )}
                {columns.map((c) => (
                  <Table.Th key={c.key} scope="col">
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const id = rowKey(row);
                return <Row key={id} id={id} row={row} columns={columns} chosen={bulk ? selected.has(id) : undefined} label={rowLabel ? rowLabel(row) : id} toggle={toggle} />;
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {(next || prev || cursor || pageSize !== limit) && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t('rows', { n: rows.length })}
            {typeof query.data?.meta?.total === 'number' ? ` · ${t('total', { n: query.data.meta.total })}` : ''}
          </Text>
          <Group gap="xs">
            <Select
              aria-label={t('perPage')}
              data={PAGE_SIZES.map(String)}
              value={String(pageSize)}
              w={80}
              allowDeselect={false}
              onChange={(v) =>
                setParams((p) => {
                  const n = new URLSearchParams(p);
                  n.set('limit', String(v));
                  n.delete('cursor');
                  return n;
                })
              }
            />
            <Button variant="default" disabled={!prev && !cursor} onClick={() => go(prev)}>
              {t('prev')}
            </Button>
            <Button variant="default" disabled={!next} onClick={() => go(next)}>
              {t('next')}
            </Button>
          </Group>
        </Group>
      )}
    </div>
  );
}

// A list's rows are plain elements with the classes and attributes Mantine's Table.Tr/Td give
// them inside <Table striped highlightOnHover> (same look): Table.Td is a styled component that
// reads the theme and the table's context for every cell, most of a 100-row render's time.
const TR = `${Table.classes.tr} mantine-Table-tr`;
const TD = `${Table.classes.td} mantine-Table-td`;

interface RowProps<T> {
  id: string;
  row: T;
  columns: Array<Column<T>>;
  /** with a checkbox: whether it is ticked */
  chosen: boolean | undefined;
  label: string;
  toggle: (id: string) => void;
}
// memoised: ticking one row's checkbox re-renders that row only
const Row = memo(function Row<T>({ id, row, columns, chosen, label, toggle }: RowProps<T>) {
  return (
    <tr className={TR} data-with-row-border="true" data-striped="odd" data-hover="true" data-row-id={id}>
      {chosen !== undefined && (
        <td className={TD}>
          <Checkbox aria-label={label} checked={chosen} onChange={() => toggle(id)} />
        </td>
      )}
      {columns.map((c) => (
        <td key={c.key} className={TD}>
          {c.render(row)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

/** A table cell that links to a record's page (keyboard and middle-click friendly); the markup of Mantine's <Anchor fw={500}>, without its work per row. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={ANCHOR} data-underline="hover" style={{ fontWeight: 500 }}>
      {children}
    </Link>
  );
}
const ANCHOR = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;
