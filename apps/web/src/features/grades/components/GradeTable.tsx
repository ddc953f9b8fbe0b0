import { Table, Text, VisuallyHidden, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column's heading; a number's column (`right`) is aligned right. */
export type GradeColumn = string | { title: string; right: true };

/**
 * A table of grades that scrolls sideways on a narrow screen: the columns' headings (and, with `actions`, an
 * 'Acciones' heading for screen readers only), then the rows given as children.
 */
export function GradeTable({
  minWidth,
  mah,
  columns,
  actions = false,
  children,
  ...table
}: TableProps & {
  minWidth: number;
  /** The most the table grows before it scrolls. */
  mah?: number;
  columns: readonly GradeColumn[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} mah={mah}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <Table.Th key={c}>{c}</Table.Th>
              ) : (
                <Table.Th key={c.title} ta="right">
                  {c.title}
                </Table.Th>
              ),
            )}
            {actions ? (
              <Table.Th>
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An import's preview when the file changes nothing. */
export function NoGradeChanges() {
  return (
    <Text size="sm" c="dimmed">
      El archivo no cambia ninguna calificación.
    </Text>
  );
}
