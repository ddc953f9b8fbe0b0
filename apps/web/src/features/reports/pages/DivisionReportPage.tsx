import { Alert, Stack } from '@mantine/core';
import { REPORT_MSG } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { DivisionReportFilterCard } from '../components/DivisionReportFilterCard';
import { DivisionReportResults } from '../components/DivisionReportResults';
import { ReportLinks } from '../components/ReportLinks';
import { useDivisionReport } from '../components/use-division-report';

/**
 * 'Reportes avanzados' (/Report): the division chief's report of attribute ratings by generation. The figures are
 * the server's summary (`GET /reportes/flex/resumen`), the same the workbook writes; the state lives in
 * `useDivisionReport`, the pieces only show it.
 */
export default function DivisionReportPage() {
  const state = useDivisionReport();
  return (
    <>
      <PageHeader
        title="Reportes avanzados"
        subtitle="Calificaciones por atributo de egreso de una generación"
        actions={
          <ReportLinks
            to={['/ReportTargets', '/ReportEvidence', '/CurriculumMap', '/ImprovementActions', '/ReportPerformance']}
          />
        }
      />
      <Stack gap="md">
        {state.catalogueError ? (
          <Alert color="red" title="Error">
            {REPORT_MSG.cataloguesError}
          </Alert>
        ) : null}
        <DivisionReportFilterCard state={state} />
        <DivisionReportResults state={state} />
      </Stack>
      <ResultDialog {...state.feedback.dialogProps} />
    </>
  );
}
