import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatGrade, type GradeHistoryEntry, type RestoreGradeResult } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStates } from '../../../components/ListStates';
import { formatDateTime } from '../../../lib/dates';
import { errorText, loadErrorText } from '../../../lib/errors';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCellHistory } from '../api/get-cell-history';
import { useRestoreGrade } from '../api/restore-grade';

interface Props {
  cell: {
    activityId: number;
    userId: number;
    studentName: string;
    activityName: string;
    /** The grade as the sheet shows it now: its value and the version a restore sends (0 when none is stored). */
    current: { qualification: number | null; version: number };
    /** A value typed in this cell and not saved yet. */
    draft?: string;
  } | null;
  assignmentId: number;
  /** A closed period: the history is only read. */
  readOnly: boolean;
  onClose: () => void;
}

/** A value the history offers to restore: the one an entry set ('after'), or the one before the oldest ('before'). */
interface Choice {
  entryId: number;
  value: 'after' | 'before';
  qualification: number | null;
}

const empty = (v: number | null) => formatGrade(v, 'vacía');

/**
 * Every change of one grade (when, who, before, after, where it came from), and 'Restaurar este valor' on each: the
 * grade goes back to the value that entry set (the last row, to the value before the first recorded change) through
 * the sheet's own save, version check included. The result, or the change that got in the way, is said above the list.
 */
export function CellHistoryDialog({ cell, assignmentId, readOnly, onClose }: Props) {
  const isMobile = useIsMobile();
  const history = useCellHistory(cell ? { activityId: cell.activityId, userId: cell.userId } : null);
  const restore = useRestoreGrade(assignmentId);
  const [asked, setAsked] = useState<Choice | null>(null);
  const [result, setResult] = useState<RestoreGradeResult | null>(null);
  const [tried, setTried] = useState<Choice | null>(null);
  const rows = history.data ?? [];
  const oldest = rows.at(-1);
  const current = cell?.current.qualification ?? null;

  const send = (choice: Choice) => {
    if (!cell) return;
    setAsked(null);
    setTried(choice);
    setResult(null);
    restore.mutate(
      { entryId: choice.entryId, value: choice.value, version: cell.current.version },
      { onSuccess: setResult },
    );
  };
  const close = () => {
    setAsked(null);
    setResult(null);
    setTried(null);
    restore.reset();
    onClose();
  };

  const button = (choice: Choice, when: string) =>
    readOnly ? null : (
      <Button
        size="compact-xs"
        variant="light"
        disabled={restore.isPending}
        aria-label={`Restaurar este valor: ${empty(choice.qualification)} (${when})`}
        onClick={() => setAsked(choice)}
      >
        Restaurar este valor
      </Button>
    );
  const choiceOf = (h: GradeHistoryEntry): Choice => ({ entryId: h.id, value: 'after', qualification: h.after });
  const initial: Choice | null = oldest ? { entryId: oldest.id, value: 'before', qualification: oldest.before } : null;
  const INITIAL = 'Antes del primer cambio registrado';
  const nowBadge = (h: GradeHistoryEntry, i: number) =>
    i === 0 && h.after === current ? (
      <Badge size="xs" variant="light" ml={6}>
        actual
      </Badge>
    ) : null;

  return (
    <Modal
      opened={cell !== null}
      onClose={close}
      title="Historial de la calificación"
      size="xl"
      centered
      fullScreen={isMobile}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {cell?.studentName} · {cell?.activityName}
        </Text>
        <RestoreOutcome
          result={result}
          error={restore.isError ? errorText('No se pudo restaurar la calificación', restore.error) : null}
          onKeep={() => setResult(null)}
          onRetry={() => tried && send(tried)}
        />
        {cell?.draft !== undefined && !readOnly ? (
          <Text size="sm" c="dimmed">
            Tienes «{cell.draft}» escrito en esta celda sin guardar. Restaurar no lo borra: al guardar la hoja, te
            preguntará qué valor conservar.
          </Text>
        ) : null}
        <ListStates
          loading={history.isPending}
          error={history.isError ? loadErrorText('No se pudo cargar el historial.', history.error) : null}
          empty={rows.length === 0}
          emptyText="Esta calificación no ha cambiado desde que se registró."
        >
          {isMobile ? (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {rows.map((h, i) => (
                <Paper key={h.id} withBorder p="xs" component="li">
                  <Text size="sm">
                    <Text span fw={700}>
                      {empty(h.after)}
                    </Text>
                    {nowBadge(h, i)}
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
                  {readOnly ? null : <Group mt={6}>{button(choiceOf(h), formatDateTime(h.changed_at))}</Group>}
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
                  {readOnly ? null : <Group mt={6}>{button(initial, INITIAL.toLowerCase())}</Group>}
                </Paper>
              ) : null}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Quién</Table.Th>
                    <Table.Th ta="right">Antes</Table.Th>
                    <Table.Th ta="right">Después</Table.Th>
                    <Table.Th>Origen</Table.Th>
                    {readOnly ? null : (
                      <Table.Th>
                        <VisuallyHidden>Acciones</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((h, i) => (
                    <Table.Tr key={h.id}>
                      <Table.Td>{formatDateTime(h.changed_at)}</Table.Td>
                      <Table.Td>{h.changed_by?.full_name ?? '-'}</Table.Td>
                      <Table.Td ta="right">{empty(h.before)}</Table.Td>
                      <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {empty(h.after)}
                        {nowBadge(h, i)}
                      </Table.Td>
                      <Table.Td>{h.source}</Table.Td>
                      {readOnly ? null : <Table.Td>{button(choiceOf(h), formatDateTime(h.changed_at))}</Table.Td>}
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
                      {readOnly ? null : <Table.Td>{button(initial, INITIAL.toLowerCase())}</Table.Td>}
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListStates>
      </Stack>
      <ConfirmDialog
        opened={asked !== null}
        title="Restaurar calificación"
        message={
          asked
            ? `¿Restaurar la calificación de ${cell?.studentName ?? ''} en ${cell?.activityName ?? ''} a ${empty(asked.qualification)}? Ahora es ${empty(current)}; el cambio quedará en el historial como «restauración».`
            : ''
        }
        confirmLabel="Restaurar"
        loading={restore.isPending}
        onConfirm={() => asked && send(asked)}
        onCancel={() => setAsked(null)}
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
