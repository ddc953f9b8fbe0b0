import { Alert, Button, Group, List, Text } from '@mantine/core';
import type { Activity, SheetStudent } from '@egreso/domain';
import { cellText } from '../grid/grid-model';
import type { CellRef, SheetNotice } from '../grid/sheet-state';

interface Props {
  /** Cells whose text is not a number: they are not sent. */
  badCount: number;
  notice: SheetNotice | null;
  asked: Array<CellRef & { value: number }>;
  students: SheetStudent[];
  activities: Activity[];
  onDismiss: () => void;
  onAnswer: (cells: CellRef[], timesTen: boolean) => void;
}

const SHOWN = 8;

function plural(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** A list of cells in words, the first few by name and the rest counted. */
function cellList(items: string[]): string {
  return items.length > SHOWN ? `${items.slice(0, SHOWN).join('; ')}; y ${items.length - SHOWN} más` : items.join('; ');
}

/**
 * What the sheet did by itself, said where it happened: a typed value clamped into 0-100, a pasted block's report
 * (pasted, cut at the grid's edge, clamped, refused), the grades that look like 0-10 (each asked next to its cell,
 * all answered at once here); and the cells that are not numbers, which a save leaves behind.
 */
export function SheetNotices({ badCount, notice, asked, students, activities, onDismiss, onAnswer }: Props) {
  const name = (c: CellRef) =>
    `${students.find((s) => s.id === c.userId)?.full_name ?? ''} · ${activities.find((a) => a.id === c.activityId)?.activity_name ?? ''}`;
  return (
    <>
      {badCount ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {badCount === 1 ? '1 celda no es un número: corrígela' : `${badCount} celdas no son números: corrígelas`}{' '}
          antes de guardar.
        </Text>
      ) : null}
      {notice?.kind === 'clamped' ? (
        <Alert color="yellow" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={onDismiss} py={6}>
          <Text size="sm">
            {notice.from} se ajustó a {notice.to} ({name(notice)}): las calificaciones van de 0 a 100.
          </Text>
        </Alert>
      ) : null}
      {notice?.kind === 'paste' ? (
        <Alert
          color={notice.cut.length || notice.refused.length || notice.clamped.length ? 'yellow' : 'green'}
          role="status"
          title={`Se pegaron ${plural(notice.placed, 'celda', 'celdas')}`}
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={onDismiss}
        >
          <List size="sm" spacing={2}>
            {notice.cut.length ? (
              <List.Item>
                No cupieron {plural(notice.cut.length, 'valor', 'valores')} (la tabla termina antes):{' '}
                {cellList(notice.cut)}.
              </List.Item>
            ) : null}
            {notice.clamped.length ? (
              <List.Item>
                Se ajustaron a 0-100: {cellList(notice.clamped.map((c) => `${c.from} → ${c.to} (${name(c)})`))}.
              </List.Item>
            ) : null}
            {notice.refused.length ? (
              <List.Item>
                No son números, quedaron marcadas y no se guardarán:{' '}
                {cellList(notice.refused.map((c) => `${c.text} (${name(c)})`))}.
              </List.Item>
            ) : null}
            {!notice.cut.length && !notice.clamped.length && !notice.refused.length ? (
              <List.Item>Todas las celdas se pegaron como venían.</List.Item>
            ) : null}
          </List>
        </Alert>
      ) : null}
      {asked.length ? (
        <Alert
          color="blue"
          role="alert"
          title={asked.length === 1 ? '¿Calificación de 0 a 10?' : `¿${asked.length} calificaciones de 0 a 10?`}
        >
          <Text size="sm">
            La hoja califica de 0 a 100.{' '}
            {asked.length === 1
              ? `${cellText(asked[0]!.value)} (${name(asked[0]!)}) parece de una escala de 0 a 10; no se guardará hasta que respondas junto a su celda.`
              : 'Estos valores parecen de una escala de 0 a 10; no se guardarán hasta que respondas junto a cada celda marcada.'}
          </Text>
          {asked.length > 1 ? (
            <Group gap="xs" mt="xs">
              <Button size="xs" onClick={() => onAnswer(asked, true)}>
                Multiplicar todas por 10
              </Button>
              <Button size="xs" variant="default" onClick={() => onAnswer(asked, false)}>
                Dejarlas como están
              </Button>
            </Group>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
