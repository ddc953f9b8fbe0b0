import { Button, Group } from '@mantine/core';

/** A form modal's Cancelar and Guardar buttons; Guardar submits the surrounding form. */
export function FormModalFooter({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>Cancelar</Button>
      <Button type="submit" loading={saving}>Guardar</Button>
    </Group>
  );
}
