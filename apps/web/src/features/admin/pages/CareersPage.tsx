import { Alert, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Career } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteCareer } from '../api/delete-career';
import { useCareers } from '../api/get-careers';
import { CareerFormModal } from '../components/CareerFormModal';
import { withServerMessage } from '../components/form-errors';

export default function CareersPage() {
  const careers = useCareers();
  const remove = useDeleteCareer();
  const isMobile = useIsMobile();
  const [editing, setEditing] = useState<Career | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Career | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const openForm = (career: Career | null) => {
    setEditing(career);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setToDelete(null);
    } catch (err) {
      setToDelete(null);
      setResult({ kind: 'error', message: withServerMessage('Error eliminando carrera', err) });
    }
  };

  const actions = (c: Career) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openForm(c)} aria-label={`Editar ${c.name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => setToDelete(c)} aria-label={`Eliminar ${c.name}`}>Eliminar</Button>
    </Group>
  );

  const list = careers.data ?? [];
  return (
    <>
      <PageHeader
        title="Gestión de carreras"
        subtitle={careers.data ? `${list.length} ${list.length === 1 ? 'carrera' : 'carreras'}` : undefined}
        actions={<Button onClick={() => openForm(null)}>Nueva carrera</Button>}
      />
      {careers.isPending ? <PageLoader /> : null}
      {careers.isError ? <Alert color="red">Error al cargar carreras</Alert> : null}
      {careers.isSuccess && list.length === 0 ? <Text c="dimmed">No hay carreras registradas.</Text> : null}
      {careers.isSuccess && list.length > 0 && isMobile ? (
        <Stack gap="sm">
          {list.map((c) => (
            <Card key={c.id} withBorder radius="md" padding="md">
              <Text fw={700}>{c.career_key}</Text>
              <Text size="sm" mb="sm">{c.name}</Text>
              {actions(c)}
            </Card>
          ))}
        </Stack>
      ) : null}
      {careers.isSuccess && list.length > 0 && !isMobile ? (
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
      ) : null}

      <CareerFormModal opened={formOpen} career={editing} onClose={() => setFormOpen(false)} onSaved={() => setFormOpen(false)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar carrera"
        message={<>¿Eliminar esta carrera?{toDelete ? <><br /><strong>{toDelete.career_key} · {toDelete.name}</strong></> : null}</>}
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
