import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE, type Activity, type GradeSheet } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import { draftKey, readDrafts } from '../grid/draft-storage';
import { GradeSheetEditor } from './GradeSheetEditor';

function activity(id: number, name: string, ponderation: number): Activity {
  return {
    id, professor_subject_id: 7, activity_name: name, type_activity: null, evaluation_instrument: null, ponderation,
    attribute_ids: [], attributes: [], subject: { id: 5, subject_name: 'Cálculo' }, group: { id: 3, group_name: '101' }, period_id: 1, career_id: 1,
    graded_count: 0, created_at: '', updated_at: '',
  };
}

const sheet: GradeSheet = {
  assignment: {
    id: 7, user_id: 4, subject: { id: 5, subject_name: 'Cálculo', subject_key: 'CAL' }, group: { id: 3, group_name: '101', semester_id: 1 },
    period: { id: 1, period_name: 'AGO-DIC 2026', status: 'published', is_active: true }, career_id: 1, editable: true,
  },
  students: [{ id: 1, full_name: 'Ana López', controlnumber: 'L1' }, { id: 2, full_name: 'Beto Ruiz', controlnumber: 'L2' }],
  activities: [activity(10, 'Examen', 40), activity(11, 'Proyecto', 60)],
  grades: [{ user_id: 1, activity_id: 10, qualification: 70, version: 3 }],
  finals: [{ user_id: 1, final: 70 }, { user_id: 2, final: null }],
};

const feedback = { success: vi.fn(), error: vi.fn() };
const cellOf = (row: number, col: number) => document.getElementById(`celda-${row}-${col}`) as HTMLInputElement;

function renderEditor() {
  return renderWithProviders(<GradeSheetEditor sheet={sheet} teacherId={4} attributes={[]} feedback={feedback} />, { route: '/Ratings' });
}

beforeEach(() => {
  localStorage.clear();
  setPhone(false);
  signIn({ id: 4, full_name: 'Laura Mendoza', rol: ROLE.TEACHER });
  feedback.success.mockReset();
  feedback.error.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('GradeSheetEditor', () => {
  it('keeps typed grades in the browser per teacher and assignment, with the version shown', async () => {
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    const { user } = renderEditor();
    await user.type(cellOf(0, 0), '{Control>}a{/Control}95');
    await user.type(cellOf(1, 1), '88');
    const stored = readDrafts(4, 7);
    expect(stored?.drafts).toEqual({ 1: { 10: '95' }, 2: { 11: '88' } });
    expect(stored?.versions).toEqual({ 1: { 10: 3 }, 2: { 11: 0 } });
    expect(readDrafts(5, 7)).toBeNull();
  });

  it('restores unsaved grades after a reload with a banner to save or discard them', async () => {
    localStorage.setItem(draftKey(4, 7), JSON.stringify({ drafts: { 2: { 10: '90', 11: '80' } }, versions: { 2: { 10: 0, 11: 0 } }, saved_at: '2026-11-23T10:00:00Z' }));
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
    localStorage.setItem(draftKey(4, 7), JSON.stringify({ drafts: { 1: { 10: '75' }, 2: { 10: '60' } }, versions: { 1: { 10: 3 }, 2: { 10: 0 } }, saved_at: '' }));
    const calls = mockApi({
      'GET /grade-history/imports': { body: [] },
      'POST /profesor/calificar/actividades/batch': {
        body: {
          message: 'Algunas calificaciones no se pudieron guardar.', unchanged: 0,
          saved: [{ user_id: 2, activity_id: 10, qualification: 60, version: 1 }],
          conflicts: [{ user_id: 1, activity_id: 10, qualification: 72, version: 4, changed_by: { id: 9, full_name: 'Otra Persona' }, changed_at: '2026-11-23T12:00:00Z' }],
        },
      },
    });
    const { user } = renderEditor();
    await user.click(screen.getByRole('button', { name: /^Guardar calificaciones/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Guardar calificaciones?' })).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Calificaciones cambiadas en otro lugar', {}, { timeout: 5000 });
    const sent = calls.find((c) => c.method === 'POST')!.body as { calificaciones: unknown[] };
    expect(sent.calificaciones).toEqual([
      { user_id: 1, activity_id: 10, qualification: 75, version: 3 },
      { user_id: 2, activity_id: 10, qualification: 60, version: 0 },
    ]);
    expect(screen.getByText(/Otra Persona/)).toBeInTheDocument();
    expect(feedback.error).toHaveBeenCalledWith(expect.stringContaining('Algunas calificaciones no se pudieron guardar.'));
    await waitFor(() => expect(readDrafts(4, 7)?.drafts).toEqual({ 1: { 10: '75' } }));
    // Keeping mine sends the current version next time.
    await user.click(screen.getByRole('button', { name: 'Conservar el mío' }));
    expect(readDrafts(4, 7)?.versions).toEqual({ 1: { 10: 4 } });
  });

  it('keeps the grades and says so when the save finds no connection', async () => {
    localStorage.setItem(draftKey(4, 7), JSON.stringify({ drafts: { 2: { 11: '50' } }, versions: { 2: { 11: 0 } }, saved_at: '' }));
    mockApi({ 'GET /grade-history/imports': { body: [] } });
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('/grade-history/imports')) return new Response('[]', { status: 200 });
      throw new TypeError('Failed to fetch');
    }));
    const { user } = renderEditor();
    await user.click(screen.getByRole('button', { name: /^Guardar calificaciones/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Guardar calificaciones?' })).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith(expect.stringContaining('Sin conexión')));
    expect(readDrafts(4, 7)?.drafts).toEqual({ 2: { 11: '50' } });
    expect(cellOf(1, 1)).toHaveValue('50');
  });
});
