/** Small pieces of the studio pages: a table of rows, a loading/error guard, breadcrumbs. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Breadcrumbs, Center, Loader, Table } from '@mantine/core';
import { errorMessage } from '../../app/notify.ts';

export function Crumbs({ items, label }: { items: Array<{ to?: string; label: string }>; label: string }) {
  return (
    <nav aria-label={label}>
      <Breadcrumbs mb="sm">
        {items.map((i) =>
          i.to ? (
            <Anchor key={i.label} component={Link} to={i.to} size="sm">
              {i.label}
            </Anchor>
          ) : (
            <span key={i.label} aria-current="page" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
              {i.label}
            </span>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

export function Guard({ loading, error, children }: { loading: boolean; error: unknown; children: ReactNode }) {
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (loading)
    return (
      <Center py="xl">
        <Loader aria-label="…" />
      </Center>
    );
  return <>{children}</>;
}

export function SimpleTable<R>({ caption, rows, rowKey, columns }: { caption: string; rows: R[]; rowKey: (r: R) => string | number; columns: Array<{ key: string; header: string; render: (r: R) => ReactNode }> }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={rowKey(r)}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.render(r)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
