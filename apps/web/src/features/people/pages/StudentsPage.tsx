import { Button } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CreateFab } from '../../../components/CreateFab';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { loadErrorText } from '../../../lib/errors';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { SpreadsheetActions } from '../components/SpreadsheetActions';
import { StudentFilters, studentColumns } from '../components/StudentsPieces';
import { StudentFormModal } from '../components/StudentFormModal';
import { useStudentsState } from '../components/use-students-state';
import { PeopleDialogs } from '../components/PeopleDialogs';

export const ADVANCE_CONFIRM = 'Esto avanzará de semestre a TODOS los alumnos ACTIVOS';

export default function StudentsPage() {
  const isMobile = useIsMobile();
  const s = useStudentsState();
  const { form, feedback } = s.catalogue;
  const { meta, students, advance } = s;
  const { filtered } = s.filters;

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
            <SpreadsheetActions kind="students" onImported={s.catalogue.imported} onError={feedback.error} />
            <Button color="orange" variant="light" onClick={advance.ask}>
              Avanzar semestre (activos)
            </Button>
          </>
        }
      />
      <StudentFilters
        filters={s.filters}
        open={s.filtersOpen}
        onToggle={s.toggleFilters}
        groups={s.groups.data}
        groupsFailed={s.groups.isError}
        onGroupSlips={s.askGroupSlips}
      />
      <ResponsiveTable
        rows={students.data?.data}
        columns={studentColumns(s.changeStatus, s.statusPending, feedback.error)}
        rowActions={s.catalogue.rowActions}
        rowKey={(u) => u.id}
        label="Alumnos"
        minWidth={1100}
        loading={students.isPending}
        error={students.isError ? loadErrorText('Error cargando alumnos...', students.error) : null}
        emptyText={filtered ? 'No hay alumnos que coincidan con los filtros.' : 'No hay alumnos registrados.'}
        paging={s.paging}
      />
      {/* The floating button would cover the open filters. */}
      <CreateFab label="Registrar alumno" onClick={() => form.open(null)} hidden={s.filtersOpen} />

      <StudentFormModal
        opened={form.opened}
        student={form.editing}
        onClose={form.close}
        onSaved={s.catalogue.onSaved}
      />
      <ConfirmDialog
        opened={advance.asking}
        title="Avanzar semestre"
        confirmLabel="Avanzar semestre"
        loading={advance.pending}
        onConfirm={advance.run}
        onCancel={advance.cancel}
        message={`${ADVANCE_CONFIRM}${advance.groupName ? ` del grupo ${advance.groupName}` : ''} (los de 9.º semestre pasan a Graduado). ¿Continuar?`}
      />
      <PeopleDialogs people={s.catalogue} deleteTitle="Eliminar alumno" deleteQuestion="¿Eliminar este alumno?" />
    </>
  );
}
