import { Table } from '@mantine/core';

/** A report table's heading row: one column heading per name, each marked as heading its column. */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {names.map((name) => (
          <Table.Th key={name} scope="col">
            {name}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
