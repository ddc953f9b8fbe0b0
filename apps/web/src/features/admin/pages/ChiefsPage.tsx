import { Alert, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { GENDER_LABEL, type PublicUser } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteChief } from '../api/delete-chief';
import { useChiefs } from '../api/get-chiefs';
import { ChiefFormModal } from '../components/ChiefFormModal';
import { withServerMessage } from '../components/form-errors';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';
const careerOf = (u: PublicUser) => u.user_careers.map((uc) => uc.career.name).join(', ') || '-';

export default function ChiefsPage() {
  const chiefs = useChiefs();
  const remove = useDeleteChief();
  const isMobile = useIsMobile();
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<PublicUser | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const openForm = (chief: PublicUser | null) => {
    setEditing(chief);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setToDelete(null);
    } catch (err) {
      setToDelete(null);
      setResult({ kind: 'error', message: withServerMessage('Error eliminando jefe de división', err) });
    }
  };

  const actions = (u: PublicUser) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openForm(u)} aria-label={`Editar ${u.full_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => setToDelete(u)} aria-label={`Eliminar ${u.full_name}`}>Eliminar</Button>
    </Group>
  );

  const list = chiefs.data ?? [];
  return (
    <>
      <PageHeader
        title="Jefes de División"
        subtitle={chiefs.data ? `${list.length} ${list.length === 1 ? 'jefe registrado' : 'jefes registrados'}` : undefined}
        actions={<Button onClick={() => openForm(null)}>Nuevo jefe</Button>}
      />
      {chiefs.isPending ? <PageLoader /> : null}
      {chiefs.isError ? <Alert color="red">Error al cargar jefes de división</Alert> : null}
      {chiefs.isSuccess && list.length === 0 ? <Text c="dimmed">No hay jefes de división registrados.</Text> : null}
      {chiefs.isSuccess && list.length > 0 && isMobile ? (
        <Stack gap="sm">
          {list.map((u) => (
            <Card key={u.id} withBorder radius="md" padding="md">
              <Text fw={700}>{u.full_name}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{u.email}</Text>
              <Text size="sm" c="dimmed">No. de control: {u.controlnumber ?? '-'} · {genderOf(u.gender)}</Text>
              <Text size="sm" c="dimmed" mb="sm">Carrera: {careerOf(u)}</Text>
              {actions(u)}
            </Card>
          ))}
        </Stack>
      ) : null}
      {chiefs.isSuccess && list.length > 0 && !isMobile ? (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Correo</Table.Th>
                <Table.Th>Número de control</Table.Th>
                <Table.Th>Género</Table.Th>
                <Table.Th>Carrera</Table.Th>
                <Table.Th w={190}>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td fw={600}>{u.full_name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{u.controlnumber ?? '-'}</Table.Td>
                  <Table.Td>{genderOf(u.gender)}</Table.Td>
                  <Table.Td>{careerOf(u)}</Table.Td>
                  <Table.Td>{actions(u)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}

      <ChiefFormModal opened={formOpen} chief={editing} onClose={() => setFormOpen(false)} onSaved={() => setFormOpen(false)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar jefe de división"
        message={<>¿Eliminar este jefe de división?{toDelete ? <><br /><strong>{toDelete.full_name}</strong></> : null}</>}
        confirmLabel="Eliminar"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
