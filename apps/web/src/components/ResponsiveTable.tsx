import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { useIsMobile } from '../lib/use-is-mobile';
import { ListStates } from './ListStates';
import { RowActions } from './RowActions';

export interface Column<T> {
  /** Unique among the columns. */
  key: string;
  /** The desktop header; also the card label unless `cardLabel` is given. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Desktop column width. */
  width?: number | string;
  /**
   * How a phone card shows the column: 'title' (bold first line), 'label' ('Header: value', the default),
   * 'plain' (the value alone), 'actions' (the card's last line), 'hidden'.
   */
  card?: 'title' | 'label' | 'plain' | 'actions' | 'hidden';
  /** The card label when it differs from the header. */
  cardLabel?: string;
  /** false: shown on the phone card only. */
  desktop?: boolean;
  /** What the card shows when it differs from the table cell (e.g. 'Generación 2023-2028'). */
  cardCell?: (row: T) => ReactNode;
}

export interface Paging {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  /** While the next page loads. */
  disabled?: boolean;
  /** Shown at the left of the footer, e.g. 'Total: 12 periodos'. */
  summary?: ReactNode;
}

/** A row's 'Editar' and 'Eliminar' buttons, in an 'Acciones' column (a phone card's last line). */
export interface RowActionsOf<T> {
  /** Completes the buttons' accessible names: 'Editar ISC', 'Eliminar grupo 501'. */
  name: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** The column's desktop width. */
  width: number;
  /** Why the user may not change a row (the server refuses it), shown on its disabled buttons; null when they may. */
  locked?: (row: T) => string | null;
}

function actionsColumn<T>({ name, onEdit, onDelete, width, locked }: RowActionsOf<T>): Column<T> {
  return {
    key: 'actions',
    header: 'Acciones',
    width,
    card: 'actions',
    cell: (row) => (
      <RowActions
        name={name(row)}
        onEdit={() => onEdit(row)}
        onDelete={() => onDelete(row)}
        lockedReason={locked?.(row) ?? null}
      />
    ),
  };
}

export interface ResponsiveTableProps<T> {
  rows: readonly T[] | undefined;
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => Key;
  /** Shown when there are no rows. */
  emptyText: string;
  loading?: boolean;
  loadingText?: string;
  /** A load failure, shown instead of the rows. */
  error?: string | null;
  /** The table scrolls sideways below this width (desktop). */
  minWidth?: number;
  /** The list's accessible name; the title by default. */
  label?: string;
  /** A heading above the list ('Atributos registrados'). */
  title?: string;
  /** Beside the title, at the right (a search box). */
  toolbar?: ReactNode;
  /** 'Anterior' / 'Página x de y' / 'Siguiente' below the rows. */
  paging?: Paging;
  /** 'Editar' / 'Eliminar' after the columns. */
  rowActions?: RowActionsOf<T>;
}

const TEXT_WRAP = { overflowWrap: 'anywhere' } as const;

function PagingFooter({ paging }: { paging: Paging }) {
  const { page, lastPage, onPageChange, disabled, summary } = paging;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {summary}
      </Text>
      <Group gap="sm">
        <Button variant="default" size="xs" disabled={page <= 1 || disabled} onClick={() => onPageChange(page - 1)}>
          Anterior
        </Button>
        <Text size="sm">
          Página {page} de {Math.max(lastPage, 1)}
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={page >= lastPage || disabled}
          onClick={() => onPageChange(page + 1)}
        >
          Siguiente
        </Button>
      </Group>
    </Group>
  );
}

function RowCard<T>({ row, columns }: { row: T; columns: ReadonlyArray<Column<T>> }) {
  const value = (c: Column<T>) => (c.cardCell ?? c.cell)(row);
  const shown = (kind: NonNullable<Column<T>['card']>) => columns.filter((c) => (c.card ?? 'label') === kind);
  return (
    <Card withBorder radius="md" padding="md" role="listitem">
      {shown('title').map((c) => (
        <Text key={c.key} fw={700} component="div" style={TEXT_WRAP}>
          {value(c)}
        </Text>
      ))}
      {columns
        .filter((c) => c.card === undefined || c.card === 'label' || c.card === 'plain')
        .map((c) =>
          c.card === 'plain' ? (
            <Text key={c.key} size="sm" component="div" mt={4} style={TEXT_WRAP}>
              {value(c)}
            </Text>
          ) : (
            <Text key={c.key} size="sm" component="div" mt={4} style={TEXT_WRAP}>
              <Text span size="sm" fw={600}>
                {c.cardLabel ?? c.header}:{' '}
              </Text>
              {value(c)}
            </Text>
          ),
        )}
      {shown('actions').map((c) => (
        <Group key={c.key} mt="sm">
          {value(c)}
        </Group>
      ))}
    </Card>
  );
}

/**
 * The app's one list view: cards on a phone, a table on a desktop, from columns declared once. Loading, load error
 * and empty states come with it, and an optional paging footer.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const { rows, rowKey, emptyText, loading, loadingText, error, minWidth = 600, paging, rowActions } = props;
  const { title, toolbar, label = title } = props;
  const isMobile = useIsMobile();
  const columns = rowActions ? [...props.columns, actionsColumn(rowActions)] : props.columns;
  const tableColumns = columns.filter((c) => c.desktop !== false);
  const list = rows ?? [];
  const body = isMobile ? (
    <Stack gap="sm" role="list" aria-label={label}>
      {list.map((row) => (
        <RowCard key={rowKey(row)} row={row} columns={columns} />
      ))}
    </Stack>
  ) : (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {tableColumns.map((c) => (
              <Table.Th key={c.key} w={c.width}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {tableColumns.map((c) => (
                <Table.Td key={c.key} fw={c.card === 'title' ? 600 : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  const heading = title ? (
    <Title order={3} size="h4" mb={toolbar ? undefined : 'sm'}>
      {title}
    </Title>
  ) : null;
  return (
    <>
      {toolbar ? (
        <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap" gap="sm">
          {heading}
          {toolbar}
        </Group>
      ) : (
        heading
      )}
      <ListStates
        loading={Boolean(loading)}
        loadingText={loadingText}
        error={error ?? null}
        empty={list.length === 0}
        emptyText={emptyText}
      >
        {body}
      </ListStates>
      {/* Past the last page (after a delete) the footer stays, so the user can step back. */}
      {paging && !loading && !error && (list.length > 0 || paging.page > 1) ? <PagingFooter paging={paging} /> : null}
    </>
  );
}
