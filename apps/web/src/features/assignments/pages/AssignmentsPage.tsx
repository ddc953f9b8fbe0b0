import { Badge, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ASSIGNMENT_MSG, ROLE, assignmentCreateBody } from '@egreso/domain';
import { CreateFormCard } from '../../../components/CreateFormCard';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { RowActions } from '../../../components/RowActions';
import { errorText, loadErrorText } from '../../../lib/errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFeedback } from '../../../lib/use-feedback';
import { useForm } from '../../../lib/use-form';
import { useGroups } from '../../groups/api/get-groups';
import { userRows, useUsers } from '../../people/api/get-users';
import { ACTIVE_PERIOD, activePeriodOf, usePeriods } from '../../periods/api/get-periods';
import { useSubjectSemesters } from '../../subjects/api/get-subject-semesters';
import { useSubjects } from '../../subjects/api/get-subjects';
import { useCreateAssignment } from '../api/create-assignment';
import { useDeleteProfessorAssignments } from '../api/delete-professor-assignments';
import { useCurrentAssignments } from '../api/get-assignments';
import { useSaveProfessorAssignments } from '../api/save-professor-assignments';
import {
  byProfessor,
  chipText,
  groupLabel,
  subjectKeptFor,
  subjectsForGroup,
  type ProfessorAssignments,
} from '../components/assignment-options';
import { EditAssignmentsModal } from '../components/EditAssignmentsModal';

interface Draft {
  user_id: string | null;
  group_id: string | null;
  subject_id: string | null;
}
const EMPTY: Draft = { user_id: null, group_id: null, subject_id: null };
const toBody = (d: Draft) => ({ user_id: d.user_id, subject_id: d.subject_id, group_id: d.group_id });

export default function AssignmentsPage() {
  const assignments = useCurrentAssignments();
  const professors = useUsers({ role: ROLE.TEACHER }, userRows);
  const groups = useGroups();
  const subjects = useSubjects();
  const links = useSubjectSemesters();
  const period = usePeriods(ACTIVE_PERIOD, activePeriodOf);
  const create = useCreateAssignment();
  const saveAll = useSaveProfessorAssignments();
  const removeAll = useDeleteProfessorAssignments();

  const form = useForm({
    initial: EMPTY,
    schema: assignmentCreateBody,
    toBody,
    invalidMessage: ASSIGNMENT_MSG.fillAll,
  });
  const { values } = form;
  const [editing, setEditing] = useState<ProfessorAssignments | null>(null);
  const feedback = useFeedback();
  const deletion = useConfirmDelete(
    async (p: ProfessorAssignments) => {
      await removeAll.mutateAsync(p.userId);
      feedback.success('Asignaciones eliminadas correctamente.');
    },
    (err) => feedback.error(errorText('Error eliminando asignaciones', err)),
  );

  const groupList = useMemo(() => groups.data ?? [], [groups.data]);
  const subjectList = useMemo(() => subjects.data ?? [], [subjects.data]);
  const linkList = useMemo(() => links.data ?? [], [links.data]);
  const selectedGroup = groupList.find((g) => String(g.id) === values.group_id);
  const subjectOptions = useMemo(
    () => subjectsForGroup(subjectList, linkList, selectedGroup),
    [subjectList, linkList, selectedGroup],
  );
  const perProfessor = useMemo(() => byProfessor(assignments.data ?? []), [assignments.data]);

  const chooseGroup = (value: string | null) => {
    const group = groupList.find((g) => String(g.id) === value);
    form.setValues({
      ...values,
      group_id: value,
      subject_id: subjectKeptFor(values.subject_id, subjectList, linkList, group),
    });
  };

  const assign = async (e: React.FormEvent) => {
    e.preventDefault();
    const saved = await form.submit(
      (body) => create.mutateAsync(body),
      (err) => feedback.error(errorText('Error registrando asignación', err)),
    );
    if (!saved) return;
    form.setField('subject_id', null);
    feedback.success('Asignación registrada correctamente.');
  };

  const saveEdit = async (rows: Array<{ subject_id: number; group_id: number }>) => {
    if (!editing) return;
    try {
      await saveAll.mutateAsync({ userId: editing.userId, body: { rows } });
      setEditing(null);
      feedback.success('Asignaciones actualizadas correctamente.');
    } catch (err) {
      feedback.error(errorText('Error actualizando asignaciones', err));
    }
  };

  const catalogueErrors = [
    professors.isError ? 'Error cargando profesores.' : null,
    groups.isError ? loadErrorText('Error cargando grupos.', groups.error) : null,
    subjects.isError ? loadErrorText('Error cargando materias.', subjects.error) : null,
    links.isError ? 'Error cargando relación materias-semestre.' : null,
  ].filter((m): m is string => m !== null);

  const periodLine = period.data
    ? `Periodo activo: ${period.data.period_name}`
    : period.isSuccess
      ? 'No hay un periodo activo; las asignaciones quedan sin periodo.'
      : undefined;

  return (
    <>
      <PageHeader title="Asignación de materias" subtitle={periodLine} />
      <CreateFormCard
        title="Nueva asignación"
        submitLabel="Asignar materia"
        onSubmit={assign}
        saving={create.isPending}
        failure={form.failure}
        loadErrors={catalogueErrors}
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <Select
            id="assign-professor"
            label="Profesor"
            placeholder="Selecciona un profesor"
            searchable
            data={(professors.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name }))}
            {...form.bind('user_id')}
            nothingFoundMessage="Sin coincidencias"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            id="assign-group"
            label="Grupo"
            placeholder="Selecciona un grupo"
            searchable
            data={groupList.map((g) => ({ value: String(g.id), label: groupLabel(g) }))}
            value={values.group_id}
            onChange={chooseGroup}
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
            data={subjectOptions.map((s) => ({ value: String(s.id), label: s.subject_name }))}
            {...form.bind('subject_id')}
            nothingFoundMessage="Sin materias para el semestre del grupo"
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {values.group_id && subjectOptions.length === 0 && subjects.isSuccess && links.isSuccess ? (
          <Text size="sm" c="dimmed" mt="xs">
            No hay materias vinculadas al semestre de este grupo.
          </Text>
        ) : null}
      </CreateFormCard>

      <Title order={3} size="h4" mb="sm">
        Asignaciones por profesor
      </Title>
      <ListStates
        loading={assignments.isPending}
        error={assignments.isError ? 'Error cargando asignaciones. ¿Estás autenticado?' : null}
        empty={perProfessor.length === 0}
        emptyText="No hay asignaciones registradas."
      >
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
                <RowActions
                  name={`asignaciones de ${p.fullName}`}
                  onEdit={() => setEditing(p)}
                  onDelete={() => deletion.ask(p)}
                />
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
      </ListStates>

      <EditAssignmentsModal
        professor={editing}
        groups={groupList}
        subjects={subjectList}
        links={linkList}
        saving={saveAll.isPending}
        onCancel={() => setEditing(null)}
        onSave={saveEdit}
      />
      <DeleteDialog
        deletion={deletion}
        title="Eliminar asignaciones"
        question="¿Estás seguro que deseas eliminar TODAS las asignaciones de este profesor?"
        name={(p) => p.fullName}
        confirmLabel="Sí, eliminar"
      />
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
