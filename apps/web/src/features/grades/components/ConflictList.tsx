import { Alert, Button, Group, Table, Text } from '@mantine/core';
import { formatGrade, type Activity, type GradeConflict, type SheetStudent } from '@egreso/domain';
import { formatDateTime } from '../../../lib/dates';
import type { Conflicts } from '../grid/sheet-state';
import type { Drafts } from '../grid/grid-model';
import { GradeTable } from './GradeTable';

interface Props {
  conflicts: Conflicts;
  drafts: Drafts;
  students: SheetStudent[];
  activities: Activity[];
  onResolve: (conflict: GradeConflict, keepMine: boolean) => void;
}

const COLUMNS = [
  'Alumno',
  'Actividad',
  { title: 'Tu valor', right: true },
  { title: 'Valor actual', right: true },
  'Cambió',
] as const;

/** 'Calificaciones cambiadas en otro lugar': each conflicting cell with both values, who changed it, and the choice. */
export function ConflictList({ conflicts, drafts, students, activities, onResolve }: Props) {
  const list = Object.values(conflicts).flatMap((row) => Object.values(row));
  if (!list.length) return null;
  const nameOf = (id: number) => students.find((s) => s.id === id)?.full_name ?? '';
  const activityOf = (id: number) => activities.find((a) => a.id === id)?.activity_name ?? '';
  return (
    <Alert color="orange" title="Calificaciones cambiadas en otro lugar" role="alert">
      <Text size="sm" mb="xs">
        No se sobrescribieron. Elige, para cada una, qué valor queda.
      </Text>
      <GradeTable minWidth={560} columns={COLUMNS} actions>
        {list.map((c) => (
          <Table.Tr key={`${c.user_id}-${c.activity_id}`}>
            <Table.Td>{nameOf(c.user_id)}</Table.Td>
            <Table.Td>{activityOf(c.activity_id)}</Table.Td>
            <Table.Td ta="right">{drafts[c.user_id]?.[c.activity_id] ?? '-'}</Table.Td>
            <Table.Td ta="right">{formatGrade(c.qualification, 'vacía')}</Table.Td>
            <Table.Td>
              {c.changed_by?.full_name ?? '-'} · {formatDateTime(c.changed_at)}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="default" onClick={() => onResolve(c, false)}>
                  Usar el actual
                </Button>
                <Button size="compact-xs" onClick={() => onResolve(c, true)}>
                  Conservar el mío
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </GradeTable>
    </Alert>
  );
}
