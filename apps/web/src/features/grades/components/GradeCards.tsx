import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { formatGrade, type Activity, type SheetStudent } from '@egreso/domain';
import { liveFinal, type StoredRow } from '../grid/GradeGrid';
import { parseGrade } from '../grid/grid-model';

interface Props {
  students: SheetStudent[];
  activities: Activity[];
  stored: Record<number, StoredRow>;
  drafts: Record<number, Record<number, string>>;
  readOnly: boolean;
  onCellChange: (userId: number, activityId: number, text: string) => void;
  onCellLeave: (userId: number, activityId: number) => void;
  onOpenAttributes: (student: SheetStudent) => void;
}

const StudentCard = memo(function StudentCard({ student, activities, storedRow, draftRow, readOnly, onCellChange, onCellLeave, onOpenAttributes }: {
  student: SheetStudent;
  activities: Activity[];
  storedRow: StoredRow | undefined;
  draftRow: Record<number, string> | undefined;
  readOnly: boolean;
  onCellChange: Props['onCellChange'];
  onCellLeave: Props['onCellLeave'];
  onOpenAttributes: Props['onOpenAttributes'];
}) {
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={student.full_name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{student.full_name}</Text>
          <Text size="sm" c="dimmed">{student.controlnumber}</Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">Final</Text>
          <Text fw={700}>{formatGrade(liveFinal(activities, storedRow, draftRow))}</Text>
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {activities.map((a) => {
          const draft = draftRow?.[a.id];
          const stored = storedRow?.[a.id]?.qualification;
          const bad = draft !== undefined && parseGrade(draft).bad;
          return (
            <TextInput
              key={a.id} label={a.activity_name} inputMode="decimal" size="sm" readOnly={readOnly}
              value={draft ?? (stored === null || stored === undefined ? '' : String(stored))}
              error={bad ? 'No es un número' : undefined}
              styles={draft !== undefined && !bad ? { input: { borderColor: 'var(--mantine-color-yellow-8)', borderWidth: 2 } } : undefined}
              onChange={(e) => onCellChange(student.id, a.id, e.currentTarget.value)}
              onBlur={() => onCellLeave(student.id, a.id)}
            />
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="light" onClick={() => onOpenAttributes(student)}>Ver atribs.</Button>
      </Group>
    </Card>
  );
});

/** The grade sheet on a phone: one card per student with an input per activity and 'Ver atribs.'. */
export function GradeCards({ students, activities, stored, drafts, readOnly, onCellChange, onCellLeave, onOpenAttributes }: Props) {
  return (
    <Stack gap="sm">
      {students.map((s) => (
        <StudentCard key={s.id} student={s} activities={activities} storedRow={stored[s.id]} draftRow={drafts[s.id]}
          readOnly={readOnly} onCellChange={onCellChange} onCellLeave={onCellLeave} onOpenAttributes={onOpenAttributes} />
      ))}
    </Stack>
  );
}
