import { Button, Group, Text } from '@mantine/core';
import type { Activity, SheetStudent } from '@egreso/domain';
import type { SheetAddress } from '../api/ratings-files';
import type { SheetFeedback } from '../grid/use-grade-sheet-state';
import { SheetFileButtons } from './SheetFileButtons';

interface Props {
  assignmentId: number;
  address: SheetAddress;
  readOnly: boolean;
  feedback: SheetFeedback;
  isMobile: boolean;
  /** Whether the subject has activities to fill. */
  canFill: boolean;
  /** The cell the grid is on (wide screens). */
  active: { student: SheetStudent | undefined; activity: Activity | undefined } | null;
  saving: boolean;
  /** The grades a save would send (not the cells held back: 0-10 questions, non-numbers). */
  sendCount: number;
  onFill: () => void;
  onHistory: (student: SheetStudent, activity: Activity) => void;
  onSave: () => void;
}

/**
 * The sheet's buttons: its spreadsheet files, 'Rellenar vacías', the history of the grid's cell (wide screens, where
 * the cell is named under them) and 'Guardar calificaciones' with the count of the grades it
 * would send.
 */
export function SheetToolbar({ active, isMobile, readOnly, ...p }: Props) {
  const cell = active?.student && active.activity ? { student: active.student, activity: active.activity } : null;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <SheetFileButtons assignmentId={p.assignmentId} address={p.address} readOnly={readOnly} feedback={p.feedback} />
        {!readOnly ? (
          <Button onClick={p.onFill} variant="default" disabled={!p.canFill}>
            Rellenar vacías
          </Button>
        ) : null}
        {!isMobile ? (
          <Button variant="default" disabled={!cell} onClick={() => cell && p.onHistory(cell.student, cell.activity)}>
            Historial de la celda
          </Button>
        ) : null}
        {!readOnly ? (
          <Button onClick={p.onSave} loading={p.saving} ml={isMobile ? undefined : 'auto'}>
            Guardar calificaciones{p.sendCount ? ` (${p.sendCount})` : ''}
          </Button>
        ) : null}
      </Group>
      {cell && !isMobile ? (
        <Text size="xs" c="dimmed" aria-live="polite">
          Celda: {cell.student.full_name} · {cell.activity.activity_name}
        </Text>
      ) : null}
    </>
  );
}
