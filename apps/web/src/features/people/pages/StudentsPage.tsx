import { Badge, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { GENDER_LABEL, LIMITS, ROLE, type UserListItem } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CreateFab } from '../../../components/CreateFab';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { FilterPanel } from '../../../components/FilterPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { errorText, loadErrorText, serverMessage } from '../../../lib/errors';
import { useCatalogueModalPage } from '../../../lib/use-catalogue-page';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useServerPaging } from '../../../lib/use-server-paging';
import { useGroups } from '../../../lib/queries/groups';
import { useAdvanceSemester } from '../api/advance-semester';
import { useDeletePerson } from '../api/delete-person';
import { useUsers } from '../../../lib/queries/users';
import { usePageOf } from '../components/use-page-of';
import { useSetStudentStatus } from '../api/set-student-status';
import { advanceSummaryText } from '../components/advance-summary';
import { SpreadsheetActions } from '../components/SpreadsheetActions';
import { STATUS_OPTIONS, StudentFormModal, groupLabel } from '../components/StudentFormModal';
import { GROUP_TITLE, useCredentials } from '../components/use-credentials';
import { StudentStatusSelect } from '../components/StudentStatusSelect';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';

export const ADVANCE_CONFIRM = 'Esto avanzará de semestre a TODOS los alumnos ACTIVOS';

export default function StudentsPage() {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const page = usePageOf(JSON.stringify([debounced, groupId, status]));
  const students = useUsers({
    role: ROLE.STUDENT,
    search: debounced || undefined,
    group_id: groupId ? Number(groupId) : undefined,
    active: status === null ? undefined : Number(status),
    page: page.current,
  });
  const groups = useGroups();
  const remove = useDeletePerson();
  const setActive = useSetStudentStatus();
  const advance = useAdvanceSemester();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [summary, setSummary] = useState<Result | null>(null);
  const { form, deletion, feedback, saved, rowActions } = useCatalogueModalPage({
    remove: (u: UserListItem) => remove.mutateAsync(u.id),
    messages: {
      registered: 'Alumno registrado correctamente',
      updated: 'Alumno actualizado correctamente.',
      deleted: 'Alumno eliminado correctamente.',
      deleteError: 'Error eliminando alumno',
    },
  });
  const credentials = useCredentials(feedback.error);

  const meta = students.data?.meta;
  const paging = useServerPaging({
    meta,
    page: page.current,
    setPage: page.set,
    fetching: students.isFetching,
    noun: ['alumno', 'alumnos'],
  });

  const filtered = debounced !== '' || groupId !== null || status !== null;
  const showAll = () => {
    setSearch('');
    setGroupId(null);
    setStatus(null);
  };
  const groupName = groups.data?.find((g) => String(g.id) === groupId)?.group_name;

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
      setSummary({ kind: 'success', message: advanceSummaryText(result, (id) => names.get(id)) });
    } catch (err) {
      setAsking(false);
      feedback.error(serverMessage(err) ?? 'Error al avanzar');
    }
  };

  const columns: Column<UserListItem>[] = [
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
          disabled={setActive.isPending}
          onChange={(active) => changeStatus(s, active)}
          onRefused={feedback.error}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Alta de alumnos"
        subtitle={
          meta
            ? `${meta.total} ${meta.total === 1 ? 'alumno' : 'alumnos'}${filtered ? ' con los filtros aplicados' : ' registrados'}`
            : undefined
        }
        actions={
          <>
            {isMobile ? null : <Button onClick={() => form.open(null)}>Registrar alumno</Button>}
            <SpreadsheetActions
              kind="students"
              onImported={(message, created, mail) =>
                created.length
                  ? credentials.showImported(message, created)
                  : mail && (mail.sent > 0 || mail.failed.length > 0)
                    ? credentials.showMailed(message, mail)
                    : setSummary({ kind: 'success', message })
              }
              onError={feedback.error}
            />
            <Button color="orange" variant="light" onClick={() => setAsking(true)}>
              Avanzar semestre (activos)
            </Button>
          </>
        }
      />
      <FilterPanel active={filtered} open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            id="students-search"
            label="Buscar alumno"
            placeholder="Nombre, matrícula o correo"
            type="search"
            value={search}
            maxLength={LIMITS.userName}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Select
            id="students-group"
            label="Grupo"
            placeholder="Todos los grupos"
            clearable
            searchable
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: groupLabel(g) }))}
            nothingFoundMessage={groups.isError ? 'Error cargando grupos.' : 'No hay grupos'}
            value={groupId}
            onChange={setGroupId}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            id="students-status"
            label="Estatus"
            placeholder="Todos los estatus"
            clearable
            data={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            disabled={!groupId}
            onClick={() => {
              const group = (groups.data ?? []).find((g) => String(g.id) === groupId);
              if (group) credentials.askGroupSlips({ id: group.id, name: group.group_name });
            }}
          >
            {GROUP_TITLE}
          </Button>
          <Button variant="default" onClick={showAll} disabled={!filtered}>
            Ver todos los alumnos
          </Button>
        </Group>
      </FilterPanel>
      <ResponsiveTable
        rows={students.data?.data}
        columns={columns}
        rowActions={{ ...rowActions, name: (s) => s.full_name, width: 360, more: [credentials.resetAction] }}
        rowKey={(s) => s.id}
        label="Alumnos"
        minWidth={1100}
        loading={students.isPending}
        error={students.isError ? loadErrorText('Error cargando alumnos...', students.error) : null}
        emptyText={filtered ? 'No hay alumnos que coincidan con los filtros.' : 'No hay alumnos registrados.'}
        paging={paging}
      />
      {/* The floating button would cover the open filters. */}
      <CreateFab label="Registrar alumno" onClick={() => form.open(null)} hidden={filtersOpen} />

      <StudentFormModal
        opened={form.opened}
        student={form.editing}
        onClose={form.close}
        onSaved={(created) => credentials.afterSave(created, 'Alumno registrado correctamente', form.close, saved)}
      />
      {credentials.dialogs}
      <ConfirmDialog
        opened={asking}
        title="Avanzar semestre"
        confirmLabel="Avanzar semestre"
        loading={advance.isPending}
        onConfirm={runAdvance}
        onCancel={() => setAsking(false)}
        message={`${ADVANCE_CONFIRM}${groupName ? ` del grupo ${groupName}` : ''} (los de 9.º semestre pasan a Graduado). ¿Continuar?`}
      />
      <DeleteDialog
        deletion={deletion}
        title="Eliminar alumno"
        question="¿Eliminar este alumno?"
        name={(s) => s.full_name}
      />
      <ResultDialog {...feedback.dialogProps} />
      <ResultDialog result={summary} onClose={() => setSummary(null)} />
    </>
  );
}
