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
  const actions = [
    { label: 'Editar', run: onEdit },
    { label: 'Activar', color: 'teal', disabled: !canActivate, run: onActivate },
    { label: 'Cerrar', color: 'orange', disabled: !canClose, run: onClose },
    { label: 'Eliminar', color: 'red', run: onDelete },
  ];
  // Each button is named with the period: 'Activar AGO-DIC 2026'.
  const buttons = actions.map(({ label, color, disabled, run }) => (
    <Button
      key={label}
      size="xs"
      variant="light"
      color={color}
      disabled={disabled}
      onClick={() => run(period)}
      aria-label={`${label} ${period.period_name}`}
    >
      {label}
    </Button>
  ));
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
