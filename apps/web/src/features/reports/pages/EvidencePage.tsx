import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EVIDENCE_MSG, type EvidenceAttribute, type EvidenceQuery } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { errorText } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useGenerations } from '../../../lib/queries/generations';
import { useEvidence } from '../api/get-evidence';
import { useImprovementActions } from '../api/get-improvement-actions';
import { EvidenceReport } from '../components/EvidenceReport';
import { RegisterActionModal, type ActionFinding } from '../components/ImprovementActionModals';
import { useActionOptions } from '../components/use-action-options';
import { ReportLinks } from '../components/ReportLinks';
import { CareerSelect, GenerationSelect, useCareerChoice } from '../components/report-filters';
import '../../../components/print.css';
import '../components/evidence-print.css';

/**
 * 'Evidencia por generación' (/ReportEvidence): per attribute, how a generation's students are spread over the bands,
 * the verdict against the target, its trend by period and the subjects and activities the ratings come from — the
 * printable evidence a programme hands to the accreditation body.
 */
export default function EvidencePage() {
  const { careers, careerId, setCareerId } = useCareerChoice();
  const generations = useGenerations();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [applied, setApplied] = useState<EvidenceQuery | null>(null);
  const evidence = useEvidence(applied);
  const actions = useImprovementActions(applied);
  const options = useActionOptions(applied?.career_id ?? null);
  const [finding, setFinding] = useState<ActionFinding | null>(null);
  const feedback = useFeedback();
  const register = useMemo(
    () =>
      applied
        ? (a: EvidenceAttribute) =>
            setFinding({
              career_id: applied.career_id,
              generation_id: applied.generation_id,
              attribute_id: a.attribute_id,
              attribute_name: a.attribute_name,
              shared: a.shared,
              trend: a.trend.map((t) => ({
                period_id: t.period_id,
                period_name: t.period_name,
                start_date: t.start_date,
                share: t.verdict.share,
                target: t.verdict.target,
                met: t.verdict.met,
                critical: t.verdict.critical,
              })),
            })
        : undefined,
    [applied],
  );

  const ready = careerId !== null && generationId !== null;
  const consult = () => {
    if (ready) setApplied({ career_id: Number(careerId), generation_id: Number(generationId) });
  };

  return (
    <div className="evidence-print">
      <PageHeader
        title="Evidencia por generación"
        subtitle="Desempeño de una generación en cada atributo de egreso, con las materias y actividades que lo respaldan"
        actions={
          <>
            <ReportLinks to={['/CurriculumMap', '/ImprovementActions', '/ReportPerformance']} />
            {evidence.data ? <Button onClick={() => window.print()}>Imprimir</Button> : null}
          </>
        }
      />
      <Stack gap="md">
        {careers.isError || generations.isError ? (
          <Alert color="red" title="Error" data-print="hide">
            Error cargando catálogos
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="lg" data-print="hide">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CareerSelect careers={careers} value={careerId} onChange={setCareerId} />
            <GenerationSelect generations={generations} value={generationId} onChange={setGenerationId} />
          </SimpleGrid>
          <Group mt="md">
            <Button onClick={consult} disabled={!ready}>
              Consultar
            </Button>
          </Group>
        </Card>
        {applied && evidence.isPending ? <Text role="status">{EVIDENCE_MSG.loading}</Text> : null}
        {applied && evidence.isError ? (
          <Alert color="red" title="Error">
            {errorText(EVIDENCE_MSG.error, evidence.error)}
          </Alert>
        ) : null}
        {applied && actions.isError ? (
          <Alert color="red" title="Error" data-print="hide">
            {errorText('No se pudieron cargar las acciones de mejora', actions.error)}
          </Alert>
        ) : null}
        {evidence.data ? (
          <EvidenceReport evidence={evidence.data} actions={{ list: actions.data ?? [], onRegister: register }} />
        ) : null}
      </Stack>
      <RegisterActionModal
        finding={finding}
        periods={options.periodOptions}
        subjects={options.subjectOptions}
        onClose={() => setFinding(null)}
        onSaved={(message) => {
          setFinding(null);
          feedback.success(message);
        }}
      />
      <ResultDialog {...feedback.dialogProps} />
    </div>
  );
}
