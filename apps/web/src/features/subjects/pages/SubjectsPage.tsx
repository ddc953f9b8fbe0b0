import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { ROLE, collator, holdingOf, subjectBody, type Subject, type SubjectListItem } from '@egreso/domain';
import { CreateFormCard } from '../../../components/CreateFormCard';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { FormModal } from '../../../components/FormModal';
import { MissingText } from '../../../components/MissingText';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { loadErrorText } from '../../../lib/errors';
import { matchesSearch } from '../../../lib/search';
import { useCataloguePage } from '../../../lib/use-catalogue-page';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { getRole } from '../../../lib/session';
import { useMyCareers } from '../../../lib/teacher-assignments';
import { useAttributes } from '../../attributes/api/get-attributes';
import { useCareers } from '../../careers/api/get-careers';
import { useDeleteSubject } from '../api/delete-subject';
import { useSemesters } from '../api/get-semesters';
import { useSubjects } from '../api/get-subjects';
import { useSaveSubject } from '../api/save-subject';
import { SubjectFields } from '../components/SubjectFields';
import {
  creditsText,
  emptySubject,
  subjectDraftOf,
  subjectMissingText,
  subjectRequest,
} from '../components/subject-draft';

function AttributesCell({ subject }: { subject: Subject }) {
  if (!subject.attributes.length) return <MissingText>Sin atributos</MissingText>;
  return (
    <Stack gap={2}>
      {subject.attributes.map((a) => (
        <Text key={a.id} size="sm">{`${a.attribute_name} (${a.knowledge_level})`}</Text>
      ))}
    </Stack>
  );
}

function SemestersCell({ subject }: { subject: Subject }) {
  if (!subject.semesters.length) return <MissingText>Sin semestres</MissingText>;
  return (
    <Group gap={4}>
      {subject.semesters.map((s) => (
        <Badge key={s.id} variant="light" radius="sm" tt="none">
          {s.semester_name}
        </Badge>
      ))}
    </Group>
  );
}

/** Why a chief may not change a subject (the server's `can_edit` is false), from its careers and the chief's. */
function lockedReason(s: SubjectListItem, mine: readonly number[]): string | null {
  if (s.can_edit) return null;
  const holding = holdingOf(
    { all: false, careers: [...mine] },
    s.careers.map((c) => c.id),
  );
  if (holding === 'none') return 'La cambia el administrador: no pertenece a ninguna carrera.';
  if (holding === 'other') return 'Pertenece a una carrera que no diriges.';
  return 'La cambia el administrador: también pertenece a otra carrera.';
}

export default function SubjectsPage() {
  const subjects = useSubjects();
  const semesters = useSemesters();
  const careers = useCareers();
  const attributes = useAttributes();
  const save = useSaveSubject();
  const remove = useDeleteSubject();
  const isMobile = useIsMobile();
  // A chief's careers (GET /mis-carreras); a chief of exactly one finds it chosen on a new subject (theirs always has
  // one of them).
  const isChief = getRole() === ROLE.CHIEF;
  const mine = useMyCareers(isChief);
  const myCareers = useMemo(() => (isChief ? (mine.data ?? []).map((c) => c.id) : []), [isChief, mine.data]);
  const ownCareer = myCareers.length === 1 ? String(myCareers[0]) : null;
  const initial = useMemo(() => (ownCareer ? { ...emptySubject, careers: [ownCareer] } : emptySubject), [ownCareer]);

  const all = useMemo(() => subjects.data ?? [], [subjects.data]);
  const attributeList = attributes.data ?? [];
  const toBody = (d: typeof emptySubject) => subjectRequest(d, attributeList);
  const formOptions = { initial, schema: subjectBody, toBody, invalidMessage: subjectMissingText };
  const [search, setSearch] = useState('');
  // The request keeps the spec's shape (empty careers and attributes left out), so it is sent rather than the parse.
  const catalogue = useCataloguePage({
    createForm: formOptions,
    editForm: formOptions,
    toDraft: subjectDraftOf,
    create: (_body, values) => save.mutateAsync({ id: null, body: toBody(values) }),
    update: (id, _body, values) => save.mutateAsync({ id, body: toBody(values) }),
    remove: (s: SubjectListItem) => remove.mutateAsync(s.id),
    messages: {
      registered: 'Materia registrada correctamente.',
      updated: 'Materia actualizada correctamente.',
      deleted: 'Materia eliminada correctamente.',
      createError: 'Error registrando materia',
      updateError: 'Error actualizando materia',
      deleteError: 'Error eliminando materia',
    },
  });

  // The chief's career arrives after the first render: chosen on the new-subject form while it is untouched.
  const { values: draftValues, reset: resetDraft } = catalogue.draft;
  useEffect(() => {
    if (ownCareer && draftValues === emptySubject) resetDraft();
  }, [ownCareer, draftValues, resetDraft]);

  const nameById = useMemo(() => new Map(all.map((s) => [s.id, s.subject_name])), [all]);
  const shown = useMemo(() => {
    const list = all.filter((s) => matchesSearch(search, s.subject_name, s.subject_key));
    return list.sort((a, b) => collator.compare(a.subject_name, b.subject_name));
  }, [all, search]);

  const requires = (s: Subject) =>
    s.prerequisites.length ? (
      <Text size="xs" c="dimmed">
        Requiere: {s.prerequisites.map((id) => nameById.get(id) ?? `#${id}`).join(', ')}
      </Text>
    ) : null;
  const columns: Column<SubjectListItem>[] = [
    {
      key: 'name',
      header: 'Nombre',
      card: 'title',
      cell: (s) => (
        <>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={isMobile ? 700 : 600} size={isMobile ? undefined : 'sm'} style={{ overflowWrap: 'anywhere' }}>
              {s.subject_name}
            </Text>
            {isMobile ? (
              <Badge variant="outline" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                {s.subject_key}
              </Badge>
            ) : null}
          </Group>
          {requires(s)}
        </>
      ),
    },
    { key: 'key', header: 'Clave', width: 110, cell: (s) => s.subject_key, card: 'hidden' },
    {
      key: 'credits',
      header: 'Créditos',
      width: 110,
      cell: (s) => <span style={{ whiteSpace: 'nowrap' }}>{creditsText(s)}</span>,
    },
    { key: 'attributes', header: 'Atributos', cell: (s) => <AttributesCell subject={s} /> },
    { key: 'semesters', header: 'Semestres', width: 170, cell: (s) => <SemestersCell subject={s} /> },
  ];
  const catalogueErrors = [
    attributes.isError ? loadErrorText('Error cargando atributos.', attributes.error) : null,
    semesters.isError ? 'Error cargando semestres.' : null,
    careers.isError ? 'Error cargando carreras.' : null,
  ].filter((m): m is string => m !== null);
  const fieldsProps = {
    subjects: all,
    semesters: semesters.data ?? [],
    careers: careers.data ?? [],
    attributes: attributeList,
  };

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
        loadErrors={catalogueErrors}
      >
        <SubjectFields {...catalogue.draftFields} selfId={null} idPrefix="new-subject" {...fieldsProps} />
      </CreateFormCard>

      <ResponsiveTable
        title="Materias registradas"
        toolbar={
          <TextInput
            aria-label="Buscar materia"
            placeholder="Buscar por nombre o clave"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
          />
        }
        rows={subjects.data ? shown : undefined}
        columns={columns}
        rowActions={{
          ...catalogue.rowActions,
          name: (s) => s.subject_name,
          width: 170,
          locked: (s) => lockedReason(s, myCareers),
        }}
        rowKey={(s) => s.id}
        minWidth={900}
        loading={subjects.isPending}
        error={subjects.isError ? loadErrorText('Error cargando materias.', subjects.error) : null}
        emptyText={all.length === 0 ? 'No hay materias registradas.' : 'Ninguna materia coincide con la búsqueda.'}
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
        name={(s) => `${s.subject_key} · ${s.subject_name}`}
      />
      <ResultDialog {...catalogue.feedback.dialogProps} />
    </>
  );
}
