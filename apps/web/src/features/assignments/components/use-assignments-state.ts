import { useMemo, useState } from 'react';
import { ASSIGNMENT_MSG, ROLE, assignmentCreateBody } from '@egreso/domain';
import { errorText, loadErrorText } from '../../../lib/errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFeedback } from '../../../lib/use-feedback';
import { useForm } from '../../../lib/use-form';
import { useGroups } from '../../../lib/queries/groups';
import { userRows, useUsers } from '../../../lib/queries/users';
import { ACTIVE_PERIOD, activePeriodOf, usePeriods } from '../../../lib/queries/periods';
import { useSubjectSemesters } from '../../../lib/queries/subject-semesters';
import { useSubjects } from '../../../lib/queries/subjects';
import { useCreateAssignment } from '../api/create-assignment';
import { useDeleteProfessorAssignments } from '../api/delete-professor-assignments';
import { useCurrentAssignments } from '../api/get-assignments';
import { useSaveProfessorAssignments } from '../api/save-professor-assignments';
import { byProfessor, subjectKeptFor, subjectsForGroup, type ProfessorAssignments } from './assignment-options';

export interface AssignmentDraft {
  user_id: string | null;
  group_id: string | null;
  subject_id: string | null;
}
const EMPTY: AssignmentDraft = { user_id: null, group_id: null, subject_id: null };
const toBody = (d: AssignmentDraft) => ({ user_id: d.user_id, subject_id: d.subject_id, group_id: d.group_id });

/** The header's line about the active period: its name, that there is none, or nothing while it loads. */
export function periodLine(period: { period_name: string } | null | undefined, loaded: boolean): string | undefined {
  if (period) return `Periodo activo: ${period.period_name}`;
  return loaded ? 'No hay un periodo activo; las asignaciones quedan sin periodo.' : undefined;
}

/** The catalogues the form offers (teachers, groups, subjects and their semesters) and what failed to load. */
function useAssignmentCatalogues() {
  const professors = useUsers({ role: ROLE.TEACHER }, userRows);
  const groups = useGroups();
  const subjects = useSubjects();
  const links = useSubjectSemesters();
  const catalogueErrors = [
    professors.isError ? 'Error cargando profesores.' : null,
    groups.isError ? loadErrorText('Error cargando grupos.', groups.error) : null,
    subjects.isError ? loadErrorText('Error cargando materias.', subjects.error) : null,
    links.isError ? 'Error cargando relación materias-semestre.' : null,
  ].filter((m): m is string => m !== null);
  return {
    professors: professors.data ?? [],
    groupList: useMemo(() => groups.data ?? [], [groups.data]),
    subjectList: useMemo(() => subjects.data ?? [], [subjects.data]),
    linkList: useMemo(() => links.data ?? [], [links.data]),
    subjectsLoaded: subjects.isSuccess && links.isSuccess,
    catalogueErrors,
  };
}

/**
 * The state of the assignments screen: the new assignment's form (the subject offered by the group's semester), the
 * current assignments per professor, and editing or deleting all of one professor's, each reported in a dialog.
 */
export function useAssignmentsState() {
  const assignments = useCurrentAssignments();
  const catalogues = useAssignmentCatalogues();
  const { groupList, subjectList, linkList } = catalogues;
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

  const selectedGroup = groupList.find((g) => String(g.id) === values.group_id);
  const subjectOptions = useMemo(
    () => subjectsForGroup(subjectList, linkList, selectedGroup),
    [subjectList, linkList, selectedGroup],
  );
  const perProfessor = useMemo(() => byProfessor(assignments.data ?? []), [assignments.data]);

  return {
    ...catalogues,
    assignments,
    perProfessor,
    periodLine: periodLine(period.data, period.isSuccess),
    form,
    subjectOptions,
    creating: create.isPending,
    editing,
    setEditing,
    savingEdit: saveAll.isPending,
    deletion,
    feedback,
    /** A group keeps the chosen subject only when the group's semester offers it. */
    chooseGroup: (value: string | null) => {
      const group = groupList.find((g) => String(g.id) === value);
      form.setValues({
        ...values,
        group_id: value,
        subject_id: subjectKeptFor(values.subject_id, subjectList, linkList, group),
      });
    },
    assign: async (e: React.FormEvent) => {
      e.preventDefault();
      const saved = await form.submit(
        (body) => create.mutateAsync(body),
        (err) => feedback.error(errorText('Error registrando asignación', err)),
      );
      if (!saved) return;
      form.setField('subject_id', null);
      feedback.success('Asignación registrada correctamente.');
    },
    saveEdit: async (rows: Array<{ subject_id: number; group_id: number }>) => {
      if (!editing) return;
      try {
        await saveAll.mutateAsync({ userId: editing.userId, body: { rows } });
        setEditing(null);
        feedback.success('Asignaciones actualizadas correctamente.');
      } catch (err) {
        feedback.error(errorText('Error actualizando asignaciones', err));
      }
    },
  };
}

export type AssignmentsState = ReturnType<typeof useAssignmentsState>;
