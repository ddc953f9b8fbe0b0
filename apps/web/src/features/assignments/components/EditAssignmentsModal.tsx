import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ASSIGNMENT_MSG, type Group as GroupRow, type Subject, type SubjectSemester } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { ProfessorAssignments } from './assignment-options';
import { groupLabel, subjectKeptFor, subjectsForGroup } from './assignment-options';

export interface EditRow {
  key: number;
  group_id: string | null;
  subject_id: string | null;
}

interface Props {
  professor: ProfessorAssignments | null;
  groups: GroupRow[];
  subjects: Subject[];
  links: SubjectSemester[];
  saving: boolean;
  onCancel: () => void;
  onSave: (rows: Array<{ subject_id: number; group_id: number }>) => void;
}

let nextKey = 1;
const rowsOf = (p: ProfessorAssignments): EditRow[] =>
  p.assignments.map((a) => ({
    key: nextKey++,
    group_id: a.group_id ? String(a.group_id) : null,
    subject_id: String(a.subject_id),
  }));

/** The professor is fixed; rows of group and subject can be changed, removed and added, then saved by comparison. */
export function EditAssignmentsModal({ professor, groups, subjects, links, saving, onCancel, onSave }: Props) {
  const isMobile = useIsMobile();
  const [rows, setRows] = useState<EditRow[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (professor) {
      setRows(rowsOf(professor));
      setError(null);
    }
  }, [professor]);

  const groupById = new Map(groups.map((g) => [String(g.id), g]));
  // A change to the rows outdates the message about them.
  const changeRows = (next: (rs: EditRow[]) => EditRow[]) => {
    setRows(next);
    setError(null);
  };
  const update = (key: number, patch: Partial<EditRow>) =>
    changeRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const changeGroup = (row: EditRow, groupId: string | null) => {
    const group = groupId ? groupById.get(groupId) : undefined;
    update(row.key, { group_id: groupId, subject_id: subjectKeptFor(row.subject_id, subjects, links, group) });
  };

  const save = () => {
    const filled = rows.filter((r) => r.group_id || r.subject_id);
    if (filled.some((r) => !r.group_id || !r.subject_id))
      return setError('Completa el grupo y la materia de cada fila, o quítala.');
    if (!professor || filled.length === 0) return setError(ASSIGNMENT_MSG.fillEdit);
    setError(null);
    onSave(filled.map((r) => ({ subject_id: Number(r.subject_id), group_id: Number(r.group_id) })));
  };

  return (
    <FormModal
      opened={professor !== null}
      onClose={onCancel}
      title="Editar asignaciones"
      size="xl"
      fullScreen={isMobile}
      onSubmit={save}
      saving={saving}
      failure={error}
    >
      <TextInput label="Profesor" value={professor?.fullName ?? ''} readOnly variant="filled" />
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          Sin filas. Agrega una asignación.
        </Text>
      ) : null}
      {rows.map((row, i) => {
        const allowed = subjectsForGroup(subjects, links, row.group_id ? groupById.get(row.group_id) : undefined);
        // A held subject that has since left the group's semester still shows, so the row can be kept as it is.
        const held =
          row.subject_id && !allowed.some((s) => String(s.id) === row.subject_id)
            ? subjects.find((s) => String(s.id) === row.subject_id)
            : undefined;
        const options = held ? [held, ...allowed] : allowed;
        return (
          <Paper key={row.key} withBorder radius="md" p="sm">
            <Group align="flex-end" wrap={isMobile ? 'wrap' : 'nowrap'} gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ flex: 1, minWidth: isMobile ? '100%' : 0 }}>
                <Select
                  label={`Grupo (fila ${i + 1})`}
                  placeholder="Selecciona un grupo"
                  searchable
                  data={groups.map((g) => ({ value: String(g.id), label: groupLabel(g) }))}
                  value={row.group_id}
                  onChange={(v) => changeGroup(row, v)}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label={`Materia (fila ${i + 1})`}
                  searchable
                  placeholder={row.group_id ? 'Selecciona una materia' : 'Primero elige un grupo'}
                  disabled={!row.group_id}
                  data={options.map((s) => ({ value: String(s.id), label: s.subject_name }))}
                  value={row.subject_id}
                  onChange={(v) => update(row.key, { subject_id: v })}
                  nothingFoundMessage="Sin materias para este semestre"
                  comboboxProps={{ withinPortal: true }}
                />
              </SimpleGrid>
              {isMobile ? (
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  ml="auto"
                  aria-label={`Quitar fila ${i + 1}`}
                  onClick={() => changeRows((rs) => rs.filter((r) => r.key !== row.key))}
                >
                  Quitar
                </Button>
              ) : (
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={`Quitar fila ${i + 1}`}
                  title="Quitar"
                  onClick={() => changeRows((rs) => rs.filter((r) => r.key !== row.key))}
                >
                  ✕
                </ActionIcon>
              )}
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          onClick={() => changeRows((rs) => [...rs, { key: nextKey++, group_id: null, subject_id: null }])}
        >
          Agregar asignación
        </Button>
      </Group>
    </FormModal>
  );
}
