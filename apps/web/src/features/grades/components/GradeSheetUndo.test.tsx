import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, type Activity, type GradeSheet } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import { GradeSheetEditor } from './GradeSheetEditor';

const activity: Activity = {
  id: 10,
  professor_subject_id: 7,
  activity_name: 'Examen',
  type_activity: null,
  evaluation_instrument: null,
  ponderation: 100,
  attribute_ids: [],
  attributes: [],
  subject: { id: 5, subject_name: 'Cálculo' },
  group: { id: 3, group_name: '101' },
  period_id: 1,
  career_id: 1,
  graded_count: 0,
  created_at: '',
  updated_at: '',
};
const sheet: GradeSheet = {
  assignment: {
    id: 7,
    user_id: 4,
    subject: { id: 5, subject_name: 'Cálculo', subject_key: 'CAL' },
    group: { id: 3, group_name: '101', semester_id: 1 },
    period: { id: 1, period_name: 'AGO-DIC 2026', status: 'published', is_active: true },
    career_id: 1,
    editable: true,
  },
  students: [{ id: 1, full_name: 'Ana López', controlnumber: 'L1' }],
  activities: [activity],
  grades: [{ user_id: 1, activity_id: 10, qualification: 70, version: 3 }],
  finals: [{ user_id: 1, final: 70 }],
};

beforeEach(() => {
  localStorage.clear();
  setPhone(false);
  signIn({ id: 4, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
});
afterEach(() => vi.unstubAllGlobals());

describe('undoing an import', () => {
  it('words one restored grade in the singular, the import time in the institution zone, and no double stop after "p.m."', async () => {
    mockApi({
      'GET /grade-history/imports': {
        body: [{ batch_id: 'b1', changed_at: '2026-11-26T04:08:00Z', changed_by: null, cells: 1, undone: false }],
      },
    });
    const { user } = renderWithProviders(
      <GradeSheetEditor
        sheet={sheet}
        teacherId={4}
        attributes={[]}
        feedback={{ success: vi.fn(), error: vi.fn(), warning: vi.fn() }}
      />,
      { route: '/Ratings' },
    );
    await user.click(await screen.findByRole('button', { name: 'Deshacer importación' }, { timeout: 5000 }));
    const text = within(await screen.findByRole('dialog', { name: 'Deshacer importación' })).getByText(
      /^Se restaurará/,
    ).textContent!;
    expect(text.replace(/\s/g, ' ')).toBe(
      'Se restaurará la calificación que cambió la importación del 25 nov 2026, 10:08 p.m.; las que se modificaron después se quedan como están.',
    );
  });
});
