import { Button, Group, Tooltip } from '@mantine/core';

interface Props {
  /** Completes the buttons' accessible names: 'Editar ISC', 'Eliminar grupo 501'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Small text buttons, for a line inside a card (a rubric's indicators). */
  compact?: boolean;
  /**
   * Why the user may not change this row (the server would refuse it): the buttons show disabled, and this text is
   * their tooltip and accessible description.
   */
  lockedReason?: string | null;
}

/** A list row's 'Editar' and 'Eliminar' buttons. */
export function RowActions({ name, onEdit, onDelete, compact = false, lockedReason = null }: Props) {
  const look = compact
    ? ({ size: 'compact-xs', variant: 'subtle' } as const)
    : ({ size: 'xs', variant: 'light' } as const);
  if (lockedReason) {
    // `data-disabled` rather than `disabled`: a disabled button gets no pointer events, so its tooltip would not show.
    const locked = { ...look, 'data-disabled': true, 'aria-disabled': true, title: lockedReason } as const;
    return (
      <Tooltip label={lockedReason} withArrow multiline maw={260}>
        <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
          <Button {...locked} onClick={(e) => e.preventDefault()} aria-label={`Editar ${name}`}>
            Editar
          </Button>
          <Button {...locked} color="red" onClick={(e) => e.preventDefault()} aria-label={`Eliminar ${name}`}>
            Eliminar
          </Button>
        </Group>
      </Tooltip>
    );
  }
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      <Button {...look} onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </Button>
      <Button {...look} color="red" onClick={onDelete} aria-label={`Eliminar ${name}`}>
        Eliminar
      </Button>
    </Group>
  );
}
