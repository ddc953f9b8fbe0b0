import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { GradeHistoryEntry, RestoreGradeResult } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStates } from '../../../components/ListStates';
import { formatDateTime } from '../../../lib/dates';
import { loadErrorText } from '../../../lib/errors';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  choiceOf,
  gradeOrEmpty as empty,
  restoreQuestion,
  useCellHistoryState,
  type CellHistoryState,
  type HistoryCell,
  type RestoreChoice,
} from './use-cell-history-state';
import { GradeTable } from './GradeTable';

interface Props {
  cell: HistoryCell | null;
  assignmentId: number;
  /** A closed period: the history is only read. */
  readOnly: boolean;
  onClose: () => void;
}

const INITIAL = 'Antes del primer cambio registrado';

interface ListProps {
  s: CellHistoryState;
  readOnly: boolean;
}

/** 'Restaurar este valor' on an entry (none on a closed period), busy while a restore runs. */
function RestoreButton({ s, choice, when, readOnly }: ListProps & { choice: RestoreChoice; when: string }) {
  if (readOnly) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      disabled={s.restoring}
      aria-label={`Restaurar este valor: ${empty(choice.qualification)} (${when})`}
      onClick={() => s.ask(choice)}
    >
      Restaurar este valor
    </Button>
  );
}

/** 'actual' beside the newest entry when it set the value the sheet shows. */
function NowBadge({ s, h, i }: { s: CellHistoryState; h: GradeHistoryEntry; i: number }) {
  return i === 0 && h.after === s.current ? (
    <Badge size="xs" variant="light" ml={6}>
      actual
    </Badge>
  ) : null;
}

/** On a phone: one card per change, then the value before the first. */
function HistoryCards({ s, readOnly }: ListProps) {
  const { initial } = s;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {s.rows.map((h, i) => (
        <Paper key={h.id} withBorder p="xs" component="li">
          <Text size="sm">
            <Text span fw={700}>
              {empty(h.after)}
            </Text>
            <NowBadge s={s} h={h} i={i} />
          </Text>
          <Text size="xs" c="dimmed">
            Antes: {empty(h.before)} · {h.source}
          </Text>
          <Text size="xs" c="dimmed">
            <Text span inherit>
              {h.changed_by?.full_name ?? '-'}
            </Text>{' '}
            · {formatDateTime(h.changed_at)}
          </Text>
          {readOnly ? null : (
            <Group mt={6}>
              <RestoreButton s={s} readOnly={readOnly} choice={choiceOf(h)} when={formatDateTime(h.changed_at)} />
            </Group>
          )}
        </Paper>
      ))}
      {initial ? (
        <Paper withBorder p="xs" component="li" bg="var(--mantine-color-gray-0)">
          <Text size="sm" fw={700}>
            {empty(initial.qualification)}
          </Text>
          <Text size="xs" c="dimmed">
            {INITIAL}
          </Text>
          {readOnly ? null : (
            <Group mt={6}>
              <RestoreButton s={s} readOnly={readOnly} choice={initial} when={INITIAL.toLowerCase()} />
            </Group>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}

const HISTORY_COLUMNS = [
  'Fecha',
  'Quién',
  { title: 'Antes', right: true },
  { title: 'Después', right: true },
  'Origen',
] as const;

/** On a desktop: one row per change (when, who, before, after, source), then the value before the first. */
function HistoryTable({ s, readOnly }: ListProps) {
  const { initial } = s;
  return (
    <GradeTable minWidth={560} striped columns={HISTORY_COLUMNS} actions={!readOnly}>
      {s.rows.map((h, i) => (
        <Table.Tr key={h.id}>
          <Table.Td>{formatDateTime(h.changed_at)}</Table.Td>
          <Table.Td>{h.changed_by?.full_name ?? '-'}</Table.Td>
          <Table.Td ta="right">{empty(h.before)}</Table.Td>
          <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {empty(h.after)}
            <NowBadge s={s} h={h} i={i} />
          </Table.Td>
          <Table.Td>{h.source}</Table.Td>
          {readOnly ? null : (
            <Table.Td>
              <RestoreButton s={s} readOnly={readOnly} choice={choiceOf(h)} when={formatDateTime(h.changed_at)} />
            </Table.Td>
          )}
        </Table.Tr>
      ))}
      {initial ? (
        <Table.Tr>
          <Table.Td colSpan={3} c="dimmed">
            {INITIAL}
          </Table.Td>
          <Table.Td ta="right" fw={700}>
            {empty(initial.qualification)}
          </Table.Td>
          <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            valor inicial
          </Table.Td>
          {readOnly ? null : (
            <Table.Td>
              <RestoreButton s={s} readOnly={readOnly} choice={initial} when={INITIAL.toLowerCase()} />
            </Table.Td>
          )}
        </Table.Tr>
      ) : null}
    </GradeTable>
  );
}

/**
 * Every change of one grade (when, who, before, after, where it came from), and 'Restaurar este valor' on each: the
 * grade goes back to the value that entry set (the last row, to the value before the first recorded change) through
 * the sheet's own save, version check included. The result, or the change that got in the way, is said above the list.
 */
export function CellHistoryDialog({ cell, assignmentId, readOnly, onClose }: Props) {
  const isMobile = useIsMobile();
  const s = useCellHistoryState(cell, assignmentId, onClose);
  const { history } = s;
  return (
    <Modal
      opened={cell !== null}
      onClose={s.close}
      title="Historial de la calificación"
      size="xl"
      centered
      fullScreen={isMobile}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {cell?.studentName} · {cell?.activityName}
        </Text>
        <RestoreOutcome result={s.result} error={s.restoreError} onKeep={s.keepCurrent} onRetry={s.retry} />
        {cell?.draft !== undefined && !readOnly ? (
          <Text size="sm" c="dimmed">
            Tienes «{cell.draft}» escrito en esta celda sin guardar. Restaurar no lo borra: al guardar la hoja, te
            preguntará qué valor conservar.
          </Text>
        ) : null}
        <ListStates
          loading={history.isPending}
          error={history.isError ? loadErrorText('No se pudo cargar el historial.', history.error) : null}
          empty={s.rows.length === 0}
          emptyText="Esta calificación no ha cambiado desde que se registró."
        >
          {isMobile ? <HistoryCards s={s} readOnly={readOnly} /> : <HistoryTable s={s} readOnly={readOnly} />}
        </ListStates>
      </Stack>
      <ConfirmDialog
        opened={s.asked !== null}
        title="Restaurar calificación"
        message={restoreQuestion(cell, s.asked)}
        confirmLabel="Restaurar"
        loading={s.restoring}
        onConfirm={s.confirm}
        onCancel={s.cancel}
      />
    </Modal>
  );
}

/** What the last restore did: restored, nothing to change, or the change that got in the way (as the sheet says it). */
function RestoreOutcome({
  result,
  error,
  onKeep,
  onRetry,
}: {
  result: RestoreGradeResult | null;
  error: string | null;
  onKeep: () => void;
  onRetry: () => void;
}) {
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!result) return null;
  if (result.outcome === 'conflict' && result.conflict) {
    const c = result.conflict;
    return (
      <Alert color="orange" title="Calificación cambiada en otro lugar" role="alert">
        <Text size="sm" mb="xs">
          {result.message} Ahora es {empty(c.qualification)} ({c.changed_by?.full_name ?? '-'} ·{' '}
          {formatDateTime(c.changed_at)}).
        </Text>
        <Group gap={4}>
          <Button size="compact-xs" variant="default" onClick={onKeep}>
            Usar el actual
          </Button>
          <Button size="compact-xs" onClick={onRetry}>
            Restaurar de todos modos
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color={result.outcome === 'restored' ? 'green' : 'blue'} role="status">
      {result.message}
    </Alert>
  );
}
