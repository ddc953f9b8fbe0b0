import { Button } from '@mantine/core';
import { GENDER_LABEL, ROLE, type PublicUser } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { useDeleteChief } from '../api/delete-chief';
import { userRows, useUsers } from '../../../lib/queries/users';
import { ChiefFormModal } from '../components/ChiefFormModal';
import { PeopleDialogs } from '../components/PeopleDialogs';
import { usePeopleCatalogue } from '../components/use-people-catalogue';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';
const careerOf = (u: PublicUser) => u.user_careers.map((uc) => uc.career.name).join(', ') || '-';

export default function ChiefsPage() {
  const chiefs = useUsers({ role: ROLE.CHIEF }, userRows);
  const remove = useDeleteChief();
  const people = usePeopleCatalogue({
    remove: (u: PublicUser) => remove.mutateAsync(u.id),
    messages: {
      registered: 'Jefe de división registrado correctamente.',
      updated: 'Jefe de división actualizado correctamente.',
      deleted: 'Jefe de división eliminado correctamente.',
      deleteError: 'Error eliminando jefe de división',
    },
  });
  const { form } = people;
  const columns: Column<PublicUser>[] = [
    { key: 'name', header: 'Nombre', cell: (u) => u.full_name, card: 'title' },
    { key: 'email', header: 'Correo', cell: (u) => u.email, card: 'plain' },
    { key: 'control', header: 'Número de control', cardLabel: 'No. de control', cell: (u) => u.controlnumber ?? '-' },
    { key: 'gender', header: 'Género', cell: (u) => genderOf(u.gender) },
    { key: 'career', header: 'Carrera', cell: careerOf },
  ];

  const list = chiefs.data ?? [];
  return (
    <>
      <PageHeader
        title="Jefes de División"
        subtitle={
          chiefs.data ? `${list.length} ${list.length === 1 ? 'jefe registrado' : 'jefes registrados'}` : undefined
        }
        actions={<Button onClick={() => form.open(null)}>Nuevo jefe</Button>}
      />
      <ResponsiveTable
        rows={chiefs.data}
        columns={columns}
        rowActions={people.rowActions}
        rowKey={(u) => u.id}
        label="Jefes de división"
        minWidth={860}
        loading={chiefs.isPending}
        error={chiefs.isError ? 'Error al cargar jefes de división' : null}
        emptyText="No hay jefes de división registrados."
      />

      <ChiefFormModal opened={form.opened} chief={form.editing} onClose={form.close} onSaved={people.onSaved} />
      <PeopleDialogs
        people={people}
        deleteTitle="Eliminar jefe de división"
        deleteQuestion="¿Eliminar este jefe de división?"
      />
    </>
  );
}
