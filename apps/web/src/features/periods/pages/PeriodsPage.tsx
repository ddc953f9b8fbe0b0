import { Alert, Badge, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LIMITS, PERIOD_MSG, PERIOD_STATUS_LABEL, type Period, type PeriodStatus } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CreateFab } from '../../../components/CreateFab';
import { FilterPanel } from '../../../components/FilterPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { StatCard } from '../../../components/StatCard';
import { formatDate } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { getRole } from '../../../lib/session';
import { useFeedback } from '../../../lib/use-feedback';
import { useFormModal } from '../../../lib/use-form';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useServerPaging } from '../../../lib/use-server-paging';
import { useActivatePeriod } from '../api/activate-period';
import { useClosePeriod } from '../api/close-period';
import { useDeletePeriod } from '../api/delete-period';
import {
  ACTIVE_PERIOD,
  activePeriodOf,
  periodCount,
  usePeriods,
  type PeriodFilters,
} from '../../../lib/queries/periods';
import { GroupPolicyModal } from '../components/GroupPolicyModal';
import { PeriodActions } from '../components/PeriodActions';
import { PeriodFormModal } from '../components/PeriodFormModal';

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
  return (
    <Badge color={status === 'closed' ? 'gray' : 'green'} variant="light">
      {PERIOD_STATUS_LABEL[status]}
    </Badge>
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="blue">Sí</Badge>
  ) : (
    <Badge color="gray" variant="outline">
      No
    </Badge>
  );
}

const CONFIRM_TEXT: Record<Pending['kind'], (name: string) => string> = {
  activate: (name) => `Esto desactivará otros periodos activos. ¿Activar "${name}"?`,
  close: (name) => `¿Cerrar el periodo "${name}"?`,
  delete: (name) => `¿Eliminar el periodo "${name}"?`,
};
const CONFIRM_TITLE: Record<Pending['kind'], string> = {
  activate: 'Activar periodo',
  close: 'Cerrar periodo',
  delete: 'Eliminar periodo',
};
const CONFIRM_LABEL: Record<Pending['kind'], string> = {
  activate: 'Activar',
  close: 'Cerrar periodo',
  delete: 'Eliminar',
};
const SUCCESS: Record<Pending['kind'], string> = {
  activate: 'Periodo activado correctamente.',
  close: 'Periodo cerrado correctamente.',
  delete: 'Periodo eliminado correctamente.',
};
const FAILURE: Record<Pending['kind'], string> = {
  activate: 'No se pudo activar',
  close: 'No se pudo cerrar',
  delete: 'No se pudo eliminar',
};

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
  const feedback = useFeedback();

  const periods = usePeriods(toQuery(applied, page));
  // The four cards: GET /periods with per_page=1, alone and with the status and is_active filters.
  const summary = [
    usePeriods({ per_page: 1 }, periodCount),
    usePeriods({ per_page: 1, status: 'published' }, periodCount),
    usePeriods({ per_page: 1, status: 'closed' }, periodCount),
  ];
  const active = usePeriods(ACTIVE_PERIOD, activePeriodOf);
  const activate = useActivatePeriod();
  const close = useClosePeriod();
  const remove = useDeletePeriod();
  const busy = activate.isPending || close.isPending || remove.isPending;

  const paging = useServerPaging({
    meta: periods.data?.meta,
    page,
    setPage,
    fetching: periods.isFetching,
    noun: ['periodo', 'periodos'],
  });

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
      feedback.error(PERIOD_MSG.activateClosed);
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
      feedback.success(SUCCESS[kind]);
    } catch (err) {
      setPending(null);
      feedback.error(errorText(FAILURE[kind], err));
    }
  };

  const handlers = {
    onEdit: (p: Period) => form.open(p),
    onActivate: askActivate,
    onClose: (p: Period) => setPending({ kind: 'close', period: p }),
    onDelete: (p: Period) => setPending({ kind: 'delete', period: p }),
  };

  const columns: Column<Period>[] = [
    { key: 'name', header: 'Nombre', cell: (p) => p.period_name, card: 'title' },
    { key: 'start', header: 'Inicio', cell: (p) => formatDate(p.start_date) },
    { key: 'end', header: 'Fin', cell: (p) => formatDate(p.end_date) },
    { key: 'status', header: 'Estado', cell: (p) => <StatusBadge status={p.status} /> },
    { key: 'active', header: 'Activo', cell: (p) => <ActiveBadge active={p.is_active} /> },
    { key: 'notes', header: 'Notas', cell: (p) => p.notes, card: 'plain', desktop: false },
    {
      key: 'actions',
      header: 'Acciones',
      width: 330,
      card: 'actions',
      cell: (p) => <PeriodActions period={p} grid={isMobile} {...handlers} />,
    },
  ];
  const filtersActive = applied.name.trim() !== '' || applied.status !== null || applied.active !== null;

  const filterForm = (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Buscar por nombre"
          placeholder="Ej. AGO-DIC"
          value={draft.name}
          maxLength={LIMITS.periodName}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <Select
          label="Estado"
          placeholder="Todos"
          data={STATUS_OPTIONS}
          value={draft.status}
          onChange={(v) => setDraft({ ...draft, status: v as PeriodStatus | null })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Activo"
          placeholder="Todos"
          data={ACTIVE_OPTIONS}
          value={draft.active}
          onChange={(v) => setDraft({ ...draft, active: v as Filters['active'] })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm" gap="sm">
        <Button variant="default" onClick={clear}>
          Limpiar
        </Button>
        <Button type="submit">Aplicar</Button>
      </Group>
    </form>
  );

  return (
    <>
      <PageHeader
        title="Gestionar periodos"
        subtitle="Periodos académicos: solo uno puede estar activo a la vez."
        actions={
          <>
            {canSeePolicy ? (
              <Button variant="light" onClick={() => setPolicyOpen(true)}>
                Política de grupos
              </Button>
            ) : null}
            {isMobile ? null : <Button onClick={() => form.open(null)}>Nuevo periodo</Button>}
          </>
        }
      />

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="lg">
        <StatCard label="Total de periodos" value={summary[0]!.data ?? '-'} />
        <StatCard label="Publicados" value={summary[1]!.data ?? '-'} />
        <StatCard label="Cerrados" value={summary[2]!.data ?? '-'} />
        <StatCard label="Periodo activo" value={active.data?.period_name ?? '-'} />
      </SimpleGrid>

      <FilterPanel active={filtersActive} open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)}>
        {filterForm}
      </FilterPanel>

      {[...summary, active].some((q) => q.isError) && !periods.isError ? (
        <Alert color="red" mb="md">
          Error al cargar periodos
        </Alert>
      ) : null}
      <ResponsiveTable
        rows={periods.data?.data}
        columns={columns}
        rowKey={(p) => p.id}
        label="Periodos"
        minWidth={900}
        loading={periods.isPending}
        error={periods.isError ? 'Error al cargar periodos' : null}
        emptyText={filtersActive ? 'No hay periodos que coincidan con los filtros.' : 'No hay periodos registrados.'}
        paging={paging}
      />
      {/* The floating button would cover Aplicar while the filters are open. */}
      <CreateFab label="Nuevo periodo" onClick={() => form.open(null)} hidden={filtersOpen} />

      <PeriodFormModal
        opened={form.opened}
        period={form.editing}
        onClose={form.close}
        onSaved={() => {
          feedback.success(form.editing ? 'Periodo actualizado correctamente.' : 'Periodo registrado correctamente.');
          form.close();
        }}
      />
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
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
