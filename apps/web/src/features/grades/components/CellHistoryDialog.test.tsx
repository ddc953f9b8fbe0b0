import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, type Activity, type GradeHistoryEntry, type GradeSheet } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn, type ApiCall } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import { useGradeSheet } from '../api/get-grade-sheet';
import { draftKey } from '../grid/draft-storage';
import { GradeSheetEditor } from './GradeSheetEditor';

function activity(id: number, name: string, ponderation: number): Activity {
  return {
    id,
    professor_subject_id: 7,
    activity_name: name,
    type_activity: null,
    evaluation_instrument: null,
    ponderation,
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
}

function sheetWith(examen: number | null, version: number, editable = true): GradeSheet {
  return {
    assignment: {
      id: 7,
      user_id: 4,
      subject: { id: 5, subject_name: 'Cálculo', subject_key: 'CAL' },
      group: { id: 3, group_name: '101', semester_id: 1 },
      period: { id: 1, period_name: 'AGO-DIC 2026', status: editable ? 'published' : 'closed', is_active: true },
      career_id: 1,
      editable,
    },
    students: [
      { id: 1, full_name: 'Ana López', controlnumber: 'L1' },
      { id: 2, full_name: 'Beto Ruiz', controlnumber: 'L2' },
    ],
    activities: [activity(10, 'Examen', 40), activity(11, 'Proyecto', 60)],
    grades: [{ user_id: 1, activity_id: 10, qualification: examen, version }],
    finals: [
      { user_id: 1, final: examen },
      { user_id: 2, final: null },
    ],
  };
}

const laura = { id: 4, full_name: 'Laura Mendoza' };
function entry(id: number, before: number | null, after: number | null, source: GradeHistoryEntry['source']) {
  return {
    id,
    user_id: 1,
    student_name: 'Ana López',
    activity_id: 10,
    activity_name: 'Examen',
    professor_subject_id: 7,
    before,
    after,
    changed_by: laura,
    changed_at: `2026-11-2${id}T10:00:00Z`,
    source,
    batch_id: null,
  } satisfies GradeHistoryEntry;
}

const feedback = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };

/** The sheet page as the teacher has it: the sheet from its query, the editor over it. */
function SheetPage() {
  const sheet = useGradeSheet(7);
  return sheet.data ? <GradeSheetEditor sheet={sheet.data} teacherId={4} attributes={[]} feedback={feedback} /> : null;
}

/** A server with one cell (Ana · Examen) and its history, answering restores as `answer` says. */
function server(start: { sheet: GradeSheet; history: GradeHistoryEntry[] }, answer: (call: ApiCall) => unknown) {
  const state = { ...start };
  const calls = mockApi({
    'GET /grade-sheets/7': () => ({ body: state.sheet }),
    'GET /grade-history/imports': { body: [] },
    'GET /grade-history': () => ({ body: state.history }),
    'POST /grade-history/1/restore': (call) => ({ body: answer(call) }),
    'POST /grade-history/2/restore': (call) => ({ body: answer(call) }),
  });
  return { state, calls };
}

/** Ana's Examen cell in the grid, once the sheet has loaded. */
async function examenCell(): Promise<HTMLInputElement> {
  await waitFor(() => expect(document.getElementById('celda-0-0')).not.toBeNull());
  return document.getElementById('celda-0-0') as HTMLInputElement;
}

const restores = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

beforeEach(() => {
  localStorage.clear();
  setPhone(false);
  signIn({ id: 4, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
});

describe('CellHistoryDialog', () => {
  it('restores an older value after asking; the sheet shows it and keeps the other unsaved grades', async () => {
    // Beto's Proyecto is typed and not saved.
    localStorage.setItem(
      draftKey(4, 7),
      JSON.stringify({ drafts: { 2: { 11: '88' } }, versions: { 2: { 11: 0 } }, saved_at: '' }),
    );
    const history = [entry(2, 60, 70, 'pantalla'), entry(1, null, 60, 'importación')];
    const { state, calls } = server({ sheet: sheetWith(70, 3), history }, () => {
      state.sheet = sheetWith(60, 4);
      state.history = [{ ...entry(3, 70, 60, 'restauración'), changed_at: '2026-11-24T10:00:00Z' }, ...history];
      return {
        message: 'Calificación restaurada a 60.0.',
        outcome: 'restored',
        grade: { user_id: 1, activity_id: 10, qualification: 60, version: 4 },
        conflict: null,
      };
    });
    const { user } = renderWithProviders(<SheetPage />, { route: '/Ratings' });
    const examen = await examenCell();
    expect(examen).toHaveValue('70.0');
    await user.click(examen);
    await user.click(screen.getByRole('button', { name: 'Historial de la celda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de la calificación' });
    await within(dialog).findByText('importación');
    // One button per entry, and one for the value before the first recorded change (none here).
    expect(within(dialog).getAllByRole('button', { name: /^Restaurar este valor/ })).toHaveLength(3);
    expect(within(dialog).getByText('Antes del primer cambio registrado')).toBeInTheDocument();
    expect(within(dialog).getByText('actual')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Restaurar este valor: 60\.0/ }));
    const confirm = screen.getByRole('dialog', { name: 'Restaurar calificación' });
    expect(confirm).toHaveTextContent(
      '¿Restaurar la calificación de Ana López en Examen a 60.0? Ahora es 70.0; el cambio quedará en el historial como «restauración».',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Calificación restaurada a 60.0.');
    expect(restores(calls)).toEqual([['/grade-history/1/restore', { value: 'after', version: 3 }]]);
    // The history shows the restoration; the sheet the restored value, next to the draft it kept.
    expect(await within(dialog).findByText('restauración')).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('celda-0-0')).toHaveValue('60.0'));
    expect(document.getElementById('celda-1-1')).toHaveValue('88');
  });

  it('on a phone, says what got in the way of a restore as the sheet does, and restores over it when asked', async () => {
    setPhone(true);
    const history = [entry(2, 60, 70, 'pantalla'), entry(1, null, 60, 'importación')];
    let round = 0;
    const { state, calls } = server({ sheet: sheetWith(70, 3), history }, () => {
      round += 1;
      if (round === 1) {
        state.sheet = sheetWith(75, 5);
        return {
          message: 'La calificación cambió en otro lugar desde que abriste la hoja; no se restauró.',
          outcome: 'conflict',
          grade: { user_id: 1, activity_id: 10, qualification: 75, version: 5 },
          conflict: {
            user_id: 1,
            activity_id: 10,
            qualification: 75,
            version: 5,
            changed_by: { id: 9, full_name: 'Jorge Pérez' },
            changed_at: '2026-11-25T10:00:00Z',
          },
        };
      }
      state.sheet = sheetWith(null, 6);
      return {
        message: 'Calificación restaurada: la celda quedó vacía.',
        outcome: 'restored',
        grade: { user_id: 1, activity_id: 10, qualification: null, version: 6 },
        conflict: null,
      };
    });
    const { user } = renderWithProviders(<SheetPage />, { route: '/Ratings' });
    const card = await screen.findByRole('region', { name: 'Ana López' });
    await user.click(within(card).getByRole('button', { name: 'Historial de la celda: Examen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de la calificación' });
    await within(dialog).findByText(/importación/);
    // The value before the first recorded change was none: restoring it empties the cell.
    await user.click(within(dialog).getByRole('button', { name: /^Restaurar este valor: vacía/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Restaurar calificación' })).getByRole('button', { name: 'Restaurar' }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Calificación cambiada en otro lugar');
    expect(alert).toHaveTextContent('no se restauró. Ahora es 75.0 (Jorge Pérez');
    await user.click(within(alert).getByRole('button', { name: 'Restaurar de todos modos' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Calificación restaurada: la celda quedó vacía.',
    );
    // The second try sends the version of the change that got in the way.
    expect(restores(calls)).toEqual([
      ['/grade-history/1/restore', { value: 'before', version: 3 }],
      ['/grade-history/1/restore', { value: 'before', version: 5 }],
    ]);
    await waitFor(() => expect(within(card).getByRole('textbox', { name: /Examen/ })).toHaveValue(''));
  });

  it('offers no restore when the period is closed', async () => {
    server({ sheet: sheetWith(70, 3, false), history: [entry(2, 60, 70, 'pantalla')] }, () => ({}));
    const { user } = renderWithProviders(<SheetPage />, { route: '/Ratings' });
    const examen = await examenCell();
    await user.click(examen);
    await user.click(screen.getByRole('button', { name: 'Historial de la celda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de la calificación' });
    await within(dialog).findByText('pantalla');
    expect(within(dialog).queryByRole('button', { name: /Restaurar este valor/ })).toBeNull();
  });
});
