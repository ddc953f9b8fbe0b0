import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ROLE, type UserListItem } from '@egreso/domain';
import { errorText, serverMessage } from '../../../lib/errors';
import { useGroups } from '../../../lib/queries/groups';
import { useAdvanceSemester } from '../api/advance-semester';
import { useDeletePerson } from '../api/delete-person';
import { useSetStudentStatus } from '../api/set-student-status';
import { advanceSummaryText } from './advance-summary';
import { usePagedUsers } from './use-page-of';
import { usePeopleCatalogue } from './use-people-catalogue';

/**
 * The students screen's state: the filters (search, group, status) and the page of students they ask for, the groups,
 * the status change, the semester advance with its confirmation and summary, the form and delete dialogs and the
 * credentials dialogs.
 */
export function useStudentsState() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { users: students, paging } = usePagedUsers(
    {
      role: ROLE.STUDENT,
      search: debounced || undefined,
      group_id: groupId ? Number(groupId) : undefined,
      active: status === null ? undefined : Number(status),
    },
    ['alumno', 'alumnos'],
  );
  const groups = useGroups();
  const remove = useDeletePerson();
  const setActive = useSetStudentStatus();
  const advance = useAdvanceSemester();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const catalogue = usePeopleCatalogue({
    remove: (u: UserListItem) => remove.mutateAsync(u.id),
    messages: {
      registered: 'Alumno registrado correctamente',
      updated: 'Alumno actualizado correctamente.',
      deleted: 'Alumno eliminado correctamente.',
      deleteError: 'Error eliminando alumno',
    },
  });
  const { feedback, credentials } = catalogue;
  const meta = students.data?.meta;

  const filtered = debounced !== '' || groupId !== null || status !== null;
  const showAll = () => {
    setSearch('');
    setGroupId(null);
    setStatus(null);
  };
  const group = groups.data?.find((g) => String(g.id) === groupId);

  const changeStatus = async (student: UserListItem, active: number) => {
    try {
      await setActive.mutateAsync({ id: student.id, active });
      feedback.success('Estatus actualizado correctamente.');
    } catch (err) {
      feedback.error(errorText('Error actualizando estatus', err));
    }
  };

  const runAdvance = async () => {
    try {
      const result = await advance.mutateAsync(groupId ? Number(groupId) : null);
      setAsking(false);
      const names = new Map((students.data?.data ?? []).map((s) => [s.id, s.full_name]));
      catalogue.showSummary(advanceSummaryText(result, (id) => names.get(id)));
    } catch (err) {
      setAsking(false);
      feedback.error(serverMessage(err) ?? 'Error al avanzar');
    }
  };

  return {
    filters: { search, setSearch, groupId, setGroupId, status, setStatus, filtered, showAll },
    filtersOpen,
    toggleFilters: () => setFiltersOpen((o) => !o),
    students,
    meta,
    paging,
    groups,
    /** 'Hojas de acceso del grupo' for the chosen group. */
    askGroupSlips: () => {
      if (group) credentials.askGroupSlips({ id: group.id, name: group.group_name });
    },
    changeStatus,
    statusPending: setActive.isPending,
    advance: {
      asking,
      ask: () => setAsking(true),
      cancel: () => setAsking(false),
      run: runAdvance,
      pending: advance.isPending,
      groupName: group?.group_name,
    },
    catalogue,
    credentials,
  };
}
