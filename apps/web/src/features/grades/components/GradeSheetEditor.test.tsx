import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, type Activity, type GradeSheet } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import { draftKey, readDrafts } from '../grid/draft-storage';
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
  students: [
    { id: 1, full_name: 'Ana López', controlnumber: 'L1' },
    { id: 2, full_name: 'Beto Ruiz', controlnumber: 'L2' },
  ],
  activities: [activity(10, 'Examen', 40), activity(11, 'Proyecto', 60)],
  grades: [{ user_id: 1, activity_id: 10, qualification: 70, version: 3 }],
  finals: [
    { user_id: 1, final: 70 },
    { user_id: 2, final: null },
  ],
};

const feedback = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
const cellOf = (row: number, col: number) => document.getElementById(`celda-${row}-${col}`) as HTMLInputElement;

function renderEditor() {
  return renderWithProviders(<GradeSheetEditor sheet={sheet} teacherId={4} attributes={[]} feedback={feedback} />, {
    route: '/Ratings',
  });
}

beforeEach(() => {
  localStorage.clear();
  setPhone(false);
  signIn({ id: 4, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
  feedback.success.mockReset();
  feedback.error.mockReset();
  feedback.warning.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('GradeSheetEditor', () => {
  it('keeps typed grades in the browser per teacher and assignment, with the version shown', async () => {
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    const { user } = renderEditor();
    await user.type(cellOf(0, 0), '{Control>}a{/Control}95');
    await user.type(cellOf(1, 1), '88');
    const stored = readDrafts(4, 7);
    // A number left in its cell shows one decimal, like the stored grades.
    expect(stored?.drafts).toEqual({ 1: { 10: '95.0' }, 2: { 11: '88' } });
    expect(stored?.versions).toEqual({ 1: { 10: 3 }, 2: { 11: 0 } });
    expect(readDrafts(5, 7)).toBeNull();
  });

  it('restores unsaved grades after a reload with a banner to save or discard them', async () => {
    localStorage.setItem(
      draftKey(4, 7),
      JSON.stringify({
        drafts: { 2: { 10: '90', 11: '80' } },
        versions: { 2: { 10: 0, 11: 0 } },
        saved_at: '2026-11-23T10:00:00Z',
      }),
    );
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    const { user } = renderEditor();
    expect(screen.getByText('Calificaciones sin guardar recuperadas')).toBeInTheDocument();
    expect(cellOf(1, 0)).toHaveValue('90');
    expect(cellOf(1, 1)).toHaveValue('80');
    // Beto: (90·40 + 80·60) / 100 = 84.0, shown live before saving.
    expect(within(screen.getByRole('row', { name: /Beto Ruiz/ })).getByText('84.0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(cellOf(1, 0)).toHaveValue('');
    expect(localStorage.getItem(draftKey(4, 7))).toBeNull();
  });

  it('saves with versions, clears saved drafts and keeps a conflicting cell with who changed it', async () => {
    localStorage.setItem(
      draftKey(4, 7),
      JSON.stringify({
        drafts: { 1: { 10: '75' }, 2: { 10: '60' } },
        versions: { 1: { 10: 3 }, 2: { 10: 0 } },
        saved_at: '',
      }),
    );
    const calls = mockApi({
      'GET /grade-history/imports': { body: [] },
      'POST /profesor/calificar/actividades/batch': {
        body: {
          message: 'Algunas calificaciones no se pudieron guardar.',
          unchanged: 0,
          saved: [{ user_id: 2, activity_id: 10, qualification: 60, version: 1 }],
          conflicts: [
            {
              user_id: 1,
              activity_id: 10,
              qualification: 72,
              version: 4,
              changed_by: { id: 9, full_name: 'Otra Persona' },
              changed_at: '2026-11-23T12:00:00Z',
            },
          ],
        },
      },
    });
    const { user } = renderEditor();
    await user.click(screen.getByRole('button', { name: /^Guardar calificaciones/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Guardar calificaciones?' })).getByRole('button', { name: 'Guardar' }),
    );
    await screen.findByText('Calificaciones cambiadas en otro lugar', {}, { timeout: 5000 });
    const sent = calls.find((c) => c.method === 'POST')!.body as { calificaciones: unknown[] };
    expect(sent.calificaciones).toEqual([
      { user_id: 1, activity_id: 10, qualification: 75, version: 3 },
      { user_id: 2, activity_id: 10, qualification: 60, version: 0 },
    ]);
    expect(screen.getByText(/Otra Persona/)).toBeInTheDocument();
    // One went through and one conflicted: a warning titled for what happened, not an 'Error'.
    expect(feedback.warning).toHaveBeenCalledWith(
      'Guardado con conflictos',
      expect.stringContaining('Se guardó 1 calificación. Una calificación cambió en otro lugar'),
    );
    expect(feedback.error).not.toHaveBeenCalled();
    await waitFor(() => expect(readDrafts(4, 7)?.drafts).toEqual({ 1: { 10: '75' } }));
    // Keeping mine sends the current version next time.
    await user.click(screen.getByRole('button', { name: 'Conservar el mío' }));
    expect(readDrafts(4, 7)?.versions).toEqual({ 1: { 10: 4 } });
  });

  it('keeps the grades and says so when the save finds no connection', async () => {
    localStorage.setItem(
      draftKey(4, 7),
      JSON.stringify({ drafts: { 2: { 11: '50' } }, versions: { 2: { 11: 0 } }, saved_at: '' }),
    );
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).includes('/grade-history/imports')) return new Response('[]', { status: 200 });
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user } = renderEditor();
    await user.click(screen.getByRole('button', { name: /^Guardar calificaciones/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Guardar calificaciones?' })).getByRole('button', { name: 'Guardar' }),
    );
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith(expect.stringContaining('Sin conexión')));
    expect(readDrafts(4, 7)?.drafts).toEqual({ 2: { 11: '50' } });
    expect(cellOf(1, 1)).toHaveValue('50');
  });

  it("says where a typed grade was clamped: '150 se ajustó a 100', and '-5' gives 0", async () => {
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    const { user } = renderEditor();
    await user.type(cellOf(1, 0), '150');
    expect(cellOf(1, 0)).toHaveValue('100');
    expect(screen.getByRole('status')).toHaveTextContent('150 se ajustó a 100 (Beto Ruiz · Examen)');
    expect(cellOf(1, 0).closest('td')).toHaveAttribute('data-state', 'clamped');
    await user.type(cellOf(1, 1), '-5');
    expect(cellOf(1, 1)).toHaveValue('0');
    expect(screen.getByRole('status')).toHaveTextContent('-5 se ajustó a 0 (Beto Ruiz · Proyecto)');
  });

  it('asks before saving a grade that looks like 0-10, and multiplies it when told', async () => {
    const calls = mockApi({
      'GET /grade-history/imports': { body: [] },
      'POST /profesor/calificar/actividades/batch': {
        body: {
          message: '¡Calificaciones guardadas correctamente!',
          unchanged: 0,
          saved: [{ user_id: 2, activity_id: 10, qualification: 85, version: 1 }],
          conflicts: [],
        },
      },
    });
    const { user } = renderEditor();
    await user.type(cellOf(1, 0), '8.5');
    expect(screen.queryByText('¿Calificación de 0 a 10?')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Guardar calificaciones/ }));
    const summary = screen.getByText('¿Calificación de 0 a 10?').closest('[role="alert"]') as HTMLElement;
    expect(summary).toHaveTextContent('8.5 (Beto Ruiz · Examen) parece de una escala de 0 a 10');
    const question = screen.getByRole('group', { name: '¿8.5 es de 0 a 10? (Examen, Beto Ruiz)' });
    expect(cellOf(1, 0).closest('td')).toHaveAttribute('data-state', 'ask');
    // Nothing else to send: the save says so instead of confirming an empty save.
    expect(screen.queryByRole('dialog', { name: 'Guardar calificaciones?' })).toBeNull();
    expect(feedback.error).toHaveBeenCalledWith('Responde primero si las calificaciones marcadas son de 0 a 10.');
    await user.click(within(question).getByRole('button', { name: 'Es 85.0' }));
    expect(cellOf(1, 0)).toHaveValue('85.0');
    await user.click(screen.getByRole('button', { name: /^Guardar calificaciones/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Guardar calificaciones?' })).getByRole('button', { name: 'Guardar' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as { calificaciones: unknown[] }).calificaciones).toEqual([
      { user_id: 2, activity_id: 10, qualification: 85, version: 0 },
    ]);
  });

  it('reports a pasted block: what was pasted, what did not fit, what was clamped and what was refused', () => {
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    renderEditor();
    cellOf(0, 1).focus();
    fireEvent.paste(cellOf(0, 1), { clipboardData: { getData: () => '200\t90\nNP\t66\n70\t55\n' } });
    const notice = screen.getByText('Se pegaron 2 celdas').closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent('No cupieron 4 valores (la tabla termina antes): 90; 66; 70; 55.');
    expect(notice).toHaveTextContent('Se ajustaron a 0-100: 200 → 100 (Ana López · Proyecto).');
    expect(notice).toHaveTextContent('No son números, quedaron marcadas y no se guardarán: NP (Beto Ruiz · Proyecto).');
    expect(cellOf(0, 1)).toHaveValue('100.0');
    expect(cellOf(1, 1)).toHaveValue('NP');
    expect(cellOf(1, 1)).toHaveAttribute('aria-invalid', 'true');
  });

  it("starts 'Rellenar vacías' on the activity of the current cell", async () => {
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    const { user } = renderEditor();
    await user.click(cellOf(0, 1));
    await user.click(screen.getByRole('button', { name: 'Rellenar vacías' }));
    const dialog = screen.getByRole('dialog', { name: 'Rellenar vacías' });
    expect(within(dialog).getByRole('textbox', { name: 'Actividad' })).toHaveValue('Proyecto');
    expect(dialog).toHaveTextContent('2 celdas vacías recibirán este valor.');
  });

  it('opens a cell history from a phone card', async () => {
    setPhone(true);
    mockApi({
      'GET /grade-history/imports': { body: [] },
      'GET /grade-history': {
        body: [
          {
            id: 1,
            user_id: 1,
            activity_id: 10,
            before: null,
            after: 70,
            changed_by: { id: 4, full_name: 'Laura Mendoza' },
            changed_at: '2026-11-20T10:00:00Z',
            source: 'pantalla',
          },
        ],
      },
    });
    const { user } = renderEditor();
    await user.click(
      within(screen.getByRole('region', { name: 'Ana López' })).getByRole('button', {
        name: 'Historial de la celda: Examen',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Historial de la calificación' });
    expect(dialog).toHaveTextContent('Ana López · Examen');
    expect(await within(dialog).findByText('Laura Mendoza')).toBeInTheDocument();
  });
});
