import { Button, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { GENDER_LABEL, LIMITS, ROLE, type UserListItem } from '@egreso/domain';
import { CreateFab } from '../../../components/CreateFab';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { FilterPanel } from '../../../components/FilterPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { loadErrorText } from '../../../lib/errors';
import { useCatalogueModalPage } from '../../../lib/use-catalogue-page';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useServerPaging } from '../../../lib/use-server-paging';
import { useDeletePerson } from '../api/delete-person';
import { useUsers } from '../../../lib/queries/users';
import { usePageOf } from '../components/use-page-of';
import { SpreadsheetActions } from '../components/SpreadsheetActions';
import { TeacherFormModal } from '../components/TeacherFormModal';
import { useCredentials } from '../components/use-credentials';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';

export default function TeachersPage() {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const page = usePageOf(JSON.stringify([debounced]));
  const teachers = useUsers({ role: ROLE.TEACHER, search: debounced || undefined, page: page.current });
  const remove = useDeletePerson();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [summary, setSummary] = useState<Result | null>(null);
  const { form, deletion, feedback, saved, rowActions } = useCatalogueModalPage({
    remove: (u: UserListItem) => remove.mutateAsync(u.id),
    messages: {
      registered: 'Profesor registrado correctamente.',
      updated: 'Profesor actualizado correctamente.',
      deleted: 'Profesor eliminado correctamente.',
      deleteError: 'Error eliminando profesor',
    },
  });

  const credentials = useCredentials(feedback.error);
  const meta = teachers.data?.meta;
  const paging = useServerPaging({
    meta,
    page: page.current,
    setPage: page.set,
    fetching: teachers.isFetching,
    noun: ['profesor', 'profesores'],
  });

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
            <SpreadsheetActions
              kind="teachers"
              onImported={(message, created, mail) =>
                created.length
                  ? credentials.showImported(message, created)
                  : mail && (mail.sent > 0 || mail.failed.length > 0)
                    ? credentials.showMailed(message, mail)
                    : setSummary({ kind: 'success', message })
              }
              onError={feedback.error}
            />
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
        rowActions={{ ...rowActions, name: (u) => u.full_name, width: 360, more: [credentials.resetAction] }}
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

      <TeacherFormModal
        opened={form.opened}
        teacher={form.editing}
        onClose={form.close}
        onSaved={(created) => credentials.afterSave(created, 'Profesor registrado correctamente.', form.close, saved)}
      />
      {credentials.dialogs}
      <DeleteDialog
        deletion={deletion}
        title="Eliminar profesor"
        question="¿Eliminar este profesor?"
        name={(u) => u.full_name}
      />
      <ResultDialog {...feedback.dialogProps} />
      <ResultDialog result={summary} onClose={() => setSummary(null)} />
    </>
  );
}
