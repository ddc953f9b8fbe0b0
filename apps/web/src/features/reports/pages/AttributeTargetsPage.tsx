import { Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_ATTRIBUTE_TARGET, TARGET_MSG, attributeDisplayName, type AttributeTarget } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { errorText } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useAttributeTargets, useSaveAttributeTargets } from '../api/attribute-targets';
import { CareerPeriodCard, useActivePeriodChoice, useCareerChoice } from '../components/report-filters';

const sourceText = (t: AttributeTarget) =>
  t.source === 'periodo'
    ? 'Fijada en este periodo'
    : t.source === 'anterior'
      ? `Vigente desde ${t.source_period_name ?? 'un periodo anterior'}`
      : `Predeterminada (${DEFAULT_ATTRIBUTE_TARGET} %)`;

/** A target as typed that the server would refuse: empty, not whole, or outside 0-100 (said under its field). */
const isBadTarget = (v: number | string) => typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100;

/**
 * 'Metas por atributo': per career and period, the share of students with data expected at Suficiente or above.
 * Saving writes the chosen period only; earlier periods keep the targets they were judged against.
 */
export default function AttributeTargetsPage() {
  const career = useCareerChoice();
  const { isAdmin, careerId } = career;
  const period = useActivePeriodChoice();
  const { periodId } = period;
  const targets = useAttributeTargets(
    careerId === null ? null : Number(careerId),
    periodId === null ? null : Number(periodId),
  );
  const save = useSaveAttributeTargets();
  const feedback = useFeedback();
  const [draft, setDraft] = useState<Record<number, number | string>>({});

  useEffect(() => {
    setDraft(Object.fromEntries((targets.data?.targets ?? []).map((t) => [t.attribute_id, t.target])));
  }, [targets.data]);

  const invalid = Object.values(draft).some(isBadTarget);
  // Only the targets whose value changed are written (and so marked 'Fijada en este periodo').
  const changed = (targets.data?.targets ?? []).filter(
    (t) => draft[t.attribute_id] !== undefined && draft[t.attribute_id] !== t.target,
  );
  const submit = async () => {
    try {
      await save.mutateAsync({
        career_id: Number(careerId),
        period_id: Number(periodId),
        targets: changed.map((t) => ({ attribute_id: t.attribute_id, target: Number(draft[t.attribute_id]) })),
      });
      feedback.success(TARGET_MSG.saved);
    } catch (err) {
      feedback.error(errorText('Error guardando metas', err));
    }
  };

  const columns: ReadonlyArray<Column<AttributeTarget>> = [
    {
      key: 'attribute',
      header: 'Atributo',
      cell: (t) => attributeDisplayName(t.codigo ? `${t.codigo} · ${t.attribute_name}` : t.attribute_name, t.shared),
      card: 'title',
    },
    {
      key: 'target',
      header: 'Meta (% en Suficiente o más)',
      cell: (t) => (
        <NumberInput
          aria-label={`Meta de ${t.attribute_name}`}
          min={0}
          max={100}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix=" %"
          w={{ base: '100%', sm: 180 }}
          value={draft[t.attribute_id] ?? t.target}
          onChange={(v) => setDraft((d) => ({ ...d, [t.attribute_id]: v }))}
          error={isBadTarget(draft[t.attribute_id] ?? t.target) ? TARGET_MSG.target : undefined}
        />
      ),
    },
    { key: 'source', header: 'Origen', cell: sourceText },
  ];

  return (
    <>
      <PageHeader
        title="Metas por atributo"
        subtitle="Porcentaje de alumnos con datos que debe alcanzar Suficiente o más; cada periodo conserva sus metas."
        actions={
          isAdmin ? null : (
            <Button component={Link} to="/Report" variant="light">
              Volver a reportes
            </Button>
          )
        }
      />
      <Stack gap="md">
        <CareerPeriodCard career={career} period={period} />
        {careerId !== null && periodId !== null ? (
          <Card withBorder radius="md" padding="lg">
            <ResponsiveTable
              rows={targets.data?.targets}
              columns={columns}
              rowKey={(t) => t.attribute_id}
              loading={targets.isPending}
              loadingText="Cargando metas..."
              error={targets.isError ? errorText('Error cargando metas', targets.error) : null}
              emptyText="La carrera no tiene atributos."
              label="Metas por atributo"
            />
            {targets.data?.targets.length ? (
              <Group justify="flex-end" mt="md">
                {invalid ? (
                  <Text c="red" size="sm">
                    {TARGET_MSG.target}
                  </Text>
                ) : null}
                <Button onClick={submit} loading={save.isPending} disabled={invalid || changed.length === 0}>
                  Guardar metas
                </Button>
              </Group>
            ) : null}
          </Card>
        ) : null}
      </Stack>
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
