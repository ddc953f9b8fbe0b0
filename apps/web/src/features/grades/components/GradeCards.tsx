import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { formatGrade, type Activity, type SheetStudent } from '@egreso/domain';
import { CardHeading } from '../../../components/CardHeading';
import { useSheetCellEditing } from '../grid/cell-editing';
import { liveFinal, noteText, weightLabel, type StoredRow } from '../grid/GradeGrid';
import { cellText, parseGrade } from '../grid/grid-model';
import type { CellNote, CellRef, Notes } from '../grid/sheet-state';
import { TenScaleQuestion } from './TenScaleQuestion';

interface Props {
  students: SheetStudent[];
  activities: Activity[];
  stored: Record<number, StoredRow>;
  drafts: Record<number, Record<number, string>>;
  notes: Notes;
  readOnly: boolean;
  onCellChange: (userId: number, activityId: number, text: string) => void;
  onCellLeave: (userId: number, activityId: number) => void;
  onCellRestore: (cell: CellRef, draft: string | undefined, note: CellNote | undefined) => void;
  onAnswer: (cells: CellRef[], timesTen: boolean) => void;
  onFocusCell: (cell: { row: number; col: number }) => void;
  onOpenHistory: (student: SheetStudent, activity: Activity) => void;
  onOpenAttributes: (student: SheetStudent) => void;
}

/** What every student's card gets alike: the activities, whether it is read-only, and the handlers. */
type Shared = Omit<Props, 'students' | 'stored' | 'drafts' | 'notes' | 'onCellRestore'>;

/** The id of a card's input: row (student) and column (activity), as the grid's cells. */
export function cardInputId(row: number, col: number) {
  return `tarjeta-${row}-${col}`;
}

/** A clock: the history of a grade. */
function HistoryIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

const StudentCard = memo(function StudentCard({
  student,
  rowIndex,
  activities,
  storedRow,
  draftRow,
  noteRow,
  readOnly,
  onCellChange,
  onCellLeave,
  onAnswer,
  onFocusCell,
  onOpenHistory,
  onOpenAttributes,
}: Shared & {
  student: SheetStudent;
  rowIndex: number;
  storedRow: StoredRow | undefined;
  draftRow: Record<number, string> | undefined;
  noteRow: Record<number, CellNote> | undefined;
}) {
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={student.full_name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <CardHeading title={student.full_name} detail={student.controlnumber} />
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            Final
          </Text>
          <Text fw={700}>{formatGrade(liveFinal(activities, storedRow, draftRow, noteRow))}</Text>
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {activities.map((a, col) => {
          const draft = draftRow?.[a.id];
          const note = noteRow?.[a.id];
          const bad = draft !== undefined && parseGrade(draft).bad;
          const border = note?.kind === 'ask' ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-yellow-8)';
          const input = (
            <TextInput
              id={cardInputId(rowIndex, col)}
              data-row={rowIndex}
              data-col={col}
              label={
                <>
                  {a.activity_name}
                  <Text span size="xs" c="dimmed" fw={400} display="block">
                    {weightLabel(a.ponderation)}
                  </Text>
                </>
              }
              aria-label={a.activity_name}
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="next"
              size="sm"
              readOnly={readOnly}
              value={draft ?? cellText(storedRow?.[a.id]?.qualification)}
              error={bad ? (noteText(note) ?? 'No es un número') : undefined}
              description={!bad && note?.kind !== 'ask' ? noteText(note) : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              styles={draft !== undefined && !bad ? { input: { borderColor: border, borderWidth: 2 } } : undefined}
              rightSection={
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Historial de la celda: ${a.activity_name}`}
                  title="Historial de la celda"
                  onClick={() => onOpenHistory(student, a)}
                >
                  <HistoryIcon />
                </ActionIcon>
              }
              onChange={(e) => onCellChange(student.id, a.id, e.currentTarget.value)}
              onFocus={() => onFocusCell({ row: rowIndex, col })}
              onBlur={() => onCellLeave(student.id, a.id)}
            />
          );
          // A 0-10 look-alike is asked about right under its input.
          return note?.kind === 'ask' ? (
            <Stack key={a.id} gap={4}>
              {input}
              <TenScaleQuestion
                value={note.value}
                where={`${a.activity_name}, ${student.full_name}`}
                onAnswer={(timesTen) => onAnswer([{ userId: student.id, activityId: a.id }], timesTen)}
              />
            </Stack>
          ) : (
            <div key={a.id}>{input}</div>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="light" onClick={() => onOpenAttributes(student)}>
          Ver atribs.
        </Button>
      </Group>
    </Card>
  );
});

/**
 * The grade sheet on a phone: one card per student with an input per activity (and its history) and 'Ver atribs.'.
 * The inputs edit as the grid's cells: a tap selects the value and typing replaces it; Enter, F2 or a double tap edit
 * in place; Escape gives the value back; Enter after typing goes on to the next input.
 */
export function GradeCards({ students, stored, drafts, notes, onCellRestore, ...shared }: Props) {
  const editing = useSheetCellEditing({
    students,
    activities: shared.activities,
    drafts,
    notes,
    readOnly: shared.readOnly,
    onCellRestore,
    moveTo: (input, key, shift) => {
      if (key !== 'Enter') return null;
      const all = Array.from(document.querySelectorAll<HTMLInputElement>('input[id^="tarjeta-"]'));
      return all[all.indexOf(input) + (shift ? -1 : 1)] ?? null;
    },
  });
  return (
    <Stack gap="sm" {...editing}>
      {students.map((s, i) => (
        <StudentCard
          key={s.id}
          student={s}
          rowIndex={i}
          storedRow={stored[s.id]}
          draftRow={drafts[s.id]}
          noteRow={notes[s.id]}
          {...shared}
        />
      ))}
    </Stack>
  );
}
