import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE, type SubjectListItem } from '@egreso/domain';
import { mockApi, signIn } from '../../../test/render';
import { renderHookWithProviders } from '../../../test/render-hook';
import { lockedReason } from './SubjectColumns';
import { shownSubjects, useSubjectsState } from './use-subjects-state';

const subject = (id: number, subject_name: string, subject_key: string, extra: Partial<SubjectListItem> = {}) =>
  ({
    id,
    subject_name,
    subject_key,
    theory_credits: 2,
    practice_credits: 3,
    prerequisites: [],
    semesters: [],
    careers: [],
    attributes: [],
    can_edit: true,
    ...extra,
  }) as unknown as SubjectListItem;
const SUBJECTS = [
  subject(1, 'Ética', 'ACA-0907'),
  subject(2, 'Álgebra', 'ACF-0903'),
  subject(3, 'Cálculo', 'ACF-0901'),
];

afterEach(() => vi.unstubAllGlobals());

function setup(rol: number, mine: Array<{ id: number; career_key: string; name: string }>) {
  signIn({ id: 2, full_name: 'Jefe', rol });
  mockApi({
    'GET /mis-carreras': { body: mine },
    'GET /subjects': { body: SUBJECTS },
    'GET /semesters': { body: [] },
    'GET /careers': { body: mine },
    'GET /attributes': { body: [] },
  });
  return renderHookWithProviders(() => useSubjectsState());
}

describe('useSubjectsState', () => {
  it("chooses a chief's only career on the untouched new-subject draft", async () => {
    const { result } = setup(ROLE.CHIEF, [{ id: 5, career_key: 'ISC', name: 'Sistemas' }]);
    await waitFor(() => expect(result.current.catalogue.draft.values.careers).toEqual(['5']));
    expect(result.current.myCareers).toEqual([5]);
  });

  it('lists the searched subjects in Spanish order of names', async () => {
    const { result } = setup(ROLE.ADMIN, []);
    await waitFor(() => expect(result.current.all).toHaveLength(3));
    expect(result.current.shown.map((s) => s.subject_name)).toEqual(['Álgebra', 'Cálculo', 'Ética']);
    act(() => result.current.setSearch('acf-090'));
    expect(result.current.shown.map((s) => s.id)).toEqual([2, 3]);
    expect(result.current.nameById.get(1)).toBe('Ética');
  });
});

describe('subjects screen rules', () => {
  it('matches name or key without accents', () => {
    expect(shownSubjects(SUBJECTS, 'etica').map((s) => s.id)).toEqual([1]);
  });

  it('says why a chief may not change a subject', () => {
    const locked = (careers: number[]) =>
      subject(9, 'X', 'X', { can_edit: false, careers: careers.map((id) => ({ id })) } as Partial<SubjectListItem>);
    expect(lockedReason(subject(9, 'X', 'X'), [1])).toBeNull();
    expect(lockedReason(locked([]), [1])).toBe('La cambia el administrador: no pertenece a ninguna carrera.');
    expect(lockedReason(locked([2]), [1])).toBe('Pertenece a una carrera que no diriges.');
    expect(lockedReason(locked([1, 2]), [1])).toBe('La cambia el administrador: también pertenece a otra carrera.');
  });
});
