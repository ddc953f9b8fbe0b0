import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { GENDER_LABEL, type PublicUser } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFormModal } from '../../../lib/use-form-modal';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteChief } from '../api/delete-chief';
import { useChiefs } from '../api/get-chiefs';
import { ChiefFormModal } from '../components/ChiefFormModal';
import { withServerMessage } from '../../admin/components/form-errors';

const genderOf = (g: number | null) => (g !== null && GENDER_LABEL[g]) || '-';
const careerOf = (u: PublicUser) => u.user_careers.map((uc) => uc.career.name).join(', ') || '-';

export default function ChiefsPage() {
  const chiefs = useChiefs();
  const remove = useDeleteChief();
  const isMobile = useIsMobile();
  const form = useFormModal<PublicUser>();
  const [result, setResult] = useState<Result | null>(null);
  const deletion = useConfirmDelete(
    (u: PublicUser) => remove.mutateAsync(u.id),
    (err) => setResult({ kind: 'error', message: withServerMessage('Error eliminando jefe de división', err) }),
  );

  const actions = (u: PublicUser) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => form.open(u)} aria-label={`Editar ${u.full_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => deletion.ask(u)} aria-label={`Eliminar ${u.full_name}`}>Eliminar</Button>
    </Group>
  );

  const list = chiefs.data ?? [];
  return (
    <>
      <PageHeader
        title="Jefes de División"
        subtitle={chiefs.data ? `${list.length} ${list.length === 1 ? 'jefe registrado' : 'jefes registrados'}` : undefined}
        actions={<Button onClick={() => form.open(null)}>Nuevo jefe</Button>}
      />
      <ListStates
        loading={chiefs.isPending}
        error={chiefs.isError ? 'Error al cargar jefes de división' : null}
        empty={list.length === 0}
        emptyText="No hay jefes de división registrados."
      >
        {isMobile ? (
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
        ) : (
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
        )}
      </ListStates>

      <ChiefFormModal opened={form.opened} chief={form.editing} onClose={form.close} onSaved={form.close} />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar jefe de división"
        message={<>¿Eliminar este jefe de división?{deletion.target ? <><br /><strong>{deletion.target.full_name}</strong></> : null}</>}
        loading={remove.isPending}
      />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
