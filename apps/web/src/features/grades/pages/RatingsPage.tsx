import { Group, Select, Text } from '@mantine/core';
import { TIMINGS } from '@egreso/domain';
import { useSearchParams } from 'react-router';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { loadErrorText } from '../../../lib/errors';
import { getUserId } from '../../../lib/session';
import { useFeedback } from '../../../lib/use-feedback';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSubjectAttributes } from '../../../lib/queries/subject-attributes';
import { assignmentLabel, useTeacherAssignment } from '../../../lib/use-teacher-assignment';
import { useGradeSheet } from '../api/get-grade-sheet';
import { GradeSheetEditor } from '../components/GradeSheetEditor';
import { TeacherCareerSelect } from '../../../components/TeacherCareerSelect';

/** /Ratings: 'Calificar actividades - {subject}', the grade sheet of one of the teacher's assignments. */
export default function RatingsPage() {
  const isMobile = useIsMobile();
  const [params] = useSearchParams();
  const idParam = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const selection = useTeacherAssignment(idParam('asignacion'), idParam('carrera'), { pastPeriods: true });
  const { assignment } = selection;
  const sheet = useGradeSheet(assignment?.id ?? null);
  const attributes = useSubjectAttributes(assignment?.subject.id ?? null);
  const feedback = useFeedback(TIMINGS.successToast, TIMINGS.errorToast);
  const teacherId = getUserId();

  const careers = selection.careers.data ?? [];
  const { subjects, groups, periods, periodId } = selection;
  const width = isMobile ? '100%' : undefined;

  return (
    <>
      <PageHeader
        title={assignment ? `Calificar actividades - ${assignment.subject.subject_name}` : 'Calificar actividades'}
      />
      <Group align="flex-end" gap="md" mb="md" wrap="wrap">
        <TeacherCareerSelect selection={selection} w={width ?? 260} />
        <Select
          label="Periodo"
          placeholder={periods.length ? 'Selecciona un periodo' : 'Sin periodos'}
          data={periods.map((p) => ({
            value: String(p.id),
            label: p.is_active ? `${p.period_name} (activo)` : p.period_name,
          }))}
          value={periodId === null ? null : String(periodId)}
          onChange={(v) => selection.setPeriodId(v ? Number(v) : null)}
          allowDeselect={false}
          disabled={periods.length < 2}
          w={width ?? 200}
        />
        <Select
          label="Materia"
          placeholder={
            subjects.length
              ? 'Selecciona una materia'
              : selection.noSubjects
                ? 'No hay materias asignadas.'
                : 'Cargando...'
          }
          data={subjects.map((a) => ({ value: String(a.id), label: assignmentLabel(a) }))}
          value={assignment ? String(assignment.id) : null}
          onChange={(v) => selection.setAssignmentId(v ? Number(v) : null)}
          allowDeselect={false}
          disabled={!subjects.length}
          w={width ?? 440}
        />
        <Select
          label="Grupo"
          placeholder={
            assignment && !groups.length ? 'No hay grupos disponibles para esta materia.' : 'Selecciona un grupo'
          }
          data={groups.map((a) => ({ value: String(a.id), label: a.group!.group_name }))}
          value={assignment ? String(assignment.id) : null}
          onChange={(v) => selection.setAssignmentId(v ? Number(v) : null)}
          allowDeselect={false}
          disabled={!groups.length}
          w={width ?? 160}
        />
      </Group>
      {selection.careers.isSuccess && careers.length === 0 ? <Text c="dimmed">No hay carreras asignadas.</Text> : null}
      {selection.noSubjects ? <Text c="dimmed">No hay materias asignadas.</Text> : null}
      {assignment && !assignment.group ? <Text c="dimmed">No hay grupos disponibles para esta materia.</Text> : null}
      {assignment?.group ? (
        <ListStates
          loading={sheet.isPending || attributes.isPending}
          error={sheet.isError ? loadErrorText('No se pudo cargar la hoja de calificaciones.', sheet.error) : null}
          empty={false}
          emptyText=""
        >
          {sheet.data ? (
            <GradeSheetEditor
              key={assignment.id}
              sheet={sheet.data}
              teacherId={teacherId}
              attributes={attributes.data ?? []}
              feedback={feedback}
            />
          ) : null}
        </ListStates>
      ) : null}
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
