import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { RUBRIC_MSG, type Criterion, type EvaluationScale, type Indicator, type RubricAttribute } from '@egreso/domain';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { RowActions } from '../../../components/RowActions';
import { criteriaTotal, indicatorsTotal, scaleHeader } from './rubric-sums';
import './rubric-print.css';

export interface SectionActions {
  addCriterion: (attribute: RubricAttribute) => void;
  editCriterion: (attribute: RubricAttribute, criterion: Criterion) => void;
  deleteCriterion: (criterion: Criterion) => void;
  addIndicator: (criterion: Criterion) => void;
  editIndicator: (criterion: Criterion, indicator: Indicator) => void;
  deleteIndicator: (indicator: Indicator) => void;
  editScale: (criterion: Criterion, scale: EvaluationScale) => void;
}

/** A sum and, when it misses its target, the spec's warning in words (never colour alone). */
function SumLine({ label, total, warning }: { label: string; total: number; warning: string | null }) {
  return (
    <Text size="sm" fw={600} component="div">
      {label}: {total}%{' '}
      {warning ? (
        <Text span size="sm" fw={700} c="red" role="status">
          {warning}
        </Text>
      ) : null}
    </Text>
  );
}

function IndicatorsCell({ criterion, actions }: { criterion: Criterion; actions: SectionActions }) {
  const { total, warning } = indicatorsTotal(criterion);
  return (
    <Stack gap={4}>
      {criterion.indicators.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin indicadores
        </Text>
      ) : null}
      {criterion.indicators.map((i) => (
        <Group key={i.id} gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
            {i.description} — {i.weight}%
          </Text>
          <RowActions
            compact
            name={`indicador ${i.description}`}
            onEdit={() => actions.editIndicator(criterion, i)}
            onDelete={() => actions.deleteIndicator(i)}
          />
        </Group>
      ))}
      <SumLine label="Suma de indicadores" total={total} warning={warning} />
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => actions.addIndicator(criterion)}
          aria-label={`Agregar indicador a ${criterion.name_criterion}`}
        >
          Agregar indicador
        </Button>
      </Group>
    </Stack>
  );
}

/** One attribute of the rubric: its criteria with their indicators and one description per scale. */
export function AttributeSection({
  attribute,
  scales,
  actions,
}: {
  attribute: RubricAttribute;
  scales: EvaluationScale[];
  actions: SectionActions;
}) {
  const title = attribute.codigo ? `${attribute.codigo} - ${attribute.attribute_name}` : attribute.attribute_name;
  const { total, warning } = criteriaTotal(attribute);
  const columns: Column<Criterion>[] = [
    { key: 'name', header: 'Criterio', cell: (c) => c.name_criterion, card: 'title', width: 180 },
    { key: 'weight', header: 'Peso (%)', cell: (c) => `${c.weight}%`, width: 80 },
    {
      key: 'indicators',
      header: 'Indicadores (peso %)',
      cell: (c) => <IndicatorsCell criterion={c} actions={actions} />,
      width: 300,
    },
    ...scales.map((s): Column<Criterion> => ({
      key: `scale-${s.id}`,
      header: scaleHeader(s),
      cell: (c) => {
        const text = c.evaluation_scales.find((e) => e.scale_id === s.id)?.custom_description ?? null;
        return (
          <Stack gap={4} align="flex-start">
            <Text
              size="sm"
              c={text ? undefined : 'dimmed'}
              fs={text ? undefined : 'italic'}
              style={{ whiteSpace: 'pre-line', overflowWrap: 'break-word' }}
            >
              {text ?? RUBRIC_MSG.noDescription}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => actions.editScale(c, s)}
              aria-label={`Editar descripción ${s.scale_name} de ${c.name_criterion}`}
            >
              Editar
            </Button>
          </Stack>
        );
      },
    })),
    {
      key: 'actions',
      header: 'Acciones',
      card: 'actions',
      width: 150,
      cell: (c) => (
        <RowActions
          name={`criterio ${c.name_criterion}`}
          onEdit={() => actions.editCriterion(attribute, c)}
          onDelete={() => actions.deleteCriterion(c)}
        />
      ),
    },
  ];
  return (
    <Card withBorder radius="md" padding="md" data-print="keep" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Button size="xs" onClick={() => actions.addCriterion(attribute)} aria-label={`Agregar criterio a ${title}`}>
          Agregar criterio
        </Button>
      </Group>
      <ResponsiveTable
        rows={attribute.evaluationcriterias}
        columns={columns}
        rowKey={(c) => c.id}
        label={`Criterios de ${title}`}
        minWidth={900}
        emptyText="Este atributo aún no tiene criterios."
      />
      <SumLine label="Suma de criterios" total={total} warning={warning} />
    </Card>
  );
}
