import { Select } from '@mantine/core';
import type { CareerRef } from '@egreso/domain';

/** The teacher's careers and the chosen one, as `useTeacherAssignment` gives them. */
interface CareerChoice {
  careers: { data?: CareerRef[]; isSuccess: boolean };
  careerId: number | null;
  setCareerId: (id: number | null) => void;
}

/** 'Carrera' of the teacher screens (activities, grading): the teacher's careers, while loading and when there is none. */
export function TeacherCareerSelect({ selection, w }: { selection: CareerChoice; w: number | string }) {
  const careers = selection.careers.data ?? [];
  return (
    <Select
      label="Carrera"
      placeholder={
        careers.length
          ? 'Selecciona una carrera'
          : selection.careers.isSuccess
            ? 'No hay carreras asignadas.'
            : 'Cargando...'
      }
      data={careers.map((c) => ({ value: String(c.id), label: c.name }))}
      value={selection.careerId ? String(selection.careerId) : null}
      onChange={(v) => selection.setCareerId(v ? Number(v) : null)}
      allowDeselect={false}
      w={w}
    />
  );
}
