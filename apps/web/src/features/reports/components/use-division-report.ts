import { useState } from 'react';
import { attributeDisplayName } from '@egreso/domain';
import { useFeedback } from '../../../lib/use-feedback';
import { useGenerations } from '../../../lib/queries/generations';
import { periodRows, usePeriods } from '../../../lib/queries/periods';
import { useSubjects } from '../../../lib/queries/subjects';
import { useSubjectAttributes } from '../../../lib/queries/subject-attributes';
import { exportDivisionReport } from '../api/export-division-report';
import { useDivisionSummary, type DivisionReportFilters } from '../api/get-division-summary';
import { exportFailureText } from './division-report';
import { useCareerChoice } from './report-filters';
import { useDownload } from './use-download';

/** The value of a select's first option, 'every subject' (period, attribute). */
export const ALL = 'all';
const chosen = (id: string) => (id === ALL ? undefined : Number(id));

/**
 * The state of 'Reportes avanzados' (/Report): the catalogues, the filters being chosen and those applied
 * ('Consultar'), the server's summary of the applied ones, and the export. The pieces of the page only show it.
 */
export function useDivisionReport() {
  const generations = useGenerations();
  const subjects = useSubjects();
  const periods = usePeriods({ every: true }, periodRows);
  // A chief's careers (every career for an administrator): a select when there are several, 'Todas' by default.
  const { careers, careerId, setCareerId } = useCareerChoice();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [subjectId, setSubjectIdState] = useState<string>(ALL);
  const [periodId, setPeriodId] = useState<string>(ALL);
  const [attributeId, setAttributeId] = useState<string>(ALL);
  const [applied, setApplied] = useState<DivisionReportFilters | null>(null);
  const [needSubject, setNeedSubject] = useState(false);
  const feedback = useFeedback();
  const excel = useDownload((err) => feedback.error(exportFailureText(err)));
  const specificSubject = chosen(subjectId) ?? null;
  const attributes = useSubjectAttributes(specificSubject);
  const summary = useDivisionSummary(applied);
  const career = careerId === null ? undefined : Number(careerId);
  const noGeneration = generationId === null;

  /** Changing the subject resets the attribute to all (spec). */
  const setSubjectId = (value: string) => {
    setSubjectIdState(value);
    setAttributeId(ALL);
    setNeedSubject(false);
  };

  const consult = () => {
    if (noGeneration) return;
    setNeedSubject(specificSubject === null);
    if (specificSubject === null) return;
    setApplied({
      generation_id: Number(generationId),
      career_id: career,
      subject_id: specificSubject,
      period_id: chosen(periodId),
      attribute_id: chosen(attributeId),
    });
  };

  const exportExcel = () => {
    if (noGeneration) return;
    const filters = { generation_id: Number(generationId), career_id: career };
    void excel.download(() =>
      exportDivisionReport({ ...filters, subject_id: chosen(subjectId), period_id: chosen(periodId) }),
    );
  };

  return {
    catalogues: { generations, subjects, periods, careers, attributes },
    catalogueError: generations.isError || subjects.isError || periods.isError || attributes.isError || careers.isError,
    severalCareers: (careers.data?.length ?? 0) > 1,
    choice: { careerId, generationId, subjectId, periodId, attributeId, specificSubject, noGeneration },
    set: { careerId: setCareerId, generationId: setGenerationId, subjectId: setSubjectId, periodId: setPeriodId },
    setAttributeId,
    needSubject,
    applied,
    summary,
    consult,
    exportExcel,
    exporting: excel.busy,
    feedback,
  };
}

export type DivisionReportState = ReturnType<typeof useDivisionReport>;

/** The name of the row `id` of a list (`all` without one; '' while the list loads). */
function nameIn<T extends { id: number }>(
  list: readonly T[] | undefined,
  id: number | undefined,
  all: string,
  of: (row: T) => string,
): string {
  if (id === undefined) return all;
  const found = list?.find((x) => x.id === id);
  return found ? of(found) : '';
}

/** The applied filters by name, for the line above the results ('Filtros aplicados: …'). */
export function appliedNames(state: DivisionReportState, applied: DivisionReportFilters) {
  const { generations, subjects, periods, careers, attributes } = state.catalogues;
  return {
    generation: nameIn(generations.data, applied.generation_id, '', (g) => g.generation_name),
    career: nameIn(careers.data, applied.career_id, 'Todas', (c) => c.name),
    subject: nameIn(subjects.data, applied.subject_id, 'Todas', (s) => s.subject_name),
    period: nameIn(periods.data, applied.period_id, 'Todos', (p) => p.period_name),
    attribute: nameIn(attributes.data, applied.attribute_id, 'Todos', (a) =>
      attributeDisplayName(a.attribute_name, a.career_id === null),
    ),
  };
}
