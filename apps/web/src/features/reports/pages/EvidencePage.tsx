import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EVIDENCE_MSG, type EvidenceQuery } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { errorText } from '../../../lib/errors';
import { useGenerations } from '../../generations/api/get-generations';
import { useEvidence } from '../api/get-evidence';
import { EvidenceReport } from '../components/EvidenceReport';
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

  const ready = careerId !== null && generationId !== null;
  const consult = () => {
    if (ready) setApplied({ career_id: Number(careerId), generation_id: Number(generationId) });
  };

  return (
    <div className="evidence-print">
      <PageHeader
        title="Evidencia por generación"
        subtitle="Desempeño de una generación en cada atributo de egreso, con las materias y actividades que lo respaldan"
        actions={(
          <>
            <Button component={Link} to="/CurriculumMap" variant="light" data-print="hide">Mapa curricular</Button>
            {evidence.data ? <Button onClick={() => window.print()}>Imprimir</Button> : null}
          </>
        )}
      />
      <Stack gap="md">
        {careers.isError || generations.isError ? <Alert color="red" title="Error" data-print="hide">Error cargando catálogos</Alert> : null}
        <Card withBorder radius="md" padding="lg" data-print="hide">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CareerSelect careers={careers} value={careerId} onChange={setCareerId} />
            <GenerationSelect generations={generations} value={generationId} onChange={setGenerationId} />
          </SimpleGrid>
          <Group mt="md">
            <Button onClick={consult} disabled={!ready}>Consultar</Button>
          </Group>
        </Card>
        {applied && evidence.isPending ? <Text role="status">{EVIDENCE_MSG.loading}</Text> : null}
        {applied && evidence.isError ? <Alert color="red" title="Error">{errorText(EVIDENCE_MSG.error, evidence.error)}</Alert> : null}
        {evidence.data ? <EvidenceReport evidence={evidence.data} /> : null}
      </Stack>
    </div>
  );
}
