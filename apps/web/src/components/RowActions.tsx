import { Button, Group, Tooltip } from '@mantine/core';
import { useId, type MouseEvent } from 'react';

interface Props {
  /** Completes the buttons' accessible names: 'Editar ISC', 'Eliminar grupo 501'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Small text buttons, for a line inside a card (a rubric's indicators). */
  compact?: boolean;
  /**
   * Why the viewer may not change the row (a subject shared with another career): both buttons are shown disabled,
   * with the reason as their tooltip and description, and no other button. Null or absent: the row is the viewer's.
   */
  locked?: string | null;
  /** Buttons shown before 'Editar' ('Restablecer contraseña'); each label also starts its accessible name. */
  more?: ReadonlyArray<{ label: string; onClick: () => void }>;
}

/** A list row's 'Editar' and 'Eliminar' buttons. */
export function RowActions({ name, onEdit, onDelete, compact = false, locked = null, more = [] }: Props) {
  const reasonId = useId();
  const look = compact
    ? ({ size: 'compact-xs', variant: 'subtle' } as const)
    : ({ size: 'xs', variant: 'light' } as const);
  if (locked) {
    // `data-disabled` rather than `disabled`: a disabled button gets no pointer or focus events, so no tooltip.
    const off = {
      ...look,
      'data-disabled': true,
      'aria-disabled': true,
      'aria-describedby': reasonId,
      onClick: (e: MouseEvent) => e.preventDefault(),
    } as const;
    return (
      <Tooltip label={locked} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
          <Button {...off} aria-label={`Editar ${name}`}>
            Editar
          </Button>
          <Button {...off} color="red" aria-label={`Eliminar ${name}`}>
            Eliminar
          </Button>
          <span id={reasonId} hidden>
            {locked}
          </span>
        </Group>
      </Tooltip>
    );
  }
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
