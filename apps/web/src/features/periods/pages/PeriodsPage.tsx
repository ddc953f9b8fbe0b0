import { ActionIcon, Affix, Alert, Badge, Button, Card, Collapse, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LIMITS, PERIOD_MSG, PERIOD_STATUS_LABEL, type Period, type PeriodStatus } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { formatDate } from '../../../lib/dates';
import { withReason } from '../../../lib/form-errors';
import { getRole } from '../../../lib/session';
import { useFormModal } from '../../../lib/use-form-modal';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useActivatePeriod } from '../api/activate-period';
import { useClosePeriod } from '../api/close-period';
import { useDeletePeriod } from '../api/delete-period';
import { usePeriodSummary } from '../api/get-period-summary';
import { usePeriods, type PeriodFilters } from '../api/get-periods';
import { GroupPolicyModal } from '../components/GroupPolicyModal';
import { PeriodActions } from '../components/PeriodActions';
import { PeriodFormModal } from '../components/PeriodFormModal';
import { StatCard } from '../../../components/StatCard';

interface Filters {
  name: string;
  status: PeriodStatus | null;
  active: '1' | '0' | null;
}

const EMPTY: Filters = { name: '', status: null, active: null };

type Pending = { kind: 'activate' | 'close' | 'delete'; period: Period };

const STATUS_OPTIONS = [
  { value: 'published', label: PERIOD_STATUS_LABEL.published },
  { value: 'closed', label: PERIOD_STATUS_LABEL.closed },
];
const ACTIVE_OPTIONS = [
  { value: '1', label: 'Sí' },
  { value: '0', label: 'No' },
];

function toQuery(f: Filters, page: number): PeriodFilters {
  return {
    period_name: f.name.trim() || undefined,
    status: f.status ?? undefined,
    is_active: f.active === null ? undefined : f.active === '1' ? 1 : 0,
    page,
    per_page: LIMITS.periodsPageSize,
  };
}

function StatusBadge({ status }: { status: PeriodStatus }) {
  return <Badge color={status === 'closed' ? 'gray' : 'green'} variant="light">{PERIOD_STATUS_LABEL[status]}</Badge>;
}

function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge color="blue">Sí</Badge> : <Badge color="gray" variant="outline">No</Badge>;
}

const CONFIRM_TEXT: Record<Pending['kind'], (name: string) => string> = {
  activate: (name) => `Esto desactivará otros periodos activos. ¿Activar "${name}"?`,
  close: (name) => `¿Cerrar el periodo "${name}"?`,
  delete: (name) => `¿Eliminar el periodo "${name}"?`,
};
const CONFIRM_TITLE: Record<Pending['kind'], string> = { activate: 'Activar periodo', close: 'Cerrar periodo', delete: 'Eliminar periodo' };
const CONFIRM_LABEL: Record<Pending['kind'], string> = { activate: 'Activar', close: 'Cerrar periodo', delete: 'Eliminar' };
const FAILURE: Record<Pending['kind'], string> = { activate: 'No se pudo activar', close: 'No se pudo cerrar', delete: 'No se pudo eliminar' };

export default function PeriodsPage() {
  const isMobile = useIsMobile();
  const role = getRole();
  const canSeePolicy = role === 0 || role === 99;
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const form = useFormModal<Period>();
  const [policyOpen, setPolicyOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const periods = usePeriods(toQuery(applied, page));
  const summary = usePeriodSummary();
  const activate = useActivatePeriod();
  const close = useClosePeriod();
  const remove = useDeletePeriod();
  const busy = activate.isPending || close.isPending || remove.isPending;

  const meta = periods.data?.meta;
  // Deleting the last row of the last page leaves the page past the end: step back.
  useEffect(() => {
    if (meta && page > meta.last_page) setPage(meta.last_page);
  }, [meta, page]);

  const apply = () => {
    setApplied(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  };
  const askActivate = (p: Period) => {
    if (p.status === 'closed') {
      setResult({ kind: 'error', message: PERIOD_MSG.activateClosed });
      return;
    }
    setPending({ kind: 'activate', period: p });
  };

  const runPending = async () => {
    if (!pending) return;
    const { kind, period } = pending;
    try {
      if (kind === 'activate') await activate.mutateAsync(period.id);
      else if (kind === 'close') await close.mutateAsync(period.id);
      else await remove.mutateAsync(period.id);
      setPending(null);
    } catch (err) {
      setPending(null);
      setResult({ kind: 'error', message: withReason(FAILURE[kind], err) });
    }
  };

  const handlers = {
    onEdit: (p: Period) => form.open(p),
    onActivate: askActivate,
    onClose: (p: Period) => setPending({ kind: 'close', period: p }),
    onDelete: (p: Period) => setPending({ kind: 'delete', period: p }),
  };

  const rows = periods.data?.data ?? [];
  const filtersActive = applied.name.trim() !== '' || applied.status !== null || applied.active !== null;

  const filterPanel = (
    <Card withBorder radius="md" padding="md" mb="md">
      <form onSubmit={(e) => { e.preventDefault(); apply(); }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Buscar por nombre" placeholder="Ej. AGO-DIC" value={draft.name} maxLength={LIMITS.periodName} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
          <Select label="Estado" placeholder="Todos" data={STATUS_OPTIONS} value={draft.status} onChange={(v) => setDraft({ ...draft, status: v as PeriodStatus | null })} clearable comboboxProps={{ withinPortal: true }} />
          <Select label="Activo" placeholder="Todos" data={ACTIVE_OPTIONS} value={draft.active} onChange={(v) => setDraft({ ...draft, active: v as Filters['active'] })} clearable comboboxProps={{ withinPortal: true }} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm" gap="sm">
          <Button variant="default" onClick={clear}>Limpiar</Button>
          <Button type="submit">Aplicar</Button>
        </Group>
      </form>
    </Card>
  );

  return (
    <>
      <PageHeader
        title="Gestionar periodos"
        subtitle="Periodos académicos: solo uno puede estar activo a la vez."
        actions={(
          <>
            {canSeePolicy ? <Button variant="light" onClick={() => setPolicyOpen(true)}>Política de grupos</Button> : null}
            {isMobile ? null : <Button onClick={() => form.open(null)}>Nuevo periodo</Button>}
          </>
        )}
      />

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="lg">
        <StatCard label="Total de periodos" value={summary.data?.total ?? '-'} />
        <StatCard label="Publicados" value={summary.data?.published ?? '-'} />
        <StatCard label="Cerrados" value={summary.data?.closed ?? '-'} />
        <StatCard label="Periodo activo" value={summary.data ? summary.data.activeName ?? '-' : '-'} />
      </SimpleGrid>

      {isMobile ? (
        <>
          <Button variant="default" fullWidth mb="sm" onClick={() => setFiltersOpen((o) => !o)} aria-expanded={filtersOpen}>
            {filtersOpen ? 'Ocultar filtros' : `Filtros${filtersActive ? ' (aplicados)' : ''}`}
          </Button>
          <Collapse in={filtersOpen}>{filterPanel}</Collapse>
        </>
      ) : filterPanel}

      {periods.isPending ? <PageLoader /> : null}
      {periods.isError || summary.isError ? <Alert color="red" mb="md">Error al cargar periodos</Alert> : null}
      {periods.isSuccess && rows.length === 0 ? (
        <Text c="dimmed" py="md">{filtersActive ? 'No hay periodos que coincidan con los filtros.' : 'No hay periodos registrados.'}</Text>
      ) : null}

      {rows.length > 0 && isMobile ? (
        <Stack gap="sm">
          {rows.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="md">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>{p.period_name}</Text>
              <Group gap={6} my={4}>
                <StatusBadge status={p.status} />
                {p.is_active ? <Badge color="blue">Activo</Badge> : null}
              </Group>
              <Text size="sm" c="dimmed">{formatDate(p.start_date)} – {formatDate(p.end_date)}</Text>
              {p.notes ? <Text size="sm" mt={4}>{p.notes}</Text> : null}
              <Stack mt="sm"><PeriodActions period={p} grid {...handlers} /></Stack>
            </Card>
          ))}
        </Stack>
      ) : null}
      {rows.length > 0 && !isMobile ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Inicio</Table.Th>
                <Table.Th>Fin</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Activo</Table.Th>
                <Table.Th w={330}>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td fw={600}>{p.period_name}</Table.Td>
                  <Table.Td>{formatDate(p.start_date)}</Table.Td>
                  <Table.Td>{formatDate(p.end_date)}</Table.Td>
                  <Table.Td><StatusBadge status={p.status} /></Table.Td>
                  <Table.Td><ActiveBadge active={p.is_active} /></Table.Td>
                  <Table.Td><PeriodActions period={p} {...handlers} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}

      {meta && meta.total > 0 ? (
        <Group justify="space-between" mt="md" mb={isMobile ? 80 : 0} gap="sm">
          <Text size="sm" c="dimmed">Total: {meta.total} {meta.total === 1 ? 'periodo' : 'periodos'}</Text>
          <Group gap="sm">
            <Button variant="default" size="xs" disabled={page <= 1 || periods.isFetching} onClick={() => setPage((p) => p - 1)}>Anterior</Button>
            <Text size="sm">Página {meta.current_page} de {meta.last_page}</Text>
            <Button variant="default" size="xs" disabled={page >= meta.last_page || periods.isFetching} onClick={() => setPage((p) => p + 1)}>Siguiente</Button>
          </Group>
        </Group>
      ) : null}

      {/* The floating button would cover Aplicar while the filters are open. */}
      {isMobile && !filtersOpen ? (
        <Affix position={{ bottom: 20, right: 20 }}>
          <ActionIcon size={56} radius="xl" onClick={() => form.open(null)} aria-label="Nuevo periodo" style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
            <Text fz={30} lh={1} c="white" aria-hidden>+</Text>
          </ActionIcon>
        </Affix>
      ) : null}

      <PeriodFormModal opened={form.opened} period={form.editing} onClose={form.close} onSaved={form.close} />
      {canSeePolicy ? <GroupPolicyModal opened={policyOpen} onClose={() => setPolicyOpen(false)} /> : null}
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? CONFIRM_TITLE[pending.kind] : ''}
        message={pending ? CONFIRM_TEXT[pending.kind](pending.period.period_name) : ''}
        confirmLabel={pending ? CONFIRM_LABEL[pending.kind] : 'Confirmar'}
        danger={pending?.kind === 'delete' || pending?.kind === 'close'}
        loading={busy}
        onConfirm={runPending}
        onCancel={() => setPending(null)}
      />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
