import { Alert, Button, Card, Group, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { GROUP_MSG, LIMITS, groupBody, type Group as GroupRow, type Semester } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormModal } from '../../../components/FormModal';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { loadErrorText } from '../../../lib/errors';
import { useCataloguePage } from '../../../lib/use-catalogue-page';
import type { FieldErrors } from '../../../lib/use-form';
import { useSemesters } from '../../subjects/api/get-semesters';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';
import { useSaveGroup } from '../api/save-group';

interface Draft {
  group_name: string;
  semester_id: string | null;
}
const emptyDraft: Draft = { group_name: '', semester_id: null };
const toBody = (d: Draft) => ({ group_name: d.group_name.trim(), semester_id: d.semester_id });
const formOptions = { initial: emptyDraft, schema: groupBody, toBody, invalidMessage: GROUP_MSG.fillAll };

function GroupFields({
  value,
  onChange,
  semesters,
  errors,
  idPrefix,
}: {
  value: Draft;
  onChange: (d: Draft) => void;
  semesters: Semester[];
  errors: FieldErrors;
  idPrefix: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <LimitedTextInput
        id={`${idPrefix}-name`}
        label="Nombre del grupo"
        placeholder="Ej. 501"
        withAsterisk
        max={LIMITS.groupName}
        value={value.group_name}
        onChange={(v) => onChange({ ...value, group_name: v })}
        error={errors.group_name}
      />
      <Select
        id={`${idPrefix}-semester`}
        label="Semestre"
        placeholder="Selecciona el semestre"
        withAsterisk
        data={semesters.map((s) => ({ value: String(s.id), label: s.semester_name }))}
        value={value.semester_id}
        onChange={(v) => onChange({ ...value, semester_id: v })}
        error={errors.semester_id}
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
  const { draft, edit, editModal, deletion, create, openEdit, update, feedback } = useCataloguePage({
    createForm: formOptions,
    editForm: formOptions,
    toDraft: (g: GroupRow) => ({ group_name: g.group_name, semester_id: g.semester_id ? String(g.semester_id) : null }),
    create: (body) => save.mutateAsync({ id: null, body }),
    update: (id, body) => save.mutateAsync({ id, body }),
    remove: (g) => remove.mutateAsync(g.id),
    messages: {
      registered: 'Grupo registrado correctamente.',
      updated: 'Grupo actualizado correctamente.',
      deleted: 'Grupo eliminado correctamente.',
      createError: 'Error registrando grupo',
      updateError: 'Error actualizando grupo',
      deleteError: 'Error eliminando grupo',
    },
  });

  const semesterList = semesters.data ?? [];
  const columns: Column<GroupRow>[] = [
    {
      key: 'name',
      header: 'Grupo',
      cell: (g) => g.group_name,
      cardCell: (g) => `Grupo ${g.group_name}`,
      card: 'title',
    },
    {
      key: 'semester',
      header: 'Semestre',
      card: 'plain',
      cell: (g) =>
        g.semester?.semester_name ?? (
          <Text span c="dimmed" fs="italic" size="sm">
            Sin semestre
          </Text>
        ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      width: 170,
      card: 'actions',
      cell: (g) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => openEdit(g)} aria-label={`Editar grupo ${g.group_name}`}>
            Editar
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => deletion.ask(g)}
            aria-label={`Eliminar grupo ${g.group_name}`}
          >
            Eliminar
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Alta de grupos"
        subtitle="Grupos por semestre; las materias se asignan según el semestre del grupo."
      />
      <Card withBorder radius="md" padding="lg" mb="xl" component="form" onSubmit={create} noValidate>
        <Title order={3} size="h4" mb="sm">
          Nuevo grupo
        </Title>
        <GroupFields
          value={draft.values}
          onChange={draft.setValues}
          semesters={semesterList}
          errors={draft.errors}
          idPrefix="new-group"
        />
        {semesters.isError ? (
          <Alert color="red" mt="sm">
            {loadErrorText('Error cargando semestres.', semesters.error)}
          </Alert>
        ) : null}
        {draft.failure ? (
          <Alert color="red" mt="sm" role="alert">
            {draft.failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending && !editModal.opened}>
            Registrar grupo
          </Button>
        </Group>
      </Card>

      <Title order={3} size="h4" mb="sm">
        Grupos registrados
      </Title>
      <ResponsiveTable
        rows={groups.data}
        columns={columns}
        rowKey={(g) => g.id}
        label="Grupos registrados"
        minWidth={520}
        loading={groups.isPending}
        error={groups.isError ? loadErrorText('Error cargando grupos.', groups.error) : null}
        emptyText="No hay grupos registrados."
      />

      <FormModal
        opened={editModal.opened}
        onClose={editModal.close}
        title="Editar grupo"
        onSubmit={update}
        saving={save.isPending}
        failure={edit.failure}
      >
        <GroupFields
          value={edit.values}
          onChange={edit.setValues}
          semesters={semesterList}
          errors={edit.errors}
          idPrefix="edit-group"
        />
      </FormModal>
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar grupo"
        message={
          <>
            ¿Estás seguro que deseas eliminar este grupo?
            {deletion.target ? (
              <>
                <br />
                <strong>Grupo {deletion.target.group_name}</strong>
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
