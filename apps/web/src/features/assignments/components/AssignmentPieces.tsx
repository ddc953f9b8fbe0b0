import { Badge, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { CreateFormCard } from '../../../components/CreateFormCard';
import { RowActions } from '../../../components/RowActions';
import { chipText, groupLabel, type ProfessorAssignments } from './assignment-options';
import type { AssignmentsState } from './use-assignments-state';

/** 'Nueva asignación': professor, group, then a subject of the group's semester. */
export function NewAssignmentCard({ s }: { s: AssignmentsState }) {
  const { form, subjectOptions } = s;
  const { values } = form;
  return (
    <CreateFormCard
      title="Nueva asignación"
      submitLabel="Asignar materia"
      onSubmit={s.assign}
      saving={s.creating}
      failure={form.failure}
      loadErrors={s.catalogueErrors}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <Select
          id="assign-professor"
          label="Profesor"
          placeholder="Selecciona un profesor"
          searchable
          data={s.professors.map((p) => ({ value: String(p.id), label: p.full_name }))}
          {...form.bind('user_id')}
          nothingFoundMessage="Sin coincidencias"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          id="assign-group"
          label="Grupo"
          placeholder="Selecciona un grupo"
          searchable
          data={s.groupList.map((g) => ({ value: String(g.id), label: groupLabel(g) }))}
          value={values.group_id}
          onChange={s.chooseGroup}
          error={form.errors.group_id}
          nothingFoundMessage="Sin coincidencias"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          id="assign-subject"
          label="Materia"
          searchable
          placeholder={values.group_id ? 'Selecciona una materia' : 'Primero elige un grupo'}
          disabled={!values.group_id}
          data={subjectOptions.map((x) => ({ value: String(x.id), label: x.subject_name }))}
          {...form.bind('subject_id')}
          nothingFoundMessage="Sin materias para el semestre del grupo"
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {values.group_id && subjectOptions.length === 0 && s.subjectsLoaded ? (
        <Text size="sm" c="dimmed" mt="xs">
          No hay materias vinculadas al semestre de este grupo.
        </Text>
      ) : null}
    </CreateFormCard>
  );
}

interface ListProps {
  perProfessor: ProfessorAssignments[];
  onEdit: (p: ProfessorAssignments) => void;
  onDelete: (p: ProfessorAssignments) => void;
}

/** One card per professor: their name, how many assignments, and a chip per assignment. */
export function ProfessorAssignmentList({ perProfessor, onEdit, onDelete }: ListProps) {
  return (
    <Stack gap="sm">
      {perProfessor.map((p) => (
        <Card key={p.userId} withBorder radius="md" padding="md" data-testid={`professor-${p.userId}`}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="xs">
            <div>
              <Text fw={700}>{p.fullName}</Text>
              <Text size="xs" c="dimmed">
                {p.assignments.length} {p.assignments.length === 1 ? 'asignación' : 'asignaciones'}
              </Text>
            </div>
            <RowActions name={`asignaciones de ${p.fullName}`} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
          </Group>
          <Group gap={6}>
            {p.assignments.map((a) => (
              <Badge
                key={a.id}
                variant="light"
                radius="xl"
                size="lg"
                tt="none"
                fw={500}
                styles={{
                  root: { height: 'auto', paddingBlock: 4, maxWidth: '100%' },
                  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left' },
                }}
              >
                {chipText(a)}
              </Badge>
            ))}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
