import { Text } from '@mantine/core';
import { useMemo } from 'react';
import type { GradeSheet } from '@egreso/domain';
import { liveFinal } from '../grid/GradeGrid';
import type { useGradeSheetState } from '../grid/use-grade-sheet-state';

interface Props {
  sheet: GradeSheet;
  state: Pick<ReturnType<typeof useGradeSheetState>, 'stored' | 'drafts' | 'sendCount'>;
}

/**
 * Under the sheet: whether the server has confirmed every final the sheet shows (a final computed from saved grades
 * that the server has not answered yet is counted), or that some finals include unsaved grades.
 */
export function FinalsStatus({ sheet, state }: Props) {
  const { students, activities } = sheet;
  const serverFinals = useMemo(() => new Map(sheet.finals.map((f) => [f.user_id, f.final])), [sheet.finals]);
  const unconfirmed = students.filter(
    (st) =>
      !state.drafts[st.id] &&
      liveFinal(activities, state.stored[st.id], undefined) !== (serverFinals.get(st.id) ?? null),
  ).length;
  return (
    <Text size="sm" c={unconfirmed ? 'var(--mantine-color-orange-text)' : 'dimmed'}>
      {unconfirmed
        ? `El servidor aún no confirma el final de ${unconfirmed === 1 ? '1 alumno' : `${unconfirmed} alumnos`}; se actualizará en un momento.`
        : state.sendCount === 0
          ? 'Finales confirmados por el servidor.'
          : 'Los finales marcados con • incluyen calificaciones sin guardar.'}
    </Text>
  );
}
