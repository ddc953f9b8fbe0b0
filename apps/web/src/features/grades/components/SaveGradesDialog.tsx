import { ConfirmDialog } from '../../../components/ConfirmDialog';

interface Props {
  opened: boolean;
  saving: boolean;
  /** Unsaved grades, unreadable cells (not sent) and grades that look 0-10 (waiting for an answer, not sent). */
  counts: { drafts: number; bad: number; asked: number };
  onConfirm: () => void;
  onCancel: () => void;
}

/** What 'Guardar calificaciones' will send, and what it leaves behind. */
export function saveGradesMessage({ drafts, bad, asked }: Props['counts']): string {
  const grades =
    drafts === 1 ? 'Se guardará 1 calificación capturada' : `Se guardarán ${drafts} calificaciones capturadas`;
  const unread = bad ? ` (las ${bad} celdas que no son números se quedan sin enviar)` : '';
  const waiting = asked ? ` Las ${asked} que parecen de 0 a 10 esperan tu respuesta y no se envían.` : '';
  return `${grades}${unread}.${waiting}`;
}

/** Asks before the sheet's unsaved grades are sent. */
export function SaveGradesDialog({ opened, saving, counts, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Guardar calificaciones?"
      confirmLabel="Guardar"
      loading={saving}
      message={saveGradesMessage(counts)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
