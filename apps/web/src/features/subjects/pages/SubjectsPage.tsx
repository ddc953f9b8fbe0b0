import { TextInput } from '@mantine/core';
import { CreateFormCard } from '../../../components/CreateFormCard';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { FormModal } from '../../../components/FormModal';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { loadErrorText } from '../../../lib/errors';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { lockedReason, subjectColumns } from '../components/SubjectColumns';
import { SubjectFields } from '../components/SubjectFields';
import { useSubjectsState } from '../components/use-subjects-state';

export default function SubjectsPage() {
  const isMobile = useIsMobile();
  const s = useSubjectsState();
  const { catalogue, subjects, fieldsProps } = s;

  return (
    <>
      <PageHeader
        title="Alta de materias"
        subtitle="Materias con sus créditos, prerrequisitos, semestres, carreras y atributos."
      />
      <CreateFormCard
        title="Nueva materia"
        submitLabel="Registrar materia"
        {...catalogue.createCardProps}
        loadErrors={s.catalogueErrors}
      >
        <SubjectFields {...catalogue.draftFields} selfId={null} idPrefix="new-subject" {...fieldsProps} />
      </CreateFormCard>

      <ResponsiveTable
        title="Materias registradas"
        toolbar={
          <TextInput
            aria-label="Buscar materia"
            placeholder="Buscar por nombre o clave"
            value={s.search}
            onChange={(e) => s.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
          />
        }
        rows={subjects.data ? s.shown : undefined}
        columns={subjectColumns(isMobile, s.nameById)}
        rowActions={{
          ...catalogue.rowActions,
          name: (x) => x.subject_name,
          width: 170,
          locked: (x) => lockedReason(x, s.myCareers),
        }}
        rowKey={(x) => x.id}
        minWidth={900}
        loading={subjects.isPending}
        error={subjects.isError ? loadErrorText('Error cargando materias.', subjects.error) : null}
        emptyText={s.all.length === 0 ? 'No hay materias registradas.' : 'Ninguna materia coincide con la búsqueda.'}
      />

      <FormModal {...catalogue.editModalProps} title="Editar materia" size="xl" fullScreen={isMobile}>
        <SubjectFields
          {...catalogue.editFields}
          selfId={catalogue.editModal.editing?.id ?? null}
          idPrefix="edit-subject"
          {...fieldsProps}
        />
      </FormModal>
      <DeleteDialog
        deletion={catalogue.deletion}
        title="Eliminar materia"
        question="¿Estás seguro que deseas eliminar esta materia?"
        name={(x) => `${x.subject_key} · ${x.subject_name}`}
      />
      <ResultDialog {...catalogue.feedback.dialogProps} />
    </>
  );
}
