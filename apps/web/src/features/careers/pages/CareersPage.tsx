import { Button, Group } from '@mantine/core';
import type { Career } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { useCatalogueModalPage } from '../../../lib/use-catalogue-page';
import { useDeleteCareer } from '../api/delete-career';
import { useCareers } from '../api/get-careers';
import { CareerFormModal } from '../components/CareerFormModal';

export default function CareersPage() {
  const careers = useCareers();
  const remove = useDeleteCareer();
  const { form, deletion, feedback, saved } = useCatalogueModalPage({
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
    {
      key: 'actions',
      header: 'Acciones',
      width: 190,
      card: 'actions',
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => form.open(c)} aria-label={`Editar ${c.name}`}>
            Editar
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => deletion.ask(c)}
            aria-label={`Eliminar ${c.name}`}
          >
            Eliminar
          </Button>
        </Group>
      ),
    },
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
        rowKey={(c) => c.id}
        label="Carreras"
        minWidth={560}
        loading={careers.isPending}
        error={careers.isError ? 'Error al cargar carreras' : null}
        emptyText="No hay carreras registradas."
      />

      <CareerFormModal opened={form.opened} career={form.editing} onClose={form.close} onSaved={saved} />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar carrera"
        message={
          <>
            ¿Eliminar esta carrera?
            {deletion.target ? (
              <>
                <br />
                <strong>
                  {deletion.target.career_key} · {deletion.target.name}
                </strong>
              </>
            ) : null}
          </>
        }
        loading={remove.isPending}
      />
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
