import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Career } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import CareersPage from './CareersPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const CAREERS: Career[] = [
  { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales', ...stamp },
  { id: 2, career_key: 'IIND', name: 'Ingeniería Industrial', ...stamp },
];

function renderPage() {
  signIn({ id: 1, full_name: 'Admin Demo', rol: 0 });
  return renderWithProviders(<CareersPage />, { route: '/Admin/Careers' });
}

afterEach(() => vi.unstubAllGlobals());

describe('CareersPage', () => {
  it("shows 'Cargando...' and then the key and name of each career", async () => {
    mockApi({ 'GET /careers': { body: CAREERS } });
    renderPage();
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'IIND' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ingeniería en Sistemas Computacionales' })).toBeInTheDocument();
  });

  it('shows the empty text when there are no careers', async () => {
    mockApi({ 'GET /careers': { body: [] } });
    renderPage();
    expect(await screen.findByText('No hay carreras registradas.')).toBeInTheDocument();
  });

  it("shows 'Error al cargar carreras' when the list fails", async () => {
    mockApi({ 'GET /careers': { status: 500, body: { message: 'x' } } });
    renderPage();
    expect(await screen.findByText('Error al cargar carreras')).toBeInTheDocument();
  });

  it('creates a career with career_key and name', async () => {
    const calls = mockApi({
      'GET /careers': { body: CAREERS },
      'POST /careers': {
        status: 201,
        body: { id: 3, career_key: 'IEME', name: 'Ingeniería Electromecánica', ...stamp },
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'ISC' });
    await r.user.click(screen.getByRole('button', { name: 'Nueva carrera' }));
    await r.user.type(screen.getByLabelText(/Clave/), 'IEME');
    await r.user.type(screen.getByLabelText(/Nombre/), 'Ingeniería Electromecánica');
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        career_key: 'IEME',
        name: 'Ingeniería Electromecánica',
      }),
    );
  });

  it("shows 'Error guardando carrera: {server message}' when the save is refused", async () => {
    mockApi({
      'GET /careers': { body: CAREERS },
      'PUT /careers/2': {
        status: 422,
        body: {
          message: 'Ya existe una carrera con esa clave.',
          errors: { career_key: ['Ya existe una carrera con esa clave.'] },
        },
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'IIND' });
    await r.user.click(screen.getByRole('button', { name: 'Editar Ingeniería Industrial' }));
    await r.user.clear(screen.getByLabelText(/Clave/));
    await r.user.type(screen.getByLabelText(/Clave/), 'ISC');
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Error guardando carrera: Ya existe una carrera con esa clave.'),
    ).toBeInTheDocument();
  });

  it("asks '¿Eliminar esta carrera?' and shows 'Error eliminando carrera: {server message}' on a refusal", async () => {
    const refusal =
      'La carrera "Ingeniería Industrial" no puede eliminarse porque tiene registros asociados: materias (3).';
    mockApi({ 'GET /careers': { body: CAREERS }, 'DELETE /careers/2': { status: 409, body: { message: refusal } } });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'IIND' });
    await r.user.click(screen.getByRole('button', { name: 'Eliminar Ingeniería Industrial' }));
    expect(await screen.findByText(/¿Eliminar esta carrera\?/)).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(`Error eliminando carrera: ${refusal}`)).toBeInTheDocument();
  });
});
