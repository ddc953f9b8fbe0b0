import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, type Activity, type GradeSheet } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import { GradeSheetEditor } from '../components/GradeSheetEditor';
import { draftKey, readDrafts } from './draft-storage';

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

// Ana has 67.7 in Examen and 76.7 in Proyecto; Beto has nothing yet.
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
  grades: [
    { user_id: 1, activity_id: 10, qualification: 67.7, version: 3 },
    { user_id: 1, activity_id: 11, qualification: 76.7, version: 2 },
  ],
  finals: [
    { user_id: 1, final: 73.7 },
    { user_id: 2, final: null },
  ],
};

const feedback = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
const cellOf = (row: number, col: number) => document.getElementById(`celda-${row}-${col}`) as HTMLInputElement;
const cardOf = (row: number, col: number) => document.getElementById(`tarjeta-${row}-${col}`) as HTMLInputElement;

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
  mockApi({ 'GET /grade-history/imports': { body: [] } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the grade grid edits like a spreadsheet (1280 px, mouse and keyboard)', () => {
  it('a click at the end of a grade then typing replaces the grade', async () => {
    const { user } = renderEditor();
    await user.pointer({ keys: '[MouseLeft]', target: cellOf(0, 0), offset: 4 });
    await user.keyboard('72');
    expect(cellOf(0, 0)).toHaveValue('72');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cellOf(1, 0));
    expect(readDrafts(4, 7)?.drafts).toEqual({ 1: { 10: '72.0' } });
  });

  it('a click at the start or the middle then typing replaces it too (never 7267.7 clamped to 100)', async () => {
    const { user } = renderEditor();
    await user.pointer({ keys: '[MouseLeft]', target: cellOf(0, 0), offset: 0 });
    await user.keyboard('72');
    expect(cellOf(0, 0)).toHaveValue('72');
    await user.pointer({ keys: '[MouseLeft]', target: cellOf(0, 1), offset: 2 });
    await user.keyboard('80');
    expect(cellOf(0, 1)).toHaveValue('80');
    expect(screen.queryByText(/se ajustó a 100/)).toBeNull();
  });

  it('Enter, F2 and a double click edit in place with the caret at the end', async () => {
    const { user } = renderEditor();
    await user.click(cellOf(0, 0));
    await user.keyboard('{Enter}5');
    expect(cellOf(0, 0)).toHaveValue('67.75');
    await user.click(cellOf(0, 1));
    await user.keyboard('{F2}{Backspace}2');
    expect(cellOf(0, 1)).toHaveValue('76.2');
    // While editing in place the left arrow moves the caret, not the cursor.
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Backspace}8');
    expect(cellOf(0, 1)).toHaveValue('78.2');
    expect(document.activeElement).toBe(cellOf(0, 1));
    await user.keyboard('{Escape}');
    await user.dblClick(cellOf(1, 0));
    await user.keyboard('9');
    expect(cellOf(1, 0)).toHaveValue('9');
    await user.click(cellOf(0, 0));
    await user.dblClick(cellOf(0, 0));
    await user.keyboard('1');
    expect(cellOf(0, 0)).toHaveValue('67.751');
  });

  it('Escape gives back the value the cell had before the edit, with nothing left to save', async () => {
    const { user } = renderEditor();
    await user.click(cellOf(0, 0));
    await user.keyboard('150');
    expect(cellOf(0, 0)).toHaveValue('100');
    expect(screen.getByRole('status')).toHaveTextContent('150 se ajustó a 100');
    await user.keyboard('{Escape}');
    expect(cellOf(0, 0)).toHaveValue('67.7');
    expect(screen.queryByRole('status')).toBeNull();
    expect(readDrafts(4, 7)).toBeNull();
    // A draft typed earlier is what Escape gives back, not the stored grade.
    await user.keyboard('80{Tab}{Shift>}{Tab}{/Shift}');
    await user.keyboard('{F2}{Backspace}{Backspace}{Backspace}{Backspace}95{Escape}');
    expect(cellOf(0, 0)).toHaveValue('80.0');
    // After Escape the value is selected again: typing replaces it.
    await user.keyboard('61');
    expect(cellOf(0, 0)).toHaveValue('61');
  });

  it('asks about a 0-10 look-alike in a line right under its row, and answers there', async () => {
    const { user } = renderEditor();
    await user.click(cellOf(1, 0));
    await user.keyboard('8.5{Tab}');
    const betoRow = cellOf(1, 0).closest('tr')!;
    const question = screen.getByRole('group', { name: '¿8.5 es de 0 a 10? (Examen, Beto Ruiz)' });
    expect(betoRow.nextElementSibling).toContainElement(question);
    await user.click(within(question).getByRole('button', { name: 'Es 85.0' }));
    expect(cellOf(1, 0)).toHaveValue('85.0');
    expect(screen.queryByRole('group', { name: /es de 0 a 10/ })).toBeNull();
  });
});

describe('the phone cards edit alike (375 px, touch)', () => {
  it('a tap then typing replaces the grade; Escape gives it back', async () => {
    setPhone(true);
    const { user } = renderEditor();
    await user.pointer([{ keys: '[TouchA]', target: cardOf(0, 1) }]);
    await user.keyboard('80');
    expect(cardOf(0, 1)).toHaveValue('80');
    await user.keyboard('{Escape}');
    expect(cardOf(0, 1)).toHaveValue('76.7');
    await user.pointer([{ keys: '[TouchA]', target: cardOf(0, 0) }]);
    await user.keyboard('{Enter}1');
    expect(cardOf(0, 0)).toHaveValue('67.71');
    // Enter after typing goes on to the next input.
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cardOf(0, 1));
  });

  it('heads each input with its weight and asks about a 0-10 look-alike inside its card', async () => {
    setPhone(true);
    const { user } = renderEditor();
    const beto = screen.getByRole('region', { name: 'Beto Ruiz' });
    expect(beto).toHaveTextContent('ExamenPeso 40');
    await user.pointer([{ keys: '[TouchA]', target: cardOf(1, 1) }]);
    await user.keyboard('8.5');
    await user.pointer([{ keys: '[TouchA]', target: cardOf(1, 0) }]);
    const question = within(beto).getByRole('group', { name: '¿8.5 es de 0 a 10? (Proyecto, Beto Ruiz)' });
    await user.click(within(question).getByRole('button', { name: 'Dejar 8.5' }));
    expect(cardOf(1, 1)).toHaveValue('8.5');
    expect(within(beto).queryByRole('group')).toBeNull();
  });
});

describe('a save counts exactly what it sends and what the server stored', () => {
  const drafts = { 1: { 10: '75', 11: '8.5' }, 2: { 10: 'NP', 11: '60' } };

  it('names what is held back, and keeps a recovered 0-10 look-alike asked about', async () => {
    localStorage.setItem(
      draftKey(4, 7),
      JSON.stringify({ drafts, versions: { 1: { 10: 3, 11: 2 }, 2: { 10: 0, 11: 0 } }, saved_at: '' }),
    );
    const calls = mockApi({
      'GET /grade-history/imports': { body: [] },
      'POST /profesor/calificar/actividades/batch': {
        body: {
          message: '¡Calificaciones guardadas correctamente!',
          unchanged: 0,
          saved: [
            { user_id: 1, activity_id: 10, qualification: 75, version: 4 },
            { user_id: 2, activity_id: 11, qualification: 60, version: 1 },
          ],
          conflicts: [],
        },
      },
    });
    const { user } = renderEditor();
    // The recovered 8.5 is asked about at once, next to its cell.
    screen.getByRole('group', { name: '¿8.5 es de 0 a 10? (Proyecto, Ana López)' });
    await user.click(screen.getByRole('button', { name: /^Guardar calificaciones/ }));
    expect(screen.getByRole('dialog', { name: 'Guardar calificaciones?' })).toHaveTextContent(
      'Se guardarán 2 calificaciones capturadas (1 celda que no es un número se queda sin enviar: «NP» de Beto Ruiz' +
        ' en Examen). 1 calificación que parece de 0 a 10 espera tu respuesta y no se envía: 8.5 de Ana López en' +
        ' Proyecto.',
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Guardar calificaciones?' })).getByRole('button', { name: 'Guardar' }),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST')!.body as { calificaciones: unknown[] };
    expect(sent.calificaciones).toHaveLength(2);
    expect(feedback.success).toHaveBeenCalledWith(
      '¡Calificaciones guardadas correctamente!\nSe guardaron 2 calificaciones.\n' +
        'Quedaron sin enviar: 1 calificación que parece de 0 a 10 (espera tu respuesta) y 1 celda que no es un número.',
    );
  });

  it("remembers 'Dejar 8.5' with the drafts, so a reload does not ask again", async () => {
    localStorage.setItem(
      draftKey(4, 7),
      JSON.stringify({ drafts: { 2: { 11: '8.5' } }, versions: { 2: { 11: 0 } }, saved_at: '' }),
    );
    const { user, unmount } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Dejar 8.5' }));
    await waitFor(() => expect(readDrafts(4, 7)?.kept).toEqual({ 2: [11] }));
    unmount();
    renderEditor();
    expect(cellOf(1, 1)).toHaveValue('8.5');
    expect(screen.queryByRole('group', { name: /es de 0 a 10/ })).toBeNull();
  });

  it('a double tap edits only when both taps land on the same cell (two quick taps on two rows do not)', async () => {
    const { user } = renderEditor();
    await user.pointer({ keys: '[TouchA]', target: cellOf(0, 0) });
    await user.pointer({ keys: '[TouchA]', target: cellOf(1, 0) });
    // The browser reports the second of two quick taps as a double tap on the cell it landed on.
    fireEvent.dblClick(cellOf(1, 0));
    await user.keyboard('88');
    expect(cellOf(1, 0)).toHaveValue('88');
    expect(cellOf(1, 0).dataset.mode).toBe('type');
    // Two taps on the same cell still edit it in place, the caret at the end.
    await user.pointer({ keys: '[TouchA]', target: cellOf(0, 1) });
    await user.pointer({ keys: '[TouchA]', target: cellOf(0, 1) });
    fireEvent.dblClick(cellOf(0, 1));
    await user.keyboard('1');
    expect(cellOf(0, 1)).toHaveValue('76.71');
  });

  it('the live final counts only what a save sends: an unanswered 8.5 and an NP leave the stored grades', async () => {
    const { user } = renderEditor();
    const ana = () => cellOf(0, 0).closest('tr')!;
    const finalOf = (row: HTMLElement) => row.querySelector('td[data-band]')!.textContent;
    // Ana: (67.7·40 + 76.7·60) / 100 = 73.1.
    expect(finalOf(ana())).toBe('73.1');
    await user.click(cellOf(0, 0));
    await user.keyboard('8.5{Tab}NP{Tab}');
    screen.getByRole('group', { name: '¿8.5 es de 0 a 10? (Examen, Ana López)' });
    // Neither cell would be saved: the final stays the stored one, not marked as unsaved.
    expect(finalOf(ana())).toBe('73.1');
    expect(within(ana()).queryByLabelText(/Final sin guardar/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Guardar calificaciones/ })).toHaveAccessibleName(
      'Guardar calificaciones',
    );
    // Answered, the 85.0 counts: (85·40 + 76.7·60) / 100 = 80.0, marked as unsaved; the button counts it.
    await user.click(screen.getByRole('button', { name: 'Es 85.0' }));
    expect(within(ana()).getByLabelText('Final sin guardar 80.0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Guardar calificaciones/ })).toHaveAccessibleName(
      'Guardar calificaciones (1)',
    );
  });

  it('the banner over recovered drafts counts the grades apart from the 0-10 questions and the non-numbers', async () => {
    localStorage.setItem(
      draftKey(4, 7),
      JSON.stringify({
        drafts: { 1: { 10: '8.5', 11: 'NP' }, 2: { 10: '90' } },
        versions: { 1: { 10: 3, 11: 2 }, 2: { 10: 0 } },
        saved_at: '',
      }),
    );
    renderEditor();
    expect(screen.getByText(/la última vez/).textContent).toBe(
      'Hay 1 calificación capturada que no se guardó la última vez (está marcada en la tabla). Además quedaron sin' +
        ' enviar: 1 calificación que parece de 0 a 10 (espera tu respuesta) y 1 celda que no es un número.',
    );
    expect(screen.getByRole('button', { name: /^Guardar calificaciones/ })).toHaveAccessibleName(
      'Guardar calificaciones (1)',
    );
  });
});
