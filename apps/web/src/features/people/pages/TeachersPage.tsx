import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { GENDER_LABEL, LIMITS, ROLE, type PublicUser, type UserListItem } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { errorText, loadErrorText } from '../../../lib/errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFeedback } from '../../../lib/use-feedback';
import { useFormModal } from '../../../lib/use-form';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeletePerson } from '../api/delete-person';
import { usePeople } from '../api/get-people';
import { usePageOf } from '../components/use-page-of';
import { CreateFab } from '../../../components/CreateFab';
import { FilterPanel } from '../components/FilterPanel';
import { ImportModal, importResultText } from '../components/ImportModal';
import { SpreadsheetActions } from '../components/SpreadsheetActions';
import { TeacherFormModal } from '../components/TeacherFormModal';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';

export default function TeachersPage() {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const page = usePageOf(JSON.stringify([debounced]));
  const teachers = usePeople({ role: ROLE.TEACHER, search: debounced || undefined, page: page.current });
  const remove = useDeletePerson();
  const form = useFormModal<PublicUser>();
  const [importing, setImporting] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [summary, setSummary] = useState<Result | null>(null);
  const feedback = useFeedback();
  const deletion = useConfirmDelete(
    async (u: UserListItem) => {
      await remove.mutateAsync(u.id);
      feedback.success('Profesor eliminado correctamente.');
    },
    (err) => feedback.error(errorText('Error eliminando profesor', err)),
  );

  const meta = teachers.data?.meta;
  useEffect(() => {
    if (meta && page.current > meta.last_page) page.set(meta.last_page);
  }, [meta, page]);

  const columns: Column<UserListItem>[] = [
    { key: 'name', header: 'Nombre', cell: (u) => u.full_name, card: 'title' },
    { key: 'number', header: 'Número de empleado', cardLabel: 'No. de empleado', cell: (u) => u.controlnumber ?? '-' },
    { key: 'email', header: 'Correo', cell: (u) => u.email, card: 'plain' },
    { key: 'gender', header: 'Género', cell: (u) => genderOf(u.gender) },
    {
      key: 'actions',
      header: 'Acciones',
      width: 190,
      card: 'actions',
      cell: (u) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => form.open(u)} aria-label={`Editar ${u.full_name}`}>
            Editar
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => deletion.ask(u)}
            aria-label={`Eliminar ${u.full_name}`}
          >
            Eliminar
          </Button>
        </Group>
      ),
    },
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
            <SpreadsheetActions kind="teachers" onImport={() => setImporting(true)} onError={feedback.error} />
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
        rowKey={(u) => u.id}
        label="Profesores"
        minWidth={820}
        loading={teachers.isPending}
        error={teachers.isError ? loadErrorText('Error cargando profesores.', teachers.error) : null}
        emptyText={debounced ? 'No hay profesores que coincidan con la búsqueda.' : 'No hay profesores registrados.'}
        paging={
          meta && meta.total > 0
            ? {
                page: meta.current_page,
                lastPage: meta.last_page,
                onPageChange: page.set,
                disabled: teachers.isFetching,
                summary: `Total: ${meta.total} ${meta.total === 1 ? 'profesor' : 'profesores'}`,
              }
            : undefined
        }
      />
      {isMobile ? <div style={{ height: 80 }} /> : null}
      {/* The floating button would cover the open filters. */}
      {isMobile && !filtersOpen ? <CreateFab label="Registrar profesor" onClick={() => form.open(null)} /> : null}

      <TeacherFormModal
        opened={form.opened}
        teacher={form.editing}
        onClose={form.close}
        onSaved={(message) => {
          feedback.success(message);
          form.close();
        }}
      />
      <ImportModal
        kind="teachers"
        opened={importing}
        onClose={() => setImporting(false)}
        onDone={(result) => {
          setImporting(false);
          setSummary({ kind: 'success', message: importResultText(result) });
        }}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar profesor"
        message={
          <>
            ¿Eliminar este profesor?
            {deletion.target ? (
              <>
                <br />
                <strong>{deletion.target.full_name}</strong>
              </>
            ) : null}
          </>
        }
        loading={remove.isPending}
      />
      <ResultDialog {...feedback.dialogProps} />
      <ResultDialog result={summary} onClose={() => setSummary(null)} />
    </>
  );
}
