import { Button, Group } from '@mantine/core';

interface Props {
  /** Completes the buttons' accessible names: 'Editar ISC', 'Eliminar grupo 501'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Small text buttons, for a line inside a card (a rubric's indicators). */
  compact?: boolean;
  /** Buttons shown before 'Editar' ('Restablecer contraseña'); each label also starts its accessible name. */
  more?: ReadonlyArray<{ label: string; onClick: () => void }>;
}

/** A list row's 'Editar' and 'Eliminar' buttons. */
export function RowActions({ name, onEdit, onDelete, compact = false, more = [] }: Props) {
  const look = compact
    ? ({ size: 'compact-xs', variant: 'subtle' } as const)
    : ({ size: 'xs', variant: 'light' } as const);
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      {more.map((m) => (
        <Button key={m.label} {...look} color="gray" onClick={m.onClick} aria-label={`${m.label} de ${name}`}>
          {m.label}
        </Button>
      ))}
      <Button {...look} onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </Button>
      <Button {...look} color="red" onClick={onDelete} aria-label={`Eliminar ${name}`}>
        Eliminar
      </Button>
    </Group>
  );
}
