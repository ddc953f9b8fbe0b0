import { Button, Group } from '@mantine/core';

interface Props {
  /** Completes the buttons' accessible names: 'Editar ISC', 'Eliminar grupo 501'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A list row's 'Editar' and 'Eliminar' buttons. */
export function RowActions({ name, onEdit, onDelete }: Props) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </Button>
      <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Eliminar ${name}`}>
        Eliminar
      </Button>
    </Group>
  );
}
