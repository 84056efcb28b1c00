/** The account's agencies: search as you type (kept in the URL), create one. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormat, useT } from '../../app/i18n.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useSession } from '../../app/session.tsx';
import { EmptyState, PageHeader } from '../../components/ui.tsx';
import { AGENCY_TYPES, useAgencies, type Agency } from './api.ts';
import { m } from './messages.ts';
import { Guard, SimpleTable } from './shared.tsx';

function CreateAgency() {
  const t = useT(m);
  const { account } = useSession();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<string>('school');
  const create = useMutation({
    mutationFn: async () => (await account.post('/services/studio/agencies', { body: { name, agency_type: type as (typeof AGENCY_TYPES)[number] } })) as Agency,
    onSuccess: (a) => {
      qc.setQueryData<Agency[]>(['studio', 'agencies'], (old) => [...(old ?? []), a]);
      void qc.invalidateQueries({ queryKey: ['studio', 'agencies'] });
      setName('');
      notifySuccess(t('agencyCreated', { name: a.name }));
    },
    onError: (err) => notifyError(err),
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), create.mutate())} aria-labelledby="new-agency">
      <Title order={2} size="h4" id="new-agency" mb="sm">
        {t('newAgency')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('agencyName')} value={name} onChange={(e) => setName(e.currentTarget.value)} required style={{ flex: 1, minWidth: 200 }} />
        <Select label={t('agencyType')} data={AGENCY_TYPES.map((v) => ({ value: v, label: t(`type_${v}`) }))} value={type} onChange={(v) => setType(v ?? 'school')} allowDeselect={false} />
        <Button type="submit" loading={create.isPending}>
          {t('create')}
        </Button>
      </Group>
    </Paper>
  );
}

export function AgencyList() {
  const t = useT(m);
  const f = useFormat();
  const agencies = useAgencies();
  const [params, setParams] = useSearchParams();
  // the field keeps its own text (typing never waits for the router); the URL follows it
  const [q, setQ] = useState(params.get('q') ?? '');
  const rows = (agencies.data ?? []).filter((a) => a.name.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <Stack>
      <PageHeader title={t('title')} description={t('intro')} />
      <CreateAgency />
      <TextInput label={t('search')} type="search" value={q} onChange={(e) => {
          const v = e.currentTarget.value;
          setQ(v);
          setParams(v ? { q: v } : {}, { replace: true });
        }} maw={360} />
      <Guard loading={agencies.isLoading} error={agencies.error}>
        {rows.length === 0 ? (
          <EmptyState title={q ? t('noMatchTitle') : t('noAgencyTitle')} body={q ? t('noMatchBody') : t('noAgencyBody')} />
        ) : (
          <SimpleTable
            caption={t('agencies')}
            rows={rows}
            rowKey={(a) => a.id}
            columns={[
              { key: 'name', header: t('agencyName'), render: (a) => <Anchor component={Link} to={`agencies/${a.id}`}>{a.name}</Anchor> },
              { key: 'type', header: t('agencyType'), render: (a) => t(`type_${a.agency_type as (typeof AGENCY_TYPES)[number]}`) },
              { key: 'created', header: t('created'), render: (a) => f.date(a.created_at) },
            ]}
          />
        )}
      </Guard>
    </Stack>
  );
}
