import { Select, Stack, Text, Title } from '@mantine/core';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { ActivityGradeCards, AttributeRatingCards, Observations } from '../components/StudentGradesPieces';
import { useStudentGradesState } from '../components/use-student-grades-state';
import { STUDENT_GRADES_TEXT as T } from '../student-grades-text';

/** /SubjectsSelection: the student's grades per subject: activities, attribute ratings and the teachers' observations. */
export default function StudentGradesPage() {
  const s = useStudentGradesState();
  const { subjects, subject, grades, ratings } = s;

  if (subjects.isPending)
    return (
      <>
        <PageHeader title="Mis calificaciones" />
        <PageLoader text={T.loading} />
      </>
    );
  if ((subjects.data ?? []).length === 0) {
    return (
      <>
        <PageHeader title="Mis calificaciones" />
        <Text c="dimmed">{T.noSubjects}</Text>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Mis calificaciones" subtitle="Tus actividades y atributos de egreso por materia" />
      <Select
        label="Materia"
        data={(subjects.data ?? []).map((x) => ({ value: String(x.id), label: x.subject_name }))}
        value={s.subjectId}
        onChange={s.setPicked}
        allowDeselect={false}
        maw={420}
        mb="lg"
      />
      {subject ? (
        <Stack gap="xl">
          <section aria-labelledby="activities-title">
            <Title order={3} id="activities-title" mb="sm">
              Actividades
            </Title>
            {subject.activities.length === 0 ? (
              <Text c="dimmed">{T.noActivities}</Text>
            ) : grades.isPending ? (
              <PageLoader text={T.loading} />
            ) : (
              <ActivityGradeCards activities={subject.activities} gradeOf={s.gradeOf} />
            )}
          </section>
          <section aria-labelledby="attributes-title">
            <Title order={3} id="attributes-title" mb="sm">
              Atributos de egreso
            </Title>
            <ListStates
              loading={ratings.isPending}
              loadingText={T.loading}
              error={null}
              empty={(ratings.data ?? []).length === 0}
              emptyText={T.noAttributes}
            >
              <AttributeRatingCards ratings={ratings.data ?? []} onObserve={s.setObserving} />
            </ListStates>
          </section>
        </Stack>
      ) : null}
      {subject ? (
        <Observations
          userId={s.userId}
          subjectId={subject.id}
          attribute={s.observing}
          onClose={() => s.setObserving(null)}
        />
      ) : null}
    </>
  );
}
