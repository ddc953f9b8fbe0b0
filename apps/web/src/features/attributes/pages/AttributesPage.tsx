import { Alert } from '@mantine/core';
import {
  ATTRIBUTE_MSG,
  ROLE,
  SHARED_ATTRIBUTE_CAREER,
  attributeCreateBody,
  attributeUpdateBody,
  type Attribute,
} from '@egreso/domain';
import { CreateFormCard } from '../../../components/CreateFormCard';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { FormModal } from '../../../components/FormModal';
import { MissingText } from '../../../components/MissingText';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { loadErrorText } from '../../../lib/errors';
import { useCataloguePage } from '../../../lib/use-catalogue-page';
import { getRole } from '../../../lib/session';
import { useMyCareers } from '../../../lib/teacher-assignments';
import { useCareers } from '../../../lib/queries/careers';
import { useDeleteAttribute } from '../api/delete-attribute';
import { useAttributes } from '../../../lib/queries/attributes';
import { useSaveAttribute } from '../api/save-attribute';
import { AttributeFields, attributeRequest, draftOf, emptyAttribute } from '../components/AttributeFields';

export default function AttributesPage() {
  const attributes = useAttributes();
  const careers = useCareers();
  // A chief changes the attributes of their careers and the shared ones (DESIGN §5); another career's are read only.
  const chief = getRole() === ROLE.CHIEF;
  const mine = useMyCareers(chief);
  const save = useSaveAttribute();
  const remove = useDeleteAttribute();
  const catalogue = useCataloguePage({
    createForm: {
      initial: emptyAttribute,
      schema: attributeCreateBody,
      toBody: attributeRequest,
      invalidMessage: ATTRIBUTE_MSG.fillAll,
    },
    editForm: {
      initial: emptyAttribute,
      schema: attributeUpdateBody,
      toBody: attributeRequest,
      invalidMessage: ATTRIBUTE_MSG.fillAll,
    },
    toDraft: draftOf,
    create: (body) => save.mutateAsync({ id: null, body }),
    update: (id, body) => save.mutateAsync({ id, body }),
    remove: (a: Attribute) => remove.mutateAsync(a.id),
    messages: {
      registered: 'Atributo registrado correctamente.',
      updated: 'Atributo actualizado correctamente.',
      deleted: 'Atributo eliminado correctamente.',
      createError: 'Error registrando atributo',
      updateError: 'Error actualizando atributo',
      deleteError: 'Error eliminando atributo',
    },
  });

  const careerList = careers.data ?? [];
  const myCareerIds = new Set((mine.data ?? []).map((c) => c.id));
  const locked = (a: Attribute) =>
    chief && a.career_id !== null && !myCareerIds.has(a.career_id) ? ATTRIBUTE_MSG.otherCareer : null;
  // A blank description (rows written before the server trimmed them) reads as missing, not as an empty cell.
  const description = (a: Attribute) =>
    a.description?.trim() ? a.description : <MissingText>Sin descripción</MissingText>;
  const columns: Column<Attribute>[] = [
    { key: 'code', header: 'Código', width: 90, cell: (a) => a.codigo ?? '—' },
    { key: 'name', header: 'Nombre', width: '26%', cell: (a) => a.attribute_name, card: 'title' },
    { key: 'description', header: 'Descripción', cell: description, card: 'plain' },
    { key: 'career', header: 'Carrera', width: 200, cell: (a) => a.career?.name ?? SHARED_ATTRIBUTE_CAREER },
  ];

  return (
    <>
      <PageHeader title="Alta de atributos" subtitle="Atributos de egreso que se evalúan en las materias." />
      <CreateFormCard title="Nuevo atributo" submitLabel="Registrar atributo" {...catalogue.createCardProps}>
        <AttributeFields {...catalogue.draftFields} careers={careerList} idPrefix="new-attribute" />
      </CreateFormCard>

      <ResponsiveTable
        title="Atributos registrados"
        rows={attributes.data}
        columns={columns}
        rowActions={{ ...catalogue.rowActions, name: (a) => a.attribute_name, width: 170, locked }}
        rowKey={(a) => a.id}
        minWidth={720}
        loading={attributes.isPending}
        error={attributes.isError ? loadErrorText('Error cargando atributos.', attributes.error) : null}
        emptyText="No hay atributos registrados."
      />
      {careers.isError ? (
        <Alert color="yellow" mt="md">
          Error cargando carreras.
        </Alert>
      ) : null}

      <FormModal {...catalogue.editModalProps} title="Editar atributo" size="lg">
        <AttributeFields {...catalogue.editFields} careers={careerList} idPrefix="edit-attribute" />
      </FormModal>
      <DeleteDialog
        deletion={catalogue.deletion}
        title="Eliminar atributo"
        question="¿Estás seguro que deseas eliminar este atributo?"
        name={(a) => a.attribute_name}
      />
      <ResultDialog {...catalogue.feedback.dialogProps} />
    </>
  );
}
