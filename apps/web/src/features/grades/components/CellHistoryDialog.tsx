import { Modal, Table, Text } from '@mantine/core';
import { formatGrade } from '@egreso/domain';
import { ListStates } from '../../../components/ListStates';
import { formatDateTime } from '../../../lib/dates';
import { loadErrorText } from '../../../lib/errors';
import { useCellHistory } from '../api/get-cell-history';

interface Props {
  cell: { activityId: number; userId: number; studentName: string; activityName: string } | null;
  onClose: () => void;
}

/** Every change of one grade: when, who, before, after and where it came from. */
export function CellHistoryDialog({ cell, onClose }: Props) {
  const history = useCellHistory(cell ? { activityId: cell.activityId, userId: cell.userId } : null);
  const rows = history.data ?? [];
  return (
    <Modal opened={cell !== null} onClose={onClose} title="Historial de la calificación" size="lg" centered>
      <Text size="sm" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {cell?.studentName} · {cell?.activityName}
      </Text>
      <ListStates
        loading={history.isPending}
        error={history.isError ? loadErrorText('No se pudo cargar el historial.', history.error) : null}
        empty={rows.length === 0}
        emptyText="Esta calificación no ha cambiado desde que se registró."
      >
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Quién</Table.Th>
                <Table.Th ta="right">Antes</Table.Th>
                <Table.Th ta="right">Después</Table.Th>
                <Table.Th>Origen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{formatDateTime(h.changed_at)}</Table.Td>
                  <Table.Td>{h.changed_by?.full_name ?? '-'}</Table.Td>
                  <Table.Td ta="right">{formatGrade(h.before, 'vacía')}</Table.Td>
                  <Table.Td ta="right">{formatGrade(h.after, 'vacía')}</Table.Td>
                  <Table.Td>{h.source}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListStates>
    </Modal>
  );
}
