import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** The report screens a page links to, each named as its button says. */
const REPORT_SCREENS = {
  '/ReportTargets': 'Metas por atributo',
  '/ReportEvidence': 'Evidencia por generación',
  '/CurriculumMap': 'Mapa curricular',
  '/ImprovementActions': 'Mejora continua',
  '/ReportPerformance': 'Índices de rendimiento',
} as const;

export type ReportScreen = keyof typeof REPORT_SCREENS;

/** Buttons that lead to other report screens, in the order given; a printout leaves them off. */
export function ReportLinks({ to }: { to: readonly ReportScreen[] }) {
  return (
    <>
      {to.map((path) => (
        <Button key={path} component={Link} to={path} variant="light" data-print="hide">
          {REPORT_SCREENS[path]}
        </Button>
      ))}
    </>
  );
}
