import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a cell may carry beside its text: a class, or data-* attributes that say what it holds. */
type CellAttributes = { className?: string } & { [name: `data-${string}`]: string | boolean };

export interface DataColumn<R> {
  key: string;
  header: ReactNode;
  cell: (row: R) => ReactNode;
  attributes?: CellAttributes;
}

/**
 * The data table under a report chart: every value the chart draws, readable without it (a screen reader, a printout
 * in grey). Each row is named by a row header; the other columns are the chart's values.
 */
export function ChartDataTable<R>({
  rows,
  rowKey,
  rowHeader,
  columns,
  caption,
  minWidth,
  mt,
  ...table
}: {
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The first column: its header, and each row's name. */
  rowHeader: { header: string; cell: (row: R) => ReactNode };
  columns: ReadonlyArray<DataColumn<R>>;
  caption?: ReactNode;
  /** Below this width the table scrolls sideways (a phone) instead of squeezing its columns. */
  minWidth?: number;
  'aria-label'?: string;
  'data-testid'?: string;
} & Omit<TableProps, 'children' | 'captionSide'>) {
  const body = (
    <Table withTableBorder captionSide={caption ? 'top' : undefined} mt={minWidth ? undefined : mt} {...table}>
      {caption ? <Table.Caption>{caption}</Table.Caption> : null}
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{rowHeader.header}</Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.key} scope="col">
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={rowKey(r)}>
            <Table.Th scope="row" fw={500}>
              {rowHeader.cell(r)}
            </Table.Th>
            {columns.map((c) => (
              <Table.Td key={c.key} {...c.attributes}>
                {c.cell(r)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? (
    <Table.ScrollContainer minWidth={minWidth} mt={mt}>
      {body}
    </Table.ScrollContainer>
  ) : (
    body
  );
}
