import { Alert, Card, Group, Select, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { TEACHER_REPORT_MSG, collator } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { TeacherCareersFallback } from '../../../components/TeacherCareersFallback';
import '../../../components/print.css';
import { errorText } from '../../../lib/errors';
import { useMyAssignments, useMyCareers } from '../../../lib/teacher-assignments';
import { useGroupReport } from '../api/get-group-report';
import { useStudentReport } from '../api/get-student-report';
import { BandChart } from '../components/BandChart';
import { StudentChart } from '../components/StudentChart';

const ALL = 'all';
/** The chain of filters career → subject → group: each one's label, width and placeholder. */
const CHAIN = {
  career: { label: 'Carrera', w: 260, placeholder: 'Selecciona la carrera' },
  subject: { label: 'Materia', w: 300, placeholder: 'Selecciona la materia' },
  group: { label: 'Grupo', w: 240, placeholder: 'Selecciona el grupo' },
};

/** A filter of the chain career → subject → group: its value is an id, and it waits while it has no options. */
function IdSelect({
  value,
  onChange,
  data,
  ...props
}: {
  label: string;
  w: number;
  placeholder: string;
  value: number | null;
  onChange: (id: number | null) => void;
  data: Array<{ value: string; label: string }>;
}) {
  return (
    <Select
      {...props}
      disabled={data.length === 0}
      value={value === null ? null : String(value)}
      data={data}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}

/** /ViewReport: the teacher's graphic report of a group (bands per attribute) or of one student (averages). */
export default function ViewReportPage() {
  const careers = useMyCareers();
  const [careerChoice, setCareerChoice] = useState<number | null>(null);
  const careerId = careerChoice ?? (careers.data?.length === 1 ? careers.data[0]!.id : null);
  const careerOptions = (careers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const assignments = useMyAssignments(careerId, 'every');
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [assignmentId, setAssignmentId] = useState<number | null>(null);
  const [student, setStudent] = useState<string>(ALL);

  // Choosing a filter clears the ones that depend on it.
  const chooseGroup = (id: number | null) => {
    setAssignmentId(id);
    setStudent(ALL);
  };
  const chooseSubject = (id: number | null) => {
    setSubjectId(id);
    chooseGroup(null);
  };
  const chooseCareer = (id: number | null) => {
    setCareerChoice(id);
    chooseSubject(null);
  };

  const list = useMemo(() => assignments.data ?? [], [assignments.data]);
  const subjects = useMemo(() => {
    const seen = new Map<number, string>();
    for (const a of list) seen.set(a.subject_id, a.subject.subject_name);
    return [...seen]
      .sort((x, y) => collator.compare(x[1], y[1]))
      .map(([id, name]) => ({ value: String(id), label: name }));
  }, [list]);
  const groups = list.filter((a) => a.subject_id === subjectId && a.group_id !== null);
  const groupOptions = groups.map((a) => ({
    value: String(a.id),
    label: `${a.group?.group_name ?? ''}${a.period ? ` – ${a.period.period_name}` : ''}`,
  }));
  const assignment = groups.find((a) => a.id === assignmentId) ?? null;
  const scope = assignment
    ? {
        subject_id: assignment.subject_id,
        group_id: assignment.group_id!,
        period_id: assignment.period_id ?? undefined,
      }
    : null;
  const report = useGroupReport(scope);
  const userId = student === ALL ? null : Number(student);
  const one = useStudentReport(scope && userId !== null ? { ...scope, user_id: userId } : null);

  const career = careers.data?.find((c) => c.id === careerId) ?? null;
  const applied = [
    // The career the report is about, chosen or the teacher's only one, is always named.
    career ? `Carrera: ${career.name}` : null,
    subjectId !== null ? `Materia: ${subjects.find((s) => s.value === String(subjectId))?.label ?? ''}` : null,
    assignment
      ? `Grupo: ${assignment.group?.group_name ?? ''}${assignment.period ? ` (${assignment.period.period_name})` : ''}`
      : null,
    userId !== null ? `Alumno: ${report.data?.alumnos.find((s) => s.id === userId)?.full_name ?? ''}` : null,
  ].filter((f): f is string => f !== null);

  if (!careers.isSuccess || careers.data.length === 0)
    return <TeacherCareersFallback title={TEACHER_REPORT_MSG.title} careers={careers} />;

  return (
    <>
      <PageHeader title={TEACHER_REPORT_MSG.title} />
      <Card withBorder radius="md" padding="md" mb="md">
        <Group align="flex-end" wrap="wrap" data-print="hide">
          <IdSelect {...CHAIN.career} value={careerId} onChange={chooseCareer} data={careerOptions} />
          <IdSelect {...CHAIN.subject} value={subjectId} onChange={chooseSubject} data={subjects} />
          <IdSelect {...CHAIN.group} value={assignmentId} onChange={chooseGroup} data={groupOptions} />
          <Select
            label="Alumno"
            w={280}
            allowDeselect={false}
            disabled={!report.data}
            value={student}
            data={[
              { value: ALL, label: TEACHER_REPORT_MSG.allStudents },
              ...(report.data?.alumnos ?? []).map((s) => ({ value: String(s.id), label: s.full_name })),
            ]}
            onChange={(v) => setStudent(v ?? ALL)}
          />
        </Group>
        <Text size="sm" mt="sm" aria-live="polite">
          <strong>{TEACHER_REPORT_MSG.filtersApplied}:</strong>{' '}
          {applied.length ? applied.join(' · ') : TEACHER_REPORT_MSG.noFilters}
        </Text>
      </Card>

      {assignments.isError ? (
        <Alert color="red" role="alert">
          Error al cargar tus materias.
        </Alert>
      ) : null}
      {!scope ? <Text c="dimmed">Selecciona carrera, materia y grupo para ver el reporte.</Text> : null}
      {scope && report.isPending ? <PageLoader /> : null}
      {report.isError ? (
        <Alert color="red" role="alert">
          {errorText('Error al cargar el reporte', report.error)}
        </Alert>
      ) : null}
      {report.data && userId === null ? (
        <Card withBorder radius="md" padding="md" data-print="keep">
          <Title order={3} size="h4" mb="sm">
            Niveles por atributo – {report.data.subject_name}, grupo {report.data.group_name ?? ''}
          </Title>
          <BandChart report={report.data} />
        </Card>
      ) : null}
      {userId !== null && one.isPending ? <PageLoader /> : null}
      {userId !== null && one.isError ? (
        <Alert color="red" role="alert">
          {errorText('Error al cargar el reporte del alumno', one.error)}
        </Alert>
      ) : null}
      {userId !== null && one.data ? (
        <Card withBorder radius="md" padding="md" data-print="keep">
          <Title order={3} size="h4" mb="sm">
            Promedios por atributo – {one.data.alumno.full_name}
          </Title>
          <StudentChart report={one.data} />
        </Card>
      ) : null}
    </>
  );
}
