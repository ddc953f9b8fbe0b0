import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generationPreview, type Generation } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import GenerationsPage from './GenerationsPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const GENERATIONS: Generation[] = [
  { id: 1, start_date: '2022-08-01', end_date: '2027-02-01', generation_name: '2022-2027', ...stamp },
  { id: 2, start_date: '2023-08-01', end_date: '2028-02-01', generation_name: '2023-2028', ...stamp },
  { id: 3, start_date: '2024-08-01', end_date: '2029-02-01', generation_name: '2024-2029', ...stamp },
];

function renderPage() {
  signIn({ id: 1, full_name: 'Admin Demo', rol: 0 });
  return renderWithProviders(<GenerationsPage />, { route: '/Admin/Generations' });
}

const preview = () => within(screen.getByRole('table', { name: 'Vista previa de semestres' }));

afterEach(() => vi.unstubAllGlobals());

describe('GenerationsPage', () => {
  it('shows the summary cards and filters by Desde and Hasta on the client', async () => {
    const calls = mockApi({ 'GET /generations': { body: GENERATIONS } });
    const r = renderPage();
    expect(await screen.findByRole('cell', { name: '2023-2028' })).toBeInTheDocument();
    expect(screen.getByText('Total de generaciones').nextElementSibling).toHaveTextContent('3');
    await r.user.type(screen.getByLabelText('Desde'), '01/01/2023');
    expect(screen.queryByRole('cell', { name: '2022-2027' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2024-2029' })).toBeInTheDocument();
    await r.user.type(screen.getByLabelText('Hasta'), '31/12/2023');
    expect(screen.queryByRole('cell', { name: '2024-2029' })).not.toBeInTheDocument();
    expect(screen.getByText('Total de generaciones').nextElementSibling).toHaveTextContent('1');
    // Filtering never asks the server again.
    expect(calls.filter((c) => c.path === '/generations')).toHaveLength(1);
  });

  it('fills the end date and the 9-semester preview from /generations/preview when the start changes', async () => {
    const calls = mockApi({
      'GET /generations': { body: GENERATIONS },
      'GET /generations/preview': (call) => ({ body: generationPreview(call.query.get('start_date')!) }),
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: '2023-2028' });
    await r.user.click(screen.getByRole('button', { name: '+ Nueva generación' }));
    await r.user.type(screen.getByLabelText(/Fecha de inicio/), '31/08/2023');
    await waitFor(() => expect(screen.getByLabelText(/Fecha de fin/)).toHaveValue('29/02/2028'));
    expect(preview().getAllByRole('row')).toHaveLength(9);
    expect(preview().getByText('Semestre 2 · febrero 2024')).toBeInTheDocument();
    expect(preview().getByText('Semestre 9 · agosto 2027')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/generations/preview' && c.query.get('start_date') === '2023-08-31')).toBe(
      true,
    );
  });

  it('ignores a preview that answers after the start date was cleared', async () => {
    let answer: (() => void) | null = null;
    mockApi({
      'GET /generations': { body: GENERATIONS },
      'GET /generations/preview': (call) =>
        new Promise((resolve) => {
          answer = () => resolve({ body: generationPreview(call.query.get('start_date')!) });
        }),
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: '2023-2028' });
    await r.user.click(screen.getByRole('button', { name: '+ Nueva generación' }));
    await r.user.type(screen.getByLabelText(/Fecha de inicio/), '31/08/2023');
    expect(await screen.findByText('Calculando...')).toBeInTheDocument();
    await r.user.clear(screen.getByLabelText(/Fecha de inicio/));
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    await waitFor(() => expect(screen.queryByText('Calculando...')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Fecha de fin/)).toHaveValue('');
    expect(screen.getByText('Elige la fecha de inicio para ver los 9 semestres.')).toBeInTheDocument();
  });

  it('computes the preview locally when the preview call fails', async () => {
    mockApi({
      'GET /generations': { body: GENERATIONS },
      'GET /generations/preview': { status: 500, body: { message: 'caído' } },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: '2023-2028' });
    await r.user.click(screen.getByRole('button', { name: '+ Nueva generación' }));
    await r.user.type(screen.getByLabelText(/Fecha de inicio/), '29/02/2024');
    await waitFor(() => expect(screen.getByLabelText(/Fecha de fin/)).toHaveValue('29/08/2028'));
    expect(preview().getAllByRole('row')).toHaveLength(9);
    expect(preview().getByText('Semestre 1 · febrero 2024')).toBeInTheDocument();
  });

  it('opens the modal filled from suggest-next, and saves start and end', async () => {
    const suggestion = { suggested: '2025-02-01', ...generationPreview('2025-02-01') };
    const calls = mockApi({
      'GET /generations': { body: GENERATIONS },
      'GET /generations/suggest-next': { body: suggestion },
      'POST /generations': {
        status: 201,
        body: { id: 4, start_date: '2025-02-01', end_date: '2029-08-01', generation_name: '2025-2029', ...stamp },
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: '2023-2028' });
    await r.user.click(screen.getByRole('button', { name: 'Sugerir siguiente' }));
    expect(await screen.findByLabelText(/Fecha de inicio/)).toHaveValue('01/02/2025');
    expect(screen.getByLabelText(/Fecha de fin/)).toHaveValue('01/08/2029');
    expect(preview().getAllByRole('row')).toHaveLength(9);
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        start_date: '2025-02-01',
        end_date: '2029-08-01',
      }),
    );
  });

  it("shows 'No se pudo sugerir la siguiente generación' when suggest-next fails", async () => {
    mockApi({
      'GET /generations': { body: GENERATIONS },
      'GET /generations/suggest-next': { status: 500, body: { message: 'x' } },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: '2023-2028' });
    await r.user.click(screen.getByRole('button', { name: 'Sugerir siguiente' }));
    expect(await screen.findByText('No se pudo sugerir la siguiente generación')).toBeInTheDocument();
  });

  it('shows the server message and each validation line when saving fails', async () => {
    mockApi({
      'GET /generations': { body: GENERATIONS },
      'GET /generations/preview': (call) => ({ body: generationPreview(call.query.get('start_date')!) }),
      'POST /generations': {
        status: 422,
        body: {
          message: 'Ya existe una generación con esa fecha de inicio.',
          errors: { start_date: ['Ya existe una generación con esa fecha de inicio.'] },
        },
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: '2023-2028' });
    await r.user.click(screen.getByRole('button', { name: '+ Nueva generación' }));
    await r.user.type(screen.getByLabelText(/Fecha de inicio/), '01/08/2024');
    await waitFor(() => expect(screen.getByLabelText(/Fecha de fin/)).toHaveValue('01/02/2029'));
    await r.user.click(screen.getByRole('button', { name: 'Guardar' }));
    const alert = await screen.findByText(/Fecha de inicio: Ya existe una generación/);
    expect(alert.textContent).toBe(
      'Ya existe una generación con esa fecha de inicio.\nFecha de inicio: Ya existe una generación con esa fecha de inicio.',
    );
    expect(screen.getByLabelText(/Fecha de inicio/)).toHaveAccessibleDescription(/Ya existe una generación/);

    // Another start date is not the duplicate: the stale messages go away.
    await r.user.clear(screen.getByLabelText(/Fecha de inicio/));
    await r.user.type(screen.getByLabelText(/Fecha de inicio/), '01/08/2025');
    expect(screen.queryByText(/Ya existe una generación/)).not.toBeInTheDocument();
  });

  it("shows 'Error al cargar generaciones' when the list fails", async () => {
    mockApi({ 'GET /generations': { status: 500, body: { message: 'x' } } });
    renderPage();
    expect(await screen.findByText('Error al cargar generaciones')).toBeInTheDocument();
  });
});
