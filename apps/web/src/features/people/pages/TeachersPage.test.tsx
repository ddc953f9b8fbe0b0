import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { page, person } from '../test-data';
import TeachersPage from './TeachersPage';

const TEACHER = person(5, 'Laura Mendoza Ruiz', { rol: 2, role: 2, controlnumber: 'P001', gender: 2 });

function renderPage() {
  signIn({ id: 9, full_name: 'Jefe Demo', rol: 1 });
  return renderWithProviders(<TeachersPage />, { route: '/Teachers' });
}

afterEach(() => vi.unstubAllGlobals());

describe('TeachersPage', () => {
  it("refuses an incomplete form, registers without a password and shows the server's one-time password once", async () => {
    const calls = mockApi({
      'GET /users': { body: page([]) },
      'POST /users': { status: 201, body: { ...TEACHER, initial_password: 'k7mq2xwp9rtd4e' } },
    });
    const r = renderPage();
    await screen.findByText('No hay profesores registrados.');
    await r.user.click(screen.getByRole('button', { name: 'Registrar profesor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar profesor' });
    await r.user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findByText('Por favor, llena todos los campos.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await r.user.type(within(dialog).getByLabelText(/Nombre completo/), 'Ana Pérez');
    await r.user.type(within(dialog).getByLabelText(/Número de empleado/), '12');
    await r.user.type(within(dialog).getByLabelText(/Correo electrónico/), 'ana.perez@demo.edu.mx');
    await r.user.click(within(dialog).getByRole('textbox', { name: /Género/ }));
    await r.user.click(await screen.findByRole('option', { name: 'Mujer' }));
    await r.user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        full_name: 'Ana Pérez',
        controlnumber: '12',
        email: 'ana.perez@demo.edu.mx',
        gender: 2,
        role: '2',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Profesor registrado correctamente.' });
    const password = within(shown).getByLabelText('Contraseña de un solo uso');
    expect(password).toHaveValue('k7mq2xwp9rtd4e');
    expect(password).toHaveAttribute('readonly');
    expect(within(shown).getByText(/solo se muestra esta vez/)).toBeInTheDocument();
    // One access slip, printed alone.
    const slips = document.querySelector('.access-slips')!;
    expect(slips.querySelectorAll('.access-slip')).toHaveLength(1);
    expect(slips).toHaveTextContent('Laura Mendoza Ruiz');
    expect(slips).toHaveTextContent('k7mq2xwp9rtd4e');
    expect(slips).toHaveTextContent(`${window.location.origin}/app/login`);
    expect(slips).toHaveTextContent('cambiarla por una propia');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await r.user.click(within(shown).getByRole('button', { name: 'Imprimir hoja de acceso' }));
    expect(print).toHaveBeenCalledOnce();
    // Closing forgets it.
    await r.user.click(within(shown).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByText('k7mq2xwp9rtd4e')).not.toBeInTheDocument());
    expect(document.querySelector('.access-slips')).toBeNull();
  });

  it("offers 'Restablecer contraseña' on a teacher's row: asks, resets and shows the new password once", async () => {
    const calls = mockApi({
      'GET /users': { body: page([TEACHER]) },
      'POST /users/5/reset-password': {
        body: { message: 'Contraseña restablecida.', initial_password: 'p3vn8hqz2wkx7c' },
      },
    });
    const r = renderPage();
    await r.user.click(await screen.findByRole('button', { name: 'Restablecer contraseña de Laura Mendoza Ruiz' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restablecer contraseña' });
    expect(within(confirm).getByText(/se cerrarán sus sesiones abiertas/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await r.user.click(within(confirm).getByRole('button', { name: 'Restablecer' }));
    const shown = await screen.findByRole('dialog', { name: 'Contraseña restablecida.' });
    expect(within(shown).getByLabelText('Contraseña de un solo uso')).toHaveValue('p3vn8hqz2wkx7c');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/users/5/reset-password']);
  });

  it('sends the search to the server and pages the list there', async () => {
    const calls = mockApi({ 'GET /users': { body: page([TEACHER], 45) } });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'Laura Mendoza Ruiz' });
    const first = calls.find((c) => c.path === '/users')!;
    expect(Object.fromEntries(first.query)).toEqual({ role: '2', page: '1', per_page: '20' });
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    await r.user.type(screen.getByLabelText('Buscar profesor'), 'P001');
    await waitFor(() => expect(calls.some((c) => c.query.get('search') === 'P001')).toBe(true));
  });

  it('shows the 409 of a teacher with history in the error dialog', async () => {
    mockApi({
      'GET /users': { body: page([TEACHER]) },
      'DELETE /users/5': {
        status: 409,
        body: { message: 'El usuario tiene asignaciones, calificaciones u observaciones y no puede eliminarse.' },
      },
    });
    const r = renderPage();
    await r.user.click(await screen.findByRole('button', { name: 'Eliminar Laura Mendoza Ruiz' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar profesor' });
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await r.user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText(
        'Error eliminando profesor: El usuario tiene asignaciones, calificaciones u observaciones y no puede eliminarse.',
      ),
    ).toBeInTheDocument();
  });
});
