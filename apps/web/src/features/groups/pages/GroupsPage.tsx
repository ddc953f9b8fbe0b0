import { Select, SimpleGrid } from '@mantine/core';
import { GROUP_MSG, LIMITS, groupBody, type GroupListItem as GroupRow, type Semester } from '@egreso/domain';
import { CreateFormCard } from '../../../components/CreateFormCard';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { FormModal } from '../../../components/FormModal';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { MissingText } from '../../../components/MissingText';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { loadErrorText } from '../../../lib/errors';
import { useCataloguePage } from '../../../lib/use-catalogue-page';
import { bindDraft, type FieldErrors } from '../../../lib/use-form';
import { useSemesters } from '../../../lib/queries/semesters';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../../../lib/queries/groups';
import { useSaveGroup } from '../api/save-group';

interface Draft {
  group_name: string;
  semester_id: string | null;
}
const emptyDraft: Draft = { group_name: '', semester_id: null };
const toBody = (d: Draft) => ({ group_name: d.group_name.trim(), semester_id: d.semester_id });
const formOptions = { initial: emptyDraft, schema: groupBody, toBody, invalidMessage: GROUP_MSG.fillAll };

/** Why a chief may not change a group (the server's `can_edit`, DESIGN §5): it holds another career's people. */
const GROUP_LOCKED = 'Lo cambia el administrador: tiene alumnos o asignaciones de otra carrera.';

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
  const bind = bindDraft(value, onChange, errors);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <LimitedTextInput
        id={`${idPrefix}-name`}
        label="Nombre del grupo"
        placeholder="Ej. 501"
        withAsterisk
        max={LIMITS.groupName}
        {...bind('group_name')}
      />
      <Select
        id={`${idPrefix}-semester`}
        label="Semestre"
        placeholder="Selecciona el semestre"
        withAsterisk
        data={semesters.map((s) => ({ value: String(s.id), label: s.semester_name }))}
        {...bind('semester_id')}
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
  const catalogue = useCataloguePage({
    createForm: formOptions,
    editForm: formOptions,
    toDraft: (g: GroupRow) => ({
      group_name: g.group_name,
      semester_id: g.semester_id ? String(g.semester_id) : null,
    }),
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
      cell: (g) => g.semester?.semester_name ?? <MissingText>Sin semestre</MissingText>,
    },
  ];

  return (
    <>
      <PageHeader
        title="Alta de grupos"
        subtitle="Grupos por semestre; las materias se asignan según el semestre del grupo."
      />
      <CreateFormCard
        title="Nuevo grupo"
        submitLabel="Registrar grupo"
        {...catalogue.createCardProps}
        loadErrors={semesters.isError ? [loadErrorText('Error cargando semestres.', semesters.error)] : []}
      >
        <GroupFields {...catalogue.draftFields} semesters={semesterList} idPrefix="new-group" />
      </CreateFormCard>

      <ResponsiveTable
        title="Grupos registrados"
        rows={groups.data}
        columns={columns}
        rowActions={{
          ...catalogue.rowActions,
          name: (g) => `grupo ${g.group_name}`,
          width: 170,
          locked: (g) => (g.can_edit ? null : GROUP_LOCKED),
        }}
        rowKey={(g) => g.id}
        minWidth={520}
        loading={groups.isPending}
        error={groups.isError ? loadErrorText('Error cargando grupos.', groups.error) : null}
        emptyText="No hay grupos registrados."
      />

      <FormModal {...catalogue.editModalProps} title="Editar grupo">
        <GroupFields {...catalogue.editFields} semesters={semesterList} idPrefix="edit-group" />
      </FormModal>
      <DeleteDialog
        deletion={catalogue.deletion}
        title="Eliminar grupo"
        question="¿Estás seguro que deseas eliminar este grupo?"
        name={(g) => `Grupo ${g.group_name}`}
      />
      <ResultDialog {...catalogue.feedback.dialogProps} />
    </>
  );
}
