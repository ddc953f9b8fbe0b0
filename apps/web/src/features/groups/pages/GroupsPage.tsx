import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { GROUP_MSG, LIMITS, type Group as GroupRow, type GroupBody, type Semester } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useDraft } from '../../../lib/use-draft';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';
import { useSemesters } from '../../subjects/api/get-semesters';
import { useSaveGroup } from '../api/save-group';
import { failureText, loadErrorText } from '../../chief/components/feedback';

interface Draft {
  group_name: string;
  semester_id: string | null;
}
const emptyDraft: Draft = { group_name: '', semester_id: null };

function bodyOf(d: Draft): { body: GroupBody } | { error: string } {
  if (!d.group_name.trim() || !d.semester_id) return { error: GROUP_MSG.fillAll };
  return { body: { group_name: d.group_name.trim(), semester_id: Number(d.semester_id) } };
}

function GroupFields({ value, onChange, semesters, errors, idPrefix }: {
  value: Draft; onChange: (d: Draft) => void; semesters: Semester[]; errors: Record<string, string>; idPrefix: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <LimitedTextInput
        id={`${idPrefix}-name`} label="Nombre del grupo" placeholder="Ej. 501" withAsterisk max={LIMITS.groupName}
        value={value.group_name} onChange={(v) => onChange({ ...value, group_name: v })} error={errors.group_name}
      />
      <Select
        id={`${idPrefix}-semester`} label="Semestre" placeholder="Selecciona el semestre" withAsterisk
        data={semesters.map((s) => ({ value: String(s.id), label: s.semester_name }))}
        value={value.semester_id} onChange={(v) => onChange({ ...value, semester_id: v })} error={errors.semester_id}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}

export default function GroupsPage() {
  const groups = useGroups();
  const semesters = useSemesters();
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const isMobile = useIsMobile();

  const draft = useDraft(emptyDraft, bodyOf);
  const [editing, setEditing] = useState<GroupRow | null>(null);
  const edit = useDraft(emptyDraft, bodyOf);
  const [result, setResult] = useState<Result | null>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const deletion = useConfirmDelete(
    (g: GroupRow) => remove.mutateAsync(g.id),
    (err) => setResult({ kind: 'error', message: failureText('Error eliminando grupo', err) }),
  );

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const saved = await draft.submit(
      (body) => save.mutateAsync({ id: null, body }),
      (err) => setResult({ kind: 'error', message: failureText('Error registrando grupo', err) }),
    );
    if (!saved) return;
    draft.reset();
    setResult({ kind: 'success', message: 'Grupo registrado correctamente.' });
  };

  const openEdit = (g: GroupRow) => {
    setEditing(g);
    edit.reset({ group_name: g.group_name, semester_id: g.semester_id ? String(g.semester_id) : null });
  };

  const update = async () => {
    if (!editing) return;
    const saved = await edit.submit(
      (body) => save.mutateAsync({ id: editing.id, body }),
      (err) => setResult({ kind: 'error', message: failureText('Error actualizando grupo', err) }),
    );
    if (saved) setEditing(null);
  };

  const list = groups.data ?? [];
  const semesterList = semesters.data ?? [];
  const semesterOf = (g: GroupRow) => g.semester?.semester_name ?? <Text span c="dimmed" fs="italic" size="sm">Sin semestre</Text>;
  const actions = (g: GroupRow) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openEdit(g)} aria-label={`Editar grupo ${g.group_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => deletion.ask(g)} aria-label={`Eliminar grupo ${g.group_name}`}>Eliminar</Button>
    </Group>
  );

  return (
    <>
      <PageHeader title="Alta de grupos" subtitle="Grupos por semestre; las materias se asignan según el semestre del grupo." />
      <Card withBorder radius="md" padding="lg" mb="xl" component="form" onSubmit={create} noValidate>
        <Title order={3} size="h4" mb="sm">Nuevo grupo</Title>
        <GroupFields value={draft.value} onChange={draft.setValue} semesters={semesterList} errors={draft.fieldErrors} idPrefix="new-group" />
        {semesters.isError ? <Alert color="red" mt="sm">{loadErrorText('Error cargando semestres.', semesters.error)}</Alert> : null}
        {draft.error ? <Alert color="red" mt="sm" role="alert">{draft.error}</Alert> : null}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending && editing === null}>Registrar grupo</Button>
        </Group>
      </Card>

      <Title order={3} size="h4" mb="sm">Grupos registrados</Title>
      <ListStates
        loading={groups.isPending}
        error={groups.isError ? loadErrorText('Error cargando grupos.', groups.error) : null}
        empty={list.length === 0}
        emptyText="No hay grupos registrados."
      >
        {isMobile ? (
          <Stack gap="sm">
            {list.map((g) => (
              <Card key={g.id} withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={700}>Grupo {g.group_name}</Text>
                    <Text size="sm" c="dimmed">{semesterOf(g)}</Text>
                  </div>
                  {actions(g)}
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Grupo</Table.Th>
                  <Table.Th>Semestre</Table.Th>
                  <Table.Th w={170}>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td fw={600}>{g.group_name}</Table.Td>
                    <Table.Td>{semesterOf(g)}</Table.Td>
                    <Table.Td>{actions(g)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Editar grupo" centered>
        <GroupFields value={edit.value} onChange={edit.setValue} semesters={semesterList} errors={edit.fieldErrors} idPrefix="edit-group" />
        {edit.error ? <Alert color="red" mt="sm" role="alert">{edit.error}</Alert> : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setEditing(null)}>Cancelar</Button>
          <Button onClick={update} loading={save.isPending}>Guardar</Button>
        </Group>
      </Modal>
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar grupo"
        message={<>¿Estás seguro que deseas eliminar este grupo?{deletion.target ? <><br /><strong>Grupo {deletion.target.group_name}</strong></> : null}</>}
        loading={remove.isPending}
      />
      <ResultDialog result={result} onClose={closeResult} autoCloseMs={result?.kind === 'success' ? 1600 : undefined} />
    </>
  );
}
