import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PEOPLE_MSG } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { GENERATIONS, GROUPS, page, person } from '../test-data';
import StudentsPage from './StudentsPage';

const WITHOUT_LINK = person(11, 'Beatriz Ávila Cruz', { groups: [{ id: 1, group_name: '501', semester_id: 5 }] });
const WITH_LINK = person(12, 'Carlos Núñez Díaz', {
  groups: [{ id: 2, group_name: '301', semester_id: 3 }],
  latest_generation: { id: 40, generation_id: 7, generation_name: '2024-2029', current_semester_id: 3, active: 1 },
});

function renderPage() {
  signIn({ id: 9, full_name: 'Jefe Demo', rol: 1 });
  return renderWithProviders(<StudentsPage />, { route: '/Students' });
}

const base = { 'GET /groups': { body: GROUPS }, 'GET /generations': { body: GENERATIONS } };

afterEach(() => vi.unstubAllGlobals());

describe('StudentsPage', () => {
  it('asks for at least one group, then registers the student and adds each group', async () => {
    const calls = mockApi({
      ...base,
      'GET /users': { body: page([]) },
      'POST /users': { status: 201, body: { ...person(30, 'Diana Ruiz'), initial_password: 'r8tx3vkm9wqz2p' } },
      'DELETE /usergroups/clear/30': { body: { message: 'ok' } },
      'POST /usergroups': { status: 201, body: {} },
    });
    const r = renderPage();
    await screen.findByText('No hay alumnos registrados.');
    await r.user.click(screen.getByRole('button', { name: 'Registrar alumno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar alumno' });
    await r.user.type(within(dialog).getByLabelText(/Nombre completo/), 'Diana Ruiz');
    await r.user.type(within(dialog).getByLabelText(/Matrícula/), 'L2601');
    await r.user.type(within(dialog).getByLabelText(/Correo electrónico/), 'diana@demo.edu.mx');
    await r.user.click(within(dialog).getByRole('textbox', { name: /Género/ }));
    await r.user.click(await screen.findByRole('option', { name: 'Mujer' }));
    await r.user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findAllByText('Selecciona al menos un grupo.')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await r.user.click(within(dialog).getByRole('textbox', { name: /Grupos/ }));
    await r.user.click(await screen.findByRole('option', { name: '501 · Quinto semestre' }));
    await r.user.click(await screen.findByRole('option', { name: '301 · Tercer semestre' }));
    await r.user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    const shown = await screen.findByRole('dialog', { name: 'Alumno registrado correctamente' });
    expect(within(shown).getByLabelText('Contraseña de un solo uso')).toHaveValue('r8tx3vkm9wqz2p');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/users')?.body).toEqual({
      full_name: 'Diana Ruiz',
      controlnumber: 'L2601',
      email: 'diana@demo.edu.mx',
      gender: 2,
      role: '3',
    });
    expect(calls.filter((c) => c.path === '/usergroups').map((c) => c.body)).toEqual([
      { user_id: 30, group_id: 1 },
      { user_id: 30, group_id: 2 },
    ]);
  });

  it("prints a group's access slips: asks, resets the group's students and shows each password once", async () => {
    const calls = mockApi({
      ...base,
      'GET /users': { body: page([WITH_LINK]) },
      'POST /users/reset-passwords': {
        body: {
          message: '2 contraseñas restablecidas.',
          skipped: 1,
          credentials: [
            { id: 40, full_name: 'Ana Uno', email: 'ana@demo.edu.mx', initial_password: 'a2b3c4d5e6f7g8' },
            { id: 41, full_name: 'Beto Dos', email: 'beto@demo.edu.mx', initial_password: 'h9j2k3m4n5p6q7' },
          ],
        },
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'Carlos Núñez Díaz' });
    expect(screen.getByRole('button', { name: 'Hojas de acceso del grupo' })).toBeDisabled();
    await r.user.click(screen.getByRole('textbox', { name: 'Grupo' }));
    await r.user.click(await screen.findByRole('option', { name: '301 · Tercer semestre' }));
    await r.user.click(screen.getByRole('button', { name: 'Hojas de acceso del grupo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hojas de acceso del grupo' });
    await r.user.click(within(confirm).getByRole('button', { name: 'Restablecer e imprimir' }));
    const shown = await screen.findByRole('dialog', { name: 'Hojas de acceso del grupo 301' });
    expect(calls.find((c) => c.path === '/users/reset-passwords')?.body).toEqual({ group_id: 2 });
    expect(shown).toHaveTextContent('1 alumno no es solo de tus carreras: su contraseña no cambió.');
    expect(document.querySelectorAll('.access-slips .access-slip')).toHaveLength(2);
  });

  it("sends group and status filters to the server and 'Ver todos los alumnos' clears them", async () => {
    const calls = mockApi({ ...base, 'GET /users': { body: page([WITH_LINK]) } });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'Carlos Núñez Díaz' });
    expect(calls.find((c) => c.path === '/users')?.query.get('include_generation')).toBe('1');
    await r.user.click(screen.getByRole('textbox', { name: 'Grupo' }));
    await r.user.click(await screen.findByRole('option', { name: '301 · Tercer semestre' }));
    await r.user.click(screen.getByRole('textbox', { name: 'Estatus' }));
    await r.user.click(await screen.findByRole('option', { name: 'Graduado' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/users').at(-1)!;
      expect([last.query.get('group_id'), last.query.get('active'), last.query.get('page')]).toEqual(['2', '2', '1']);
    });
    await r.user.click(screen.getByRole('button', { name: 'Ver todos los alumnos' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/users').at(-1)!;
      expect([last.query.get('group_id'), last.query.get('active')]).toEqual([null, null]);
    });
  });

  it("returns to page 1 after 'Ver todos los alumnos', even from the page the unfiltered list was on", async () => {
    const calls = mockApi({ ...base, 'GET /users': { body: page([WITH_LINK], 60) } });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'Carlos Núñez Díaz' });
    await r.user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/users')
          .at(-1)!
          .query.get('page'),
      ).toBe('2'),
    );
    await r.user.click(screen.getByRole('textbox', { name: 'Estatus' }));
    await r.user.click(await screen.findByRole('option', { name: 'Graduado' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/users')
          .at(-1)!
          .query.get('active'),
      ).toBe('2'),
    );
    await r.user.click(screen.getByRole('button', { name: 'Ver todos los alumnos' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/users').at(-1)!;
      expect([last.query.get('active'), last.query.get('page')]).toEqual([null, '1']);
    });
  });

  it('refuses a status change without a generation link, and changes it with one', async () => {
    const calls = mockApi({
      ...base,
      'GET /users': { body: page([WITHOUT_LINK, WITH_LINK]) },
      'PUT /students/12/status': {
        body: {
          id: 40,
          user_id: 12,
          generation_id: 7,
          generation_name: '2024-2029',
          current_semester_id: 3,
          active: 0,
          created_at: '',
          updated_at: '',
        },
      },
    });
    const r = renderPage();
    await r.user.click(await screen.findByRole('textbox', { name: 'Estatus de Beatriz Ávila Cruz' }));
    await r.user.click(await screen.findByRole('option', { name: 'Baja' }));
    expect(await screen.findByText(PEOPLE_MSG.noGenerationLink)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await r.user.click(screen.getByRole('button', { name: 'Cerrar' }));

    await r.user.click(screen.getByRole('textbox', { name: 'Estatus de Carlos Núñez Díaz' }));
    await r.user.click(await screen.findByRole('option', { name: 'Baja' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ active: 0 }));
  });

  it("edits groups and requires a generation, then links it at the group's semester", async () => {
    const calls = mockApi({
      ...base,
      'GET /users': { body: page([WITHOUT_LINK]) },
      'PUT /users/11': { body: WITHOUT_LINK },
      'DELETE /usergroups/clear/11': { body: { message: 'ok' } },
      'POST /usergroups': { status: 201, body: {} },
      'POST /usergenerations': { status: 201, body: {} },
    });
    const r = renderPage();
    await r.user.click(await screen.findByRole('button', { name: 'Editar Beatriz Ávila Cruz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar alumno' });
    await r.user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText(PEOPLE_MSG.chooseGeneration)).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await r.user.click(within(dialog).getByRole('textbox', { name: /Grupos/ }));
    await r.user.click(await screen.findByRole('option', { name: '301 · Tercer semestre' }));
    await r.user.click(within(dialog).getByRole('textbox', { name: /Generación/ }));
    await r.user.click(await screen.findByRole('option', { name: '2024-2029' }));
    await r.user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Alumno actualizado correctamente.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/usergroups').map((c) => c.body)).toEqual([
      { user_id: 11, group_id: 1 },
      { user_id: 11, group_id: 2 },
    ]);
    expect(calls.find((c) => c.path === '/usergenerations')?.body).toEqual({
      user_id: 11,
      generation_id: 7,
      active: 1,
      current_semester_id: 5,
    });
  });

  it('advances the semester after the confirmation and shows the summary with the first 5 errors', async () => {
    const errors = Array.from({ length: 7 }, (_, i) => ({ user_id: 100 + i, reason: `Sin semestre ${i}` }));
    const calls = mockApi({
      ...base,
      'GET /users': { body: page([WITH_LINK]) },
      'POST /students/advance-semester': { body: { advanced: 12, graduated: 3, skipped: 7, errors } },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'Carlos Núñez Díaz' });
    await r.user.click(screen.getByRole('button', { name: 'Avanzar semestre (activos)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Avanzar semestre' });
    expect(
      within(confirm).getByText(/^Esto avanzará de semestre a TODOS los alumnos ACTIVOS .*¿Continuar\?$/),
    ).toBeInTheDocument();
    await r.user.click(within(confirm).getByRole('button', { name: 'Avanzar semestre' }));
    const summary = await screen.findByText(/Avanzaron: 12/);
    expect(summary.textContent).toContain('Graduados: 3');
    expect(summary.textContent).toContain('Omitidos: 7');
    expect(summary.textContent).toContain('Sin semestre 4');
    expect(summary.textContent).not.toContain('Sin semestre 5');
    expect(calls.find((c) => c.path === '/students/advance-semester')?.body).toEqual({});
  });
});
