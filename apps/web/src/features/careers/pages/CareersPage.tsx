import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Career } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFormModal } from '../../../lib/use-form-modal';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteCareer } from '../api/delete-career';
import { useCareers } from '../api/get-careers';
import { CareerFormModal } from '../components/CareerFormModal';
import { withServerMessage } from '../../admin/components/form-errors';

export default function CareersPage() {
  const careers = useCareers();
  const remove = useDeleteCareer();
  const isMobile = useIsMobile();
  const form = useFormModal<Career>();
  const [result, setResult] = useState<Result | null>(null);
  const deletion = useConfirmDelete(
    (c: Career) => remove.mutateAsync(c.id),
    (err) => setResult({ kind: 'error', message: withServerMessage('Error eliminando carrera', err) }),
  );

  const actions = (c: Career) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => form.open(c)} aria-label={`Editar ${c.name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => deletion.ask(c)} aria-label={`Eliminar ${c.name}`}>Eliminar</Button>
    </Group>
  );

  const list = careers.data ?? [];
  return (
    <>
      <PageHeader
        title="Gestión de carreras"
        subtitle={careers.data ? `${list.length} ${list.length === 1 ? 'carrera' : 'carreras'}` : undefined}
        actions={<Button onClick={() => form.open(null)}>Nueva carrera</Button>}
      />
      <ListStates
        loading={careers.isPending}
        error={careers.isError ? 'Error al cargar carreras' : null}
        empty={list.length === 0}
        emptyText="No hay carreras registradas."
      >
        {isMobile ? (
          <Stack gap="sm">
            {list.map((c) => (
              <Card key={c.id} withBorder radius="md" padding="md">
                <Text fw={700}>{c.career_key}</Text>
                <Text size="sm" mb="sm">{c.name}</Text>
                {actions(c)}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={160}>Clave</Table.Th>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th w={190}>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={600}>{c.career_key}</Table.Td>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{actions(c)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>

      <CareerFormModal opened={form.opened} career={form.editing} onClose={form.close} onSaved={form.close} />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar carrera"
        message={<>¿Eliminar esta carrera?{deletion.target ? <><br /><strong>{deletion.target.career_key} · {deletion.target.name}</strong></> : null}</>}
        loading={remove.isPending}
      />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
