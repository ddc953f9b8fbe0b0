import { Badge, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { GENDER_LABEL, LIMITS, type GroupListItem, type UserListItem } from '@egreso/domain';
import { FilterPanel } from '../../../components/FilterPanel';
import type { Column } from '../../../components/ResponsiveTable';
import { STATUS_OPTIONS, groupLabel } from './StudentFormModal';
import { StudentStatusSelect } from './StudentStatusSelect';
import { GROUP_TITLE } from './use-credentials';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';

/** The students table's columns; the status is changed in its own column. */
export function studentColumns(
  changeStatus: (student: UserListItem, active: number) => void,
  statusPending: boolean,
  onRefused: (message: string) => void,
): Column<UserListItem>[] {
  return [
    { key: 'name', header: 'Nombre', cell: (s) => s.full_name, card: 'title' },
    { key: 'number', header: 'Matrícula', cell: (s) => s.controlnumber ?? '-' },
    { key: 'email', header: 'Correo', cell: (s) => s.email, card: 'plain' },
    { key: 'gender', header: 'Género', cell: (s) => genderOf(s.gender) },
    {
      key: 'groups',
      header: 'Grupos',
      cell: (s) =>
        s.groups.length ? (
          <Group gap={4}>
            {s.groups.map((g) => (
              <Badge key={g.id} variant="light" color="gray" tt="none">
                {g.group_name}
              </Badge>
            ))}
          </Group>
        ) : (
          '-'
        ),
    },
    {
      key: 'generation',
      header: 'Generación',
      cell: (s) =>
        s.latest_generation?.generation_name ?? (
          <Text span size="sm" c="dimmed">
            Sin generación
          </Text>
        ),
    },
    {
      key: 'status',
      header: 'Estatus',
      width: 150,
      cell: (s) => (
        <StudentStatusSelect
          student={s}
          disabled={statusPending}
          onChange={(active) => changeStatus(s, active)}
          onRefused={onRefused}
        />
      ),
    },
  ];
}

export interface StudentFilterValues {
  search: string;
  setSearch: (search: string) => void;
  groupId: string | null;
  setGroupId: (id: string | null) => void;
  status: string | null;
  setStatus: (status: string | null) => void;
  /** Whether any filter narrows the list. */
  filtered: boolean;
  showAll: () => void;
}

interface FiltersProps {
  filters: StudentFilterValues;
  open: boolean;
  onToggle: () => void;
  groups: GroupListItem[] | undefined;
  groupsFailed: boolean;
  onGroupSlips: () => void;
}

/** Search, group and status filters, with the chosen group's access slips and 'Ver todos los alumnos'. */
export function StudentFilters({ filters: f, open, onToggle, groups, groupsFailed, onGroupSlips }: FiltersProps) {
  return (
    <FilterPanel active={f.filtered} open={open} onToggle={onToggle}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          id="students-search"
          label="Buscar alumno"
          placeholder="Nombre, matrícula o correo"
          type="search"
          value={f.search}
          maxLength={LIMITS.userName}
          onChange={(e) => f.setSearch(e.currentTarget.value)}
        />
        <Select
          id="students-group"
          label="Grupo"
          placeholder="Todos los grupos"
          clearable
          searchable
          data={(groups ?? []).map((g) => ({ value: String(g.id), label: groupLabel(g) }))}
          nothingFoundMessage={groupsFailed ? 'Error cargando grupos.' : 'No hay grupos'}
          value={f.groupId}
          onChange={f.setGroupId}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          id="students-status"
          label="Estatus"
          placeholder="Todos los estatus"
          clearable
          data={STATUS_OPTIONS}
          value={f.status}
          onChange={f.setStatus}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" disabled={!f.groupId} onClick={onGroupSlips}>
          {GROUP_TITLE}
        </Button>
        <Button variant="default" onClick={f.showAll} disabled={!f.filtered}>
          Ver todos los alumnos
        </Button>
      </Group>
    </FilterPanel>
  );
}
