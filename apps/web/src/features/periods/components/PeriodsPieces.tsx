import { Badge, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { LIMITS, PERIOD_STATUS_LABEL, type Period, type PeriodStatus } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Column } from '../../../components/ResponsiveTable';
import { StatCard } from '../../../components/StatCard';
import { formatDate } from '../../../lib/dates';
import { PeriodActions } from './PeriodActions';
import type { Filters, Pending } from './use-periods-state';

const STATUS_OPTIONS = [
  { value: 'published', label: PERIOD_STATUS_LABEL.published },
  { value: 'closed', label: PERIOD_STATUS_LABEL.closed },
];
const ACTIVE_OPTIONS = [
  { value: '1', label: 'Sí' },
  { value: '0', label: 'No' },
];

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

/** What a row's buttons do. */
export interface PeriodHandlers {
  onEdit: (p: Period) => void;
  onActivate: (p: Period) => void;
  onClose: (p: Period) => void;
  onDelete: (p: Period) => void;
}

/** The periods table's columns; the actions are a grid of buttons on a phone. */
export function periodColumns(isMobile: boolean, handlers: PeriodHandlers): Column<Period>[] {
  return [
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
}

interface FilterFormProps {
  draft: Filters;
  setDraft: (draft: Filters) => void;
  apply: () => void;
  clear: () => void;
}

/** Name, status and active filters, applied by 'Aplicar' (or Enter) and emptied by 'Limpiar'. */
export function PeriodFilterForm({ draft, setDraft, apply, clear }: FilterFormProps) {
  return (
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
}

/** The four cards: how many periods, published and closed, and the active period's name. */
export function PeriodSummaryCards({
  counts,
  active,
}: {
  counts: (number | undefined)[];
  active: Period | null | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="lg">
      <StatCard label="Total de periodos" value={counts[0] ?? '-'} />
      <StatCard label="Publicados" value={counts[1] ?? '-'} />
      <StatCard label="Cerrados" value={counts[2] ?? '-'} />
      <StatCard label="Periodo activo" value={active?.period_name ?? '-'} />
    </SimpleGrid>
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

interface ConfirmProps {
  pending: Pending | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation of an activation, a closing or a deletion. */
export function PeriodConfirmDialog({ pending, busy, onConfirm, onCancel }: ConfirmProps) {
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={pending ? CONFIRM_TITLE[pending.kind] : ''}
      message={pending ? CONFIRM_TEXT[pending.kind](pending.period.period_name) : ''}
      confirmLabel={pending ? CONFIRM_LABEL[pending.kind] : 'Confirmar'}
      danger={pending?.kind === 'delete' || pending?.kind === 'close'}
      loading={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
