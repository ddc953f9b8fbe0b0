import { Alert, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { TeacherCareersFallback } from '../../../components/TeacherCareersFallback';
import '../../../components/print.css';
import { assignmentLabel, useMyAssignments, useMyCareers } from '../../../lib/teacher-assignments';
import { RubricEditor } from '../components/RubricEditor';

/** /Criteria: the rubric of one of the teacher's assignments, chosen by career and subject. */
export default function CriteriaPage() {
  const careers = useMyCareers();
  const [careerChoice, setCareerChoice] = useState<number | null>(null);
  const careerId = careerChoice ?? careers.data?.[0]?.id ?? null;
  const assignments = useMyAssignments(careerId, 'every');
  const [assignmentChoice, setAssignmentChoice] = useState<number | null>(null);
  const list = assignments.data ?? [];
  const assignment = list.find((a) => a.id === assignmentChoice) ?? list[0] ?? null;

  const title = `Rúbrica y Matriz de Evaluación${assignment ? ` - ${assignment.subject.subject_name}` : ''}`;
  if (!careers.isSuccess || careers.data.length === 0)
    return <TeacherCareersFallback title={title} careers={careers} />;

  return (
    <>
      <PageHeader title={title} />
      <Group align="flex-end" mb="md" wrap="wrap" data-print="hide">
        {careers.data.length > 1 ? (
          <Select
            label="Carrera"
            w={280}
            allowDeselect={false}
            value={String(careerId)}
            data={careers.data.map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={(v) => {
              setCareerChoice(Number(v));
              setAssignmentChoice(null);
            }}
          />
        ) : (
          <Text size="sm">
            <strong>Carrera:</strong> {careers.data[0]!.name}
          </Text>
        )}
        <Select
          label="Materia"
          w={520}
          allowDeselect={false}
          disabled={list.length === 0}
          placeholder={assignments.isPending ? 'Cargando…' : 'Selecciona una materia'}
          value={assignment ? String(assignment.id) : null}
          data={list.map((a) => ({ value: String(a.id), label: assignmentLabel(a) }))}
          onChange={(v) => setAssignmentChoice(Number(v))}
        />
      </Group>
      {assignments.isError ? (
        <Alert color="red" role="alert">
          Error al cargar tus materias.
        </Alert>
      ) : null}
      {assignments.isSuccess && list.length === 0 ? (
        <Alert color="yellow">No tienes materias asignadas en esta carrera.</Alert>
      ) : null}
      {assignment ? <RubricEditor key={assignment.id} assignmentId={assignment.id} /> : null}
    </>
  );
}
