import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Career, PublicUser } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import ChiefsPage from './ChiefsPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const CAREERS: Career[] = [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales', ...stamp }];
const CHIEF: PublicUser = {
  id: 9,
  full_name: 'Ricardo Salinas Ortega',
  name: 'Ricardo Salinas Ortega',
  email: 'jefe.sistemas@demo.edu.mx',
  rol: 1,
  role: 1,
  controlnumber: 'J001',
  gender: null,
  photo: null,
  ...stamp,
  user_careers: [
    { id: 1, career_id: 1, career: { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' } },
  ],
};

function renderPage() {
  signIn({ id: 1, full_name: 'Admin Demo', rol: 0 });
  return renderWithProviders(<ChiefsPage />, { route: '/Admin/Jefes' });
}

afterEach(() => vi.unstubAllGlobals());

describe('ChiefsPage', () => {
  it("lists chiefs with their career and '-' for an unknown gender", async () => {
    mockApi({ 'GET /users': { body: [CHIEF] }, 'GET /careers': { body: CAREERS } });
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'Ricardo Salinas Ortega' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Ingeniería en Sistemas Computacionales' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '-' })).toBeInTheDocument();
  });

  it("sends role 1 without a password, then shows the server's one-time password read-only", async () => {
    const calls = mockApi({
      'GET /users': { body: [] },
      'GET /careers': { body: CAREERS },
      'POST /users': { status: 201, body: { ...CHIEF, id: 10, initial_password: 'h4wz8mrt2kqp9d' } },
    });
    const r = renderPage();
    await screen.findByText('No hay jefes de división registrados.');
    await r.user.click(screen.getByRole('button', { name: 'Nuevo jefe' }));
    await r.user.type(screen.getByLabelText(/Nombre completo/), 'Ana Lucía Pérez');
    await r.user.type(screen.getByLabelText(/Número de control/), '2025');
    expect(screen.queryByLabelText('Contraseña generada')).toBeNull();
    await r.user.type(screen.getByLabelText(/Correo electrónico/), 'ana.perez@demo.edu.mx');
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Selecciona una carrera.')).toBeInTheDocument();
    expect(screen.getByText('Selecciona el género')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await r.user.click(screen.getByRole('textbox', { name: /Género/ }));
    await r.user.click(await screen.findByRole('option', { name: 'Mujer' }));
    await r.user.click(screen.getByRole('textbox', { name: /Carrera/ }));
    await r.user.click(await screen.findByRole('option', { name: /ISC/ }));
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        full_name: 'Ana Lucía Pérez',
        email: 'ana.perez@demo.edu.mx',
        controlnumber: '2025',
        gender: 2,
        role: '1',
        career_id: 1,
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Jefe de división registrado correctamente.' });
    const password = within(shown).getByLabelText('Contraseña de un solo uso');
    expect(password).toHaveValue('h4wz8mrt2kqp9d');
    expect(password).toHaveAttribute('readonly');
  });

  it("shows 'Error guardando jefe de división: {message}' when the server refuses", async () => {
    mockApi({
      'GET /users': { body: [CHIEF] },
      'GET /careers': { body: CAREERS },
      'PUT /users/9': {
        status: 422,
        body: {
          message: 'El correo ya está registrado por otro usuario.',
          errors: { email: ['El correo ya está registrado por otro usuario.'] },
        },
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'Ricardo Salinas Ortega' });
    await r.user.click(screen.getByRole('button', { name: 'Editar Ricardo Salinas Ortega' }));
    await r.user.click(screen.getByRole('textbox', { name: /Género/ }));
    await r.user.click(await screen.findByRole('option', { name: 'Hombre' }));
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Error guardando jefe de división: El correo ya está registrado por otro usuario.'),
    ).toBeInTheDocument();
  });

  it("shows 'Error al cargar jefes de división' when the list fails", async () => {
    mockApi({ 'GET /users': { status: 500, body: { message: 'x' } }, 'GET /careers': { body: CAREERS } });
    renderPage();
    expect(await screen.findByText('Error al cargar jefes de división')).toBeInTheDocument();
  });
});
