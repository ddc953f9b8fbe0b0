import { Button, Group, Modal, Text } from '@mantine/core';
import { DIALOG_Z_INDEX } from '../app/theme';

interface Props {
  opened: boolean;
  title: string;
  message: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation step before a destructive or bulk action. It opens above any drawer or form modal, and the
 * focus starts on the safe button, so a reflex Enter cancels.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  danger,
  loading,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={DIALOG_Z_INDEX}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
