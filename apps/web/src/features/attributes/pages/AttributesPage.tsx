import { Alert, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { Attribute } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useDraft } from '../../../lib/use-draft';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteAttribute } from '../api/delete-attribute';
import { useAttributes } from '../api/get-attributes';
import { useCareers } from '../../careers/api/get-careers';
import { useSaveAttribute } from '../api/save-attribute';
import { AttributeFields, attributeBodyOf, draftOf, emptyAttribute } from '../components/AttributeFields';
import { failureText, loadErrorText } from '../../chief/components/feedback';

export default function AttributesPage() {
  const attributes = useAttributes();
  const careers = useCareers();
  const save = useSaveAttribute();
  const remove = useDeleteAttribute();
  const isMobile = useIsMobile();

  const draft = useDraft(emptyAttribute, attributeBodyOf);
  const [editing, setEditing] = useState<Attribute | null>(null);
  const edit = useDraft(emptyAttribute, attributeBodyOf);
  const [result, setResult] = useState<Result | null>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const deletion = useConfirmDelete(
    (a: Attribute) => remove.mutateAsync(a.id),
    (err) => setResult({ kind: 'error', message: failureText('Error eliminando atributo', err) }),
  );

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const saved = await draft.submit(
      (body) => save.mutateAsync({ id: null, body }),
      (err) => setResult({ kind: 'error', message: failureText('Error registrando atributo', err) }),
    );
    if (!saved) return;
    draft.reset();
    setResult({ kind: 'success', message: 'Atributo registrado correctamente.' });
  };

  const openEdit = (a: Attribute) => {
    setEditing(a);
    edit.reset(draftOf(a));
  };

  const update = async () => {
    if (!editing) return;
    const saved = await edit.submit(
      (body) => save.mutateAsync({ id: editing.id, body }),
      (err) => setResult({ kind: 'error', message: failureText('Error actualizando atributo', err) }),
    );
    if (saved) setEditing(null);
  };

  const list = attributes.data ?? [];
  const careerList = careers.data ?? [];
  const actions = (a: Attribute) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openEdit(a)} aria-label={`Editar ${a.attribute_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => deletion.ask(a)} aria-label={`Eliminar ${a.attribute_name}`}>Eliminar</Button>
    </Group>
  );
  // A blank description (rows written before the server trimmed them) reads as missing, not as an empty cell.
  const description = (a: Attribute) => (a.description?.trim()
    ? a.description
    : <Text span c="dimmed" fs="italic" size="sm">Sin descripción</Text>);
  const title = (a: Attribute) => (a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name);

  return (
    <>
      <PageHeader title="Alta de atributos" subtitle="Atributos de egreso que se evalúan en las materias." />
      <Card withBorder radius="md" padding="lg" mb="xl" component="form" onSubmit={create} noValidate>
        <Title order={3} size="h4" mb="sm">Nuevo atributo</Title>
        <AttributeFields value={draft.value} onChange={draft.setValue} careers={careerList} errors={draft.fieldErrors} idPrefix="new-attribute" />
        {draft.error ? <Alert color="red" mt="sm" role="alert">{draft.error}</Alert> : null}
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
        <AttributeFields value={edit.value} onChange={edit.setValue} careers={careerList} errors={edit.fieldErrors} idPrefix="edit-attribute" />
        {edit.error ? <Alert color="red" mt="sm" role="alert">{edit.error}</Alert> : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setEditing(null)}>Cancelar</Button>
          <Button onClick={update} loading={save.isPending}>Guardar</Button>
        </Group>
      </Modal>
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar atributo"
        message={<>¿Estás seguro que deseas eliminar este atributo?{deletion.target ? <><br /><strong>{deletion.target.attribute_name}</strong></> : null}</>}
        loading={remove.isPending}
      />
      <ResultDialog result={result} onClose={closeResult} autoCloseMs={result?.kind === 'success' ? 1600 : undefined} />
    </>
  );
}
