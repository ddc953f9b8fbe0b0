import { Button } from '@mantine/core';
import type { Career } from '@egreso/domain';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { useCatalogueModalPage } from '../../../lib/use-catalogue-page';
import { useDeleteCareer } from '../api/delete-career';
import { useCareers } from '../../../lib/queries/careers';
import { CareerFormModal } from '../components/CareerFormModal';

export default function CareersPage() {
  const careers = useCareers();
  const remove = useDeleteCareer();
  const { form, deletion, feedback, saved, rowActions } = useCatalogueModalPage({
    remove: (c: Career) => remove.mutateAsync(c.id),
    messages: {
      registered: 'Carrera registrada correctamente.',
      updated: 'Carrera actualizada correctamente.',
      deleted: 'Carrera eliminada correctamente.',
      deleteError: 'Error eliminando carrera',
    },
  });

  const columns: Column<Career>[] = [
    { key: 'key', header: 'Clave', cell: (c) => c.career_key, card: 'title', width: 160 },
    { key: 'name', header: 'Nombre', cell: (c) => c.name, card: 'plain' },
  ];

  const list = careers.data ?? [];
  return (
    <>
      <PageHeader
        title="Gestión de carreras"
        subtitle={careers.data ? `${list.length} ${list.length === 1 ? 'carrera' : 'carreras'}` : undefined}
        actions={<Button onClick={() => form.open(null)}>Nueva carrera</Button>}
      />
      <ResponsiveTable
        rows={careers.data}
        columns={columns}
        rowActions={{ ...rowActions, name: (c) => c.name, width: 190 }}
        rowKey={(c) => c.id}
        label="Carreras"
        minWidth={560}
        loading={careers.isPending}
        error={careers.isError ? 'Error al cargar carreras' : null}
        emptyText="No hay carreras registradas."
      />

      <CareerFormModal opened={form.opened} career={form.editing} onClose={form.close} onSaved={saved} />
      <DeleteDialog
        deletion={deletion}
        title="Eliminar carrera"
        question="¿Eliminar esta carrera?"
        name={(c) => `${c.career_key} · ${c.name}`}
      />
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
