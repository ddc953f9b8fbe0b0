import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTE_MSG, type Attribute } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn, type MockReply } from '../../../test/render';
import AttributesPage from './AttributesPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const attr = (id: number, attribute_name: string, description: string | null): Attribute => ({
  id,
  attribute_name,
  description,
  codigo: null,
  career_id: null,
  career: null,
  ...stamp,
});

function renderPage(list: MockReply) {
  const calls = mockApi({
    'GET /attributes': list,
    'GET /careers': { body: [] },
    'POST /attributes': { status: 201, body: attr(9, 'Nuevo', 'd') },
  });
  signIn({ id: 2, full_name: 'Jefe', rol: 1 });
  return { calls, ...renderWithProviders(<AttributesPage />, { route: '/Attributes' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('AttributesPage', () => {
  it("shows 'Sin descripción' for a missing and for a blank description", async () => {
    renderPage({
      body: [attr(1, 'Con texto', 'Diseña sistemas.'), attr(2, 'Nula', null), attr(3, 'En blanco', '   ')],
    });
    expect(await screen.findByText('Diseña sistemas.')).toBeInTheDocument();
    expect(screen.getAllByText('Sin descripción')).toHaveLength(2);
  });

  it('shows the empty text when there are no attributes', async () => {
    renderPage({ body: [] });
    expect(await screen.findByText('No hay atributos registrados.')).toBeInTheDocument();
  });

  it("shows the load error, with '¿Estás autenticado?' when the session is refused", async () => {
    renderPage({ status: 403, body: { message: 'No autorizado.' } });
    expect(await screen.findByText('Error cargando atributos. ¿Estás autenticado?')).toBeInTheDocument();
  });

  it('asks for name and description before sending anything', async () => {
    const r = renderPage({ body: [] });
    await screen.findByText('No hay atributos registrados.');
    await r.user.click(screen.getByRole('button', { name: 'Registrar atributo' }));
    expect(await screen.findByText('Por favor, llena todos los campos.')).toBeInTheDocument();
    expect(r.calls.some((c) => c.method === 'POST')).toBe(false);

    await r.user.type(screen.getByLabelText(/^Nombre del atributo/), 'Nuevo');
    await r.user.type(screen.getByLabelText(/^Descripción/), 'd');
    await r.user.click(screen.getByRole('button', { name: 'Registrar atributo' }));
    await waitFor(() =>
      expect(r.calls.find((c) => c.method === 'POST')?.body).toEqual({
        attribute_name: 'Nuevo',
        description: 'd',
        codigo: null,
        career_id: null,
      }),
    );
  });

  it("offers a chief 'Editar' and 'Eliminar' only on their careers' and the shared attributes", async () => {
    const isc = { id: 1, name: 'Ingeniería en Sistemas' };
    const ii = { id: 2, name: 'Ingeniería Industrial' };
    mockApi({
      'GET /attributes': {
        body: [
          { ...attr(1, 'Análisis', 'd'), codigo: 'AE1', career_id: 1, career: isc },
          { ...attr(2, 'Procesos', 'd'), codigo: 'II1', career_id: 2, career: ii },
          attr(3, 'Ética', 'd'),
        ],
      },
      'GET /careers': { body: [isc, ii] },
      'GET /mis-carreras': { body: [{ ...isc, career_key: 'ISC' }] },
    });
    signIn({ id: 2, full_name: 'Jefe', rol: 1 });
    renderWithProviders(<AttributesPage />, { route: '/Attributes' });
    await screen.findByText('Procesos');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Editar Análisis' })).not.toHaveAttribute('aria-disabled'),
    );
    for (const name of ['Editar Procesos', 'Eliminar Procesos']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(ATTRIBUTE_MSG.otherCareer);
    }
    // Clicking the locked button opens nothing.
    screen.getByRole('button', { name: 'Editar Procesos' }).click();
    expect(screen.queryByRole('dialog', { name: 'Editar atributo' })).not.toBeInTheDocument();
    // A shared attribute: the chief may change it (the server allows it).
    expect(screen.getByRole('button', { name: 'Eliminar Ética' })).not.toHaveAttribute('aria-disabled');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
  });

  it('locks nothing for an administrator', async () => {
    mockApi({
      'GET /attributes': {
        body: [{ ...attr(2, 'Procesos', 'd'), career_id: 2, career: { id: 2, name: 'Industrial' } }],
      },
      'GET /careers': { body: [] },
    });
    signIn({ id: 1, full_name: 'Admin', rol: 0 });
    renderWithProviders(<AttributesPage />, { route: '/Attributes' });
    await screen.findByText('Procesos');
    expect(screen.getByRole('button', { name: 'Editar Procesos' })).not.toHaveAttribute('aria-disabled');
  });
});
