import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  IMPROVEMENT_STATUS_LABELS,
  attributeDisplayName,
  type ImprovementAction,
  type ImprovementStatus,
} from '@egreso/domain';
import { formatDate } from '../../../lib/dates';
import { measuredText, pct } from './evidence-format';

export const STATUS_COLORS: Record<ImprovementStatus, string> = {
  planeada: 'gray',
  en_curso: 'blue',
  cumplida: 'green',
  no_cumplida: 'red',
};

export function StatusBadge({ status }: { status: ImprovementStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" className="evidence-badge">
      {IMPROVEMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

const subjectsLine = (a: ImprovementAction) =>
  a.subjects
    .map((s) => `${s.subject_name}${s.teachers.length ? ` (${s.teachers.map((t) => t.full_name).join(', ')})` : ''}`)
    .join('; ');

/**
 * Improvement actions as cards: finding, cause, action, subjects, expected and measured result, verdict and follow-ups.
 * Printed with the evidence; the buttons are the screen's only.
 */
export function ImprovementActionList({
  actions,
  showContext = false,
  onEdit,
  onFollowup,
  onDelete,
}: {
  actions: ImprovementAction[];
  /** Names the career, generation and attribute (a list of several attributes). */
  showContext?: boolean;
  onEdit?: (a: ImprovementAction) => void;
  onFollowup?: (a: ImprovementAction) => void;
  onDelete?: (a: ImprovementAction) => void;
}) {
  return (
    <Stack gap="xs" role="list" aria-label="Acciones de mejora">
      {actions.map((a) => (
        <Card key={a.id} withBorder padding="sm" role="listitem" className="improvement-action">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {showContext
                  ? `${attributeDisplayName(a.attribute.attribute_name, a.attribute.shared)} · ${a.generation.generation_name} · `
                  : ''}
                {`Aplicación: ${a.period.period_name}`}
              </Text>
              <StatusBadge status={a.status} />
            </Group>
            <Text size="sm">
              {`Hallazgo (${a.finding.period.period_name}): ${pct(a.finding.share)} en Suficiente o más de ${a.finding.students} alumnos, meta ${a.finding.target} %`}
              {a.finding.critical ? '; crítico' : ''}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} size="sm">
                Causa:{' '}
              </Text>
              {a.cause}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} size="sm">
                Acción:{' '}
              </Text>
              {a.action}
            </Text>
            {a.subjects.length ? (
              <Text size="sm">
                <Text span fw={600} size="sm">
                  Materias:{' '}
                </Text>
                {subjectsLine(a)}
              </Text>
            ) : null}
            <Text size="sm">{measuredText(a)}</Text>
            {a.verdict_note ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} size="sm">
                  Dictamen:{' '}
                </Text>
                {a.verdict_note}
                {a.verdict_by ? ` (${a.verdict_by})` : ''}
              </Text>
            ) : null}
            {a.followups.length ? (
              <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: '1.2em' }} aria-label="Seguimiento">
                {a.followups.map((f) => (
                  <Text
                    key={f.id}
                    size="xs"
                    component="li"
                    style={{ overflowWrap: 'anywhere' }}
                  >{`${formatDate(f.followup_date)} · ${f.author_name}: ${f.text}`}</Text>
                ))}
              </Stack>
            ) : null}
            {onEdit || onFollowup || onDelete ? (
              <Group gap="xs" data-print="hide">
                {onFollowup ? (
                  <Button size="xs" variant="light" onClick={() => onFollowup(a)}>
                    Registrar seguimiento
                  </Button>
                ) : null}
                {onEdit ? (
                  <Button size="xs" variant="light" onClick={() => onEdit(a)}>
                    Editar o dictaminar
                  </Button>
                ) : null}
                {onDelete ? (
                  <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(a)}>
                    Eliminar
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
