import { Button, Group, Stack, type ModalProps } from '@mantine/core';
import { FailureAlert } from './FailureAlert';
import { GuardedModal } from './GuardedModal';

export interface FormModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Runs on Guardar or Enter; the browser's own validation is off (the domain schema validates). */
  onSubmit: () => void;
  saving: boolean;
  /** The message above the fields (a failed save), usually `form.failure`. */
  failure?: string | null;
  submitLabel?: string;
  size?: ModalProps['size'];
  fullScreen?: boolean;
  children: React.ReactNode;
}

/**
 * The one create/edit window: a form with its failure above the fields and Cancelar / Guardar below them. Escape, the X
 * or a click outside ask before discarding typed data (GuardedModal); Cancelar and a save close directly.
 */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  saving,
  failure,
  submitLabel = 'Guardar',
  size,
  fullScreen,
  children,
}: FormModalProps) {
  return (
    <GuardedModal opened={opened} onClose={onClose} title={title} centered size={size} fullScreen={fullScreen}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <FailureAlert message={failure} />
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
