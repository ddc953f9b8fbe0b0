import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { saveGradesMessage, type HeldBack } from '../grid/save-texts';

interface Props {
  opened: boolean;
  saving: boolean;
  /** How many grades the save sends. */
  send: number;
  /** What it leaves behind: cells that are not numbers, grades waiting for the 0-10 answer. */
  heldBack: HeldBack;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before the sheet's unsaved grades are sent, saying exactly what goes and what stays. */
export function SaveGradesDialog({ opened, saving, send, heldBack, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Guardar calificaciones?"
      confirmLabel="Guardar"
      loading={saving}
      message={saveGradesMessage(send, heldBack)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
