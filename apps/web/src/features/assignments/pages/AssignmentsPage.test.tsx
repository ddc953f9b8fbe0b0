import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Group, PublicUser, Subject, SubjectSemester } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import AssignmentsPage from './AssignmentsPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const TEACHER: PublicUser = {
  id: 7,
  full_name: 'Laura Mendoza Ríos',
  name: 'Laura Mendoza Ríos',
  email: 'laura@demo.edu.mx',
  rol: 2,
  role: 2,
  controlnumber: 'EMP-1',
  gender: 2,
  photo: null,
  ...stamp,
  user_careers: [],
};
const GROUPS: Group[] = [
  { id: 1, group_name: '101', semester_id: 1, semester: { id: 1, semester_name: 'Primer semestre' }, ...stamp },
  { id: 3, group_name: '301', semester_id: 3, semester: { id: 3, semester_name: 'Tercer semestre' }, ...stamp },
];
const subject = (id: number, subject_name: string, subject_key: string): Subject => ({
  id,
  subject_name,
  subject_key,
  theory_credits: 2,
  practice_credits: 3,
  prerequisites: [],
  semesters: [],
  careers: [],
  attributes: [],
  ...stamp,
});
const SUBJECTS = [
  subject(10, 'Cálculo Diferencial', 'ACF-0901'),
  subject(11, 'Estructura de Datos', 'AED-1026'),
  subject(12, 'Taller de Ética', 'ACA-0907'),
];
const LINKS: SubjectSemester[] = [
  { id: 1, subject_id: 10, semester_id: 1 },
  { id: 2, subject_id: 12, semester_id: 1 },
  { id: 3, subject_id: 11, semester_id: 3 },
];
const ASSIGNMENT: Assignment = {
  id: 50,
  user_id: 7,
  subject_id: 10,
  group_id: 1,
  period_id: 3,
  career_id: null,
  created_at: stamp.created_at,
  user: { id: 7, full_name: 'Laura Mendoza Ríos' },
  subject: { id: 10, subject_name: 'Cálculo Diferencial', subject_key: 'ACF-0901' },
  group: { id: 1, group_name: '101', semester_id: 1 },
  semester: { id: 1, semester_name: 'Primer semestre' },
  period: { id: 3, period_name: 'AGO-DIC 2026', is_active: true },
  career: null,
};

function catalogue(assignments: Assignment[] = []) {
  return {
    'GET /professorsubjects': { body: assignments },
    'GET /users': { body: [TEACHER] },
    'GET /groups': { body: GROUPS },
    'GET /subjects': { body: SUBJECTS },
    'GET /subjectsemesters': { body: LINKS },
    'GET /periods': { body: { data: [], meta: { current_page: 1, last_page: 1, total: 0, per_page: 1 } } },
  };
}

function renderPage() {
  signIn({ id: 2, full_name: 'Jefe', rol: 1 });
  return renderWithProviders(<AssignmentsPage />, { route: '/Assignments' });
}

afterEach(() => vi.unstubAllGlobals());

describe('AssignmentsPage', () => {
  it("keeps the subject selector disabled until a group is chosen, then offers only the group's semester subjects", async () => {
    const calls = mockApi({ ...catalogue(), 'POST /professorsubjects': { status: 201, body: ASSIGNMENT } });
    const r = renderPage();
    await screen.findByText('No hay asignaciones registradas.');
    const subjectInput = screen.getByRole('textbox', { name: 'Materia' });
    expect(subjectInput).toBeDisabled();

    await r.user.click(screen.getByRole('button', { name: 'Asignar materia' }));
    expect(await screen.findByText('Por favor, selecciona profesor, materia y grupo.')).toBeInTheDocument();

    await r.user.click(screen.getByRole('textbox', { name: 'Grupo' }));
    await r.user.click(await screen.findByRole('option', { name: '101 · Primer semestre' }));
    expect(subjectInput).toBeEnabled();
    await r.user.click(subjectInput);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Cálculo Diferencial', 'Taller de Ética']);

    await r.user.click(screen.getByRole('option', { name: 'Taller de Ética' }));
    await r.user.click(screen.getByRole('textbox', { name: 'Profesor' }));
    await r.user.click(await screen.findByRole('option', { name: 'Laura Mendoza Ríos' }));
    await r.user.click(screen.getByRole('button', { name: 'Asignar materia' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id: 7, subject_id: 12, group_id: 1 }),
    );
  });

  it("shows each professor's chips and deletes all of them after the confirmation", async () => {
    const calls = mockApi({
      ...catalogue([ASSIGNMENT]),
      'DELETE /professorsubjects/by-professor/7': { body: { message: 'ok', deleted: 1 } },
    });
    const r = renderPage();
    const card = await screen.findByTestId('professor-7');
    expect(within(card).getByText('Cálculo Diferencial - 101')).toBeInTheDocument();
    await r.user.click(within(card).getByRole('button', { name: 'Eliminar asignaciones de Laura Mendoza Ríos' }));
    expect(
      screen.getByText(/¿Estás seguro que deseas eliminar TODAS las asignaciones de este profesor\?/),
    ).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/professorsubjects/by-professor/7')).toBe(true),
    );
    // Deleting says so, as creating and editing do.
    expect(await screen.findByRole('dialog', { name: 'Éxito' })).toHaveTextContent(
      'Asignaciones eliminadas correctamente.',
    );
  });

  it('saves the edit modal through the bulk endpoint with the remaining rows', async () => {
    const calls = mockApi({
      ...catalogue([ASSIGNMENT]),
      'PUT /professorsubjects/by-professor/7': {
        body: { message: 'ok', kept: [], created: [51], deleted: [50], assignments: [] },
      },
    });
    const r = renderPage();
    const card = await screen.findByTestId('professor-7');
    await r.user.click(within(card).getByRole('button', { name: 'Editar asignaciones de Laura Mendoza Ríos' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar asignaciones' });
    expect(within(dialog).getByRole('textbox', { name: 'Profesor' })).toHaveValue('Laura Mendoza Ríos');
    await r.user.click(screen.getByRole('button', { name: 'Agregar asignación' }));
    await r.user.click(screen.getByRole('textbox', { name: 'Grupo (fila 2)' }));
    await r.user.click(await screen.findByRole('option', { name: '301 · Tercer semestre' }));
    await r.user.click(screen.getByRole('textbox', { name: 'Materia (fila 2)' }));
    await r.user.click(await screen.findByRole('option', { name: 'Estructura de Datos' }));
    await r.user.click(screen.getByRole('button', { name: 'Quitar fila 1' }));
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ rows: [{ subject_id: 11, group_id: 3 }] }),
    );
  });

  it("shows a held subject that has left its group's semester in the edit modal, and keeps it on save", async () => {
    const moved: Assignment = {
      ...ASSIGNMENT,
      subject_id: 11,
      subject: { id: 11, subject_name: 'Estructura de Datos', subject_key: 'AED-1026' },
    };
    const calls = mockApi({
      ...catalogue([moved]),
      'PUT /professorsubjects/by-professor/7': {
        body: { message: 'ok', kept: [50], created: [], deleted: [], assignments: [moved] },
      },
    });
    const r = renderPage();
    const card = await screen.findByTestId('professor-7');
    await r.user.click(within(card).getByRole('button', { name: 'Editar asignaciones de Laura Mendoza Ríos' }));
    expect(screen.getByRole('textbox', { name: 'Materia (fila 1)' })).toHaveValue('Estructura de Datos');
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ rows: [{ subject_id: 11, group_id: 1 }] }),
    );
  });

  it('tells the edit needs at least one subject-group row', async () => {
    mockApi(catalogue([ASSIGNMENT]));
    const r = renderPage();
    const card = await screen.findByTestId('professor-7');
    await r.user.click(within(card).getByRole('button', { name: 'Editar asignaciones de Laura Mendoza Ríos' }));
    await r.user.click(screen.getByRole('button', { name: 'Quitar fila 1' }));
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Por favor, selecciona profesor y al menos una materia-grupo.')).toBeInTheDocument();
  });

  it('shows the load error of the assignments', async () => {
    mockApi({ ...catalogue(), 'GET /professorsubjects': { status: 500, body: { message: 'x' } } });
    renderPage();
    expect(await screen.findByText('Error cargando asignaciones. ¿Estás autenticado?')).toBeInTheDocument();
  });
});
