import { Alert, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { Attribute } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteAttribute } from '../api/delete-attribute';
import { useAttributes } from '../api/get-attributes';
import { useCareers } from '../api/get-careers';
import { useSaveAttribute } from '../api/save-attribute';
import { AttributeFields, attributeBodyOf, draftOf, emptyAttribute, type AttributeDraft } from '../components/AttributeFields';
import { failureText, loadErrorText, serverFieldErrors } from '../components/feedback';
import { ListStates } from '../components/ListStates';

export default function AttributesPage() {
  const attributes = useAttributes();
  const careers = useCareers();
  const save = useSaveAttribute();
  const remove = useDeleteAttribute();
  const isMobile = useIsMobile();

  const [draft, setDraft] = useState<AttributeDraft>(emptyAttribute);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<Attribute | null>(null);
  const [editDraft, setEditDraft] = useState<AttributeDraft>(emptyAttribute);
  const [editError, setEditError] = useState<string | null>(null);
  const [editFieldErrors, setEditFieldErrors] = useState<Record<string, string>>({});
  const [toDelete, setToDelete] = useState<Attribute | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const closeResult = useCallback(() => setResult(null), []);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = attributeBodyOf(draft);
    if ('error' in parsed) return setFormError(parsed.error);
    setFormError(null);
    try {
      await save.mutateAsync({ id: null, body: parsed.body });
      setDraft(emptyAttribute);
      setFieldErrors({});
      setResult({ kind: 'success', message: 'Atributo registrado correctamente.' });
    } catch (err) {
      setFieldErrors(serverFieldErrors(err));
      setResult({ kind: 'error', message: failureText('Error registrando atributo', err) });
    }
  };

  const openEdit = (a: Attribute) => {
    setEditing(a);
    setEditDraft(draftOf(a));
    setEditError(null);
    setEditFieldErrors({});
  };

  const update = async () => {
    if (!editing) return;
    const parsed = attributeBodyOf(editDraft);
    if ('error' in parsed) return setEditError(parsed.error);
    setEditError(null);
    try {
      await save.mutateAsync({ id: editing.id, body: parsed.body });
      setEditing(null);
    } catch (err) {
      setEditFieldErrors(serverFieldErrors(err));
      setResult({ kind: 'error', message: failureText('Error actualizando atributo', err) });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
    } catch (err) {
      setResult({ kind: 'error', message: failureText('Error eliminando atributo', err) });
    }
    setToDelete(null);
  };

  const list = attributes.data ?? [];
  const careerList = careers.data ?? [];
  const actions = (a: Attribute) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openEdit(a)} aria-label={`Editar ${a.attribute_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => setToDelete(a)} aria-label={`Eliminar ${a.attribute_name}`}>Eliminar</Button>
    </Group>
  );
  const description = (a: Attribute) => a.description ?? <Text span c="dimmed" fs="italic" size="sm">Sin descripción</Text>;
  const title = (a: Attribute) => (a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name);

  return (
    <>
      <PageHeader title="Alta de atributos" subtitle="Atributos de egreso que se evalúan en las materias." />
      <Card withBorder radius="md" padding="lg" mb="xl" component="form" onSubmit={create} noValidate>
        <Title order={3} size="h4" mb="sm">Nuevo atributo</Title>
        <AttributeFields value={draft} onChange={setDraft} careers={careerList} errors={fieldErrors} idPrefix="new-attribute" />
        {formError ? <Alert color="red" mt="sm" role="alert">{formError}</Alert> : null}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending && editing === null}>Registrar atributo</Button>
        </Group>
      </Card>

      <Title order={3} size="h4" mb="sm">Atributos registrados</Title>
      <ListStates
        loading={attributes.isPending}
        error={attributes.isError ? loadErrorText('Error cargando atributos.', attributes.error) : null}
        empty={list.length === 0}
        emptyText="No hay atributos registrados."
      >
        {isMobile ? (
          <Stack gap="sm">
            {list.map((a) => (
              <Card key={a.id} withBorder radius="md" padding="md">
                <Text fw={700}>{title(a)}</Text>
                {a.career ? <Text size="xs" c="dimmed">{a.career.name}</Text> : null}
                <Text size="sm" my="xs">{description(a)}</Text>
                {actions(a)}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={90}>Código</Table.Th>
                  <Table.Th w="26%">Nombre</Table.Th>
                  <Table.Th>Descripción</Table.Th>
                  <Table.Th w={200}>Carrera</Table.Th>
                  <Table.Th w={170}>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.codigo ?? '—'}</Table.Td>
                    <Table.Td fw={600}>{a.attribute_name}</Table.Td>
                    <Table.Td>{description(a)}</Table.Td>
                    <Table.Td>{a.career?.name ?? '—'}</Table.Td>
                    <Table.Td>{actions(a)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>
      {careers.isError ? <Alert color="yellow" mt="md">Error cargando carreras.</Alert> : null}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Editar atributo" centered size="lg">
        <AttributeFields value={editDraft} onChange={setEditDraft} careers={careerList} errors={editFieldErrors} idPrefix="edit-attribute" />
        {editError ? <Alert color="red" mt="sm" role="alert">{editError}</Alert> : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setEditing(null)}>Cancelar</Button>
          <Button onClick={update} loading={save.isPending}>Guardar</Button>
        </Group>
      </Modal>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar atributo"
        message={<>¿Estás seguro que deseas eliminar este atributo?{toDelete ? <><br /><strong>{toDelete.attribute_name}</strong></> : null}</>}
        confirmLabel="Eliminar"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ResultDialog result={result} onClose={closeResult} autoCloseMs={result?.kind === 'success' ? 1600 : undefined} />
    </>
  );
}
