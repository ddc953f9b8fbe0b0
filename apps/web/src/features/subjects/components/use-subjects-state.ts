import { useEffect, useMemo, useState } from 'react';
import { ROLE, collator, subjectBody, type SubjectListItem } from '@egreso/domain';
import { loadErrorText } from '../../../lib/errors';
import { matchesSearch } from '../../../lib/search';
import { getRole } from '../../../lib/session';
import { useMyCareers } from '../../../lib/teacher-assignments';
import { useCataloguePage } from '../../../lib/use-catalogue-page';
import { useAttributes } from '../../../lib/queries/attributes';
import { useCareers } from '../../../lib/queries/careers';
import { useDeleteSubject } from '../api/delete-subject';
import { useSemesters } from '../../../lib/queries/semesters';
import { useSubjects } from '../../../lib/queries/subjects';
import { useSaveSubject } from '../api/save-subject';
import { emptySubject, subjectDraftOf, subjectMissingText, subjectRequest } from './subject-draft';

/**
 * A chief's careers (GET /mis-carreras); a chief of exactly one finds it chosen on a new subject (theirs always has
 * one of them).
 */
function useChiefCareers() {
  const isChief = getRole() === ROLE.CHIEF;
  const mine = useMyCareers(isChief);
  const myCareers = useMemo(() => (isChief ? (mine.data ?? []).map((c) => c.id) : []), [isChief, mine.data]);
  const ownCareer = myCareers.length === 1 ? String(myCareers[0]) : null;
  return { myCareers, ownCareer };
}

/** The subjects whose name or key matches the search, in Spanish order of names. */
export function shownSubjects(all: readonly SubjectListItem[], search: string): SubjectListItem[] {
  const list = all.filter((s) => matchesSearch(search, s.subject_name, s.subject_key));
  return list.sort((a, b) => collator.compare(a.subject_name, b.subject_name));
}

/**
 * The state of 'Alta de materias': the catalogues the form offers, the new-subject draft (a chief's only career
 * chosen), the searched list, and create, edit and delete through the catalogue page's steps.
 */
export function useSubjectsState() {
  const subjects = useSubjects();
  const semesters = useSemesters();
  const careers = useCareers();
  const attributes = useAttributes();
  const save = useSaveSubject();
  const remove = useDeleteSubject();
  const { myCareers, ownCareer } = useChiefCareers();
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
  const shown = useMemo(() => shownSubjects(all, search), [all, search]);
  const catalogueErrors = [
    attributes.isError ? loadErrorText('Error cargando atributos.', attributes.error) : null,
    semesters.isError ? 'Error cargando semestres.' : null,
    careers.isError ? 'Error cargando carreras.' : null,
  ].filter((m): m is string => m !== null);

  return {
    subjects,
    all,
    shown,
    nameById,
    search,
    setSearch,
    myCareers,
    catalogue,
    catalogueErrors,
    fieldsProps: {
      subjects: all,
      semesters: semesters.data ?? [],
      careers: careers.data ?? [],
      attributes: attributeList,
    },
  };
}
