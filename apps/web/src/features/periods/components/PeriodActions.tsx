import { Button, Group, SimpleGrid } from '@mantine/core';
import type { Period } from '@egreso/domain';

/** Activar is off for the active period and for a closed one; Cerrar is off once closed. */
export function periodActionState(p: Pick<Period, 'is_active' | 'status'>) {
  return { canActivate: !p.is_active && p.status !== 'closed', canClose: p.status !== 'closed' };
}

interface Props {
  period: Period;
  onEdit: (p: Period) => void;
  onActivate: (p: Period) => void;
  onClose: (p: Period) => void;
  onDelete: (p: Period) => void;
  /** Phone cards lay the four buttons out in a 2 × 2 grid. */
  grid?: boolean;
}

export function PeriodActions({ period, onEdit, onActivate, onClose, onDelete, grid }: Props) {
  const { canActivate, canClose } = periodActionState(period);
  const buttons = (
    <>
      <Button size="xs" variant="light" onClick={() => onEdit(period)} aria-label={`Editar ${period.period_name}`}>
        Editar
      </Button>
      <Button
        size="xs"
        variant="light"
        color="teal"
        disabled={!canActivate}
        onClick={() => onActivate(period)}
        aria-label={`Activar ${period.period_name}`}
      >
        Activar
      </Button>
      <Button
        size="xs"
        variant="light"
        color="orange"
        disabled={!canClose}
        onClick={() => onClose(period)}
        aria-label={`Cerrar ${period.period_name}`}
      >
        Cerrar
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => onDelete(period)}
        aria-label={`Eliminar ${period.period_name}`}
      >
        Eliminar
      </Button>
    </>
  );
  return grid ? (
    <SimpleGrid cols={2} spacing="xs">
      {buttons}
    </SimpleGrid>
  ) : (
    <Group gap={6} wrap="nowrap">
      {buttons}
    </Group>
  );
}
