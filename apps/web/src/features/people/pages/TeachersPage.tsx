import { Button, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { GENDER_LABEL, LIMITS, ROLE, type UserListItem } from '@egreso/domain';
import { CreateFab } from '../../../components/CreateFab';
import { FilterPanel } from '../../../components/FilterPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { loadErrorText } from '../../../lib/errors';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeletePerson } from '../api/delete-person';
import { usePagedUsers } from '../components/use-page-of';
import { PeopleDialogs } from '../components/PeopleDialogs';
import { usePeopleCatalogue } from '../components/use-people-catalogue';
import { SpreadsheetActions } from '../components/SpreadsheetActions';
import { TeacherFormModal } from '../components/TeacherFormModal';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';

export default function TeachersPage() {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { users: teachers, paging } = usePagedUsers({ role: ROLE.TEACHER, search: debounced || undefined }, [
    'profesor',
    'profesores',
  ]);
  const remove = useDeletePerson();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const people = usePeopleCatalogue({
    remove: (u: UserListItem) => remove.mutateAsync(u.id),
    messages: {
      registered: 'Profesor registrado correctamente.',
      updated: 'Profesor actualizado correctamente.',
      deleted: 'Profesor eliminado correctamente.',
      deleteError: 'Error eliminando profesor',
    },
  });

  const { form, feedback } = people;
  const meta = teachers.data?.meta;

  const columns: Column<UserListItem>[] = [
    { key: 'name', header: 'Nombre', cell: (u) => u.full_name, card: 'title' },
    { key: 'number', header: 'Número de empleado', cardLabel: 'No. de empleado', cell: (u) => u.controlnumber ?? '-' },
    { key: 'email', header: 'Correo', cell: (u) => u.email, card: 'plain' },
    { key: 'gender', header: 'Género', cell: (u) => genderOf(u.gender) },
  ];

  return (
    <>
      <PageHeader
        title="Alta de profesores"
        subtitle={
          meta
            ? `${meta.total} ${meta.total === 1 ? 'profesor' : 'profesores'}${debounced ? ' con la búsqueda' : meta.total === 1 ? ' registrado' : ' registrados'}`
            : undefined
        }
        actions={
          <>
            {isMobile ? null : <Button onClick={() => form.open(null)}>Registrar profesor</Button>}
            <SpreadsheetActions kind="teachers" onImported={people.imported} onError={feedback.error} />
          </>
        }
      />
      <FilterPanel active={debounced !== ''} open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)}>
        <TextInput
          id="teachers-search"
          label="Buscar profesor"
          placeholder="Nombre, número de empleado o correo"
          value={search}
          maxLength={LIMITS.userName}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
        />
      </FilterPanel>
      <ResponsiveTable
        rows={teachers.data?.data}
        columns={columns}
        rowActions={people.rowActions}
        rowKey={(u) => u.id}
        label="Profesores"
        minWidth={820}
        loading={teachers.isPending}
        error={teachers.isError ? loadErrorText('Error cargando profesores.', teachers.error) : null}
        emptyText={debounced ? 'No hay profesores que coincidan con la búsqueda.' : 'No hay profesores registrados.'}
        paging={paging}
      />
      {/* The floating button would cover the open filters. */}
      <CreateFab label="Registrar profesor" onClick={() => form.open(null)} hidden={filtersOpen} />

      <TeacherFormModal opened={form.opened} teacher={form.editing} onClose={form.close} onSaved={people.onSaved} />
      <PeopleDialogs people={people} deleteTitle="Eliminar profesor" deleteQuestion="¿Eliminar este profesor?" />
    </>
  );
}
