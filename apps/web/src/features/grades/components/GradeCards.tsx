import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { formatGrade, type Activity, type SheetStudent } from '@egreso/domain';
import { CardHeading } from '../../../components/CardHeading';
import { liveFinal, noteText, type StoredRow } from '../grid/GradeGrid';
import { cellText, parseGrade } from '../grid/grid-model';
import type { CellNote, Notes } from '../grid/sheet-state';

interface Props {
  students: SheetStudent[];
  activities: Activity[];
  stored: Record<number, StoredRow>;
  drafts: Record<number, Record<number, string>>;
  notes: Notes;
  readOnly: boolean;
  onCellChange: (userId: number, activityId: number, text: string) => void;
  onCellLeave: (userId: number, activityId: number) => void;
  onFocusCell: (cell: { row: number; col: number }) => void;
  onOpenHistory: (student: SheetStudent, activity: Activity) => void;
  onOpenAttributes: (student: SheetStudent) => void;
}

/** What every student's card gets alike: the activities, whether it is read-only, and the handlers. */
type Shared = Omit<Props, 'students' | 'stored' | 'drafts' | 'notes'>;

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
          <Text fw={700}>{formatGrade(liveFinal(activities, storedRow, draftRow))}</Text>
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {activities.map((a, col) => {
          const draft = draftRow?.[a.id];
          const note = noteRow?.[a.id];
          const bad = draft !== undefined && parseGrade(draft).bad;
          const border = note?.kind === 'ask' ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-yellow-8)';
          return (
            <TextInput
              key={a.id}
              label={a.activity_name}
              inputMode="decimal"
              size="sm"
              readOnly={readOnly}
              value={draft ?? cellText(storedRow?.[a.id]?.qualification)}
              error={bad ? (noteText(note) ?? 'No es un número') : undefined}
              description={!bad ? noteText(note) : undefined}
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

/** The grade sheet on a phone: one card per student with an input per activity (and its history) and 'Ver atribs.'. */
export function GradeCards({ students, stored, drafts, notes, ...shared }: Props) {
  return (
    <Stack gap="sm">
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
