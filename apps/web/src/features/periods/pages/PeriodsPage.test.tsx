import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Period, PeriodsPage as PeriodsPageData } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn, type ApiCall } from '../../../test/render';
import PeriodsPage from './PeriodsPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const PERIODS: Period[] = [
  {
    id: 3,
    period_name: 'ENE-JUN 2027',
    start_date: '2027-01-25',
    end_date: '2027-06-11',
    status: 'published',
    is_active: false,
    notes: null,
    ...stamp,
  },
  {
    id: 2,
    period_name: 'AGO-DIC 2026',
    start_date: '2026-08-17',
    end_date: '2026-12-11',
    status: 'published',
    is_active: true,
    notes: 'Periodo en curso',
    ...stamp,
  },
  {
    id: 1,
    period_name: 'ENE-JUN 2026',
    start_date: '2026-01-26',
    end_date: '2026-06-12',
    status: 'closed',
    is_active: false,
    notes: null,
    ...stamp,
  },
];

/** Answers GET /periods like the server: filters, then one page with its meta. */
function periodsAnswer(call: ApiCall) {
  const status = call.query.get('status');
  const active = call.query.get('is_active');
  const perPage = Number(call.query.get('per_page') ?? 10);
  const rows = PERIODS.filter(
    (p) => (!status || p.status === status) && (active === null || p.is_active === (active === '1')),
  );
  const body: PeriodsPageData = {
    data: rows.slice(0, perPage),
    meta: {
      current_page: 1,
      last_page: Math.max(1, Math.ceil(rows.length / perPage)),
      total: rows.length,
      per_page: perPage,
    },
  };
  return { body };
}

function renderPage(rol = 0) {
  signIn({ id: 1, full_name: 'Admin Demo', rol });
  return renderWithProviders(<PeriodsPage />, { route: '/Admin/Periods' });
}

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('PeriodsPage', () => {
  it('shows the table and the four summary cards from per_page=1 queries', async () => {
    const calls = mockApi({ 'GET /periods': periodsAnswer });
    renderPage();
    expect(await screen.findByRole('cell', { name: 'ENE-JUN 2027' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Gestionar periodos' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('Periodo activo').nextElementSibling).toHaveTextContent('AGO-DIC 2026'),
    );
    expect(screen.getByText('Total de periodos').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Publicados').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Cerrados').nextElementSibling).toHaveTextContent('1');
    const summaryQueries = calls
      .filter((c) => c.query.get('per_page') === '1')
      .map((c) => c.query.toString())
      .sort();
    expect(summaryQueries).toEqual([
      'per_page=1',
      'per_page=1&is_active=1',
      'per_page=1&status=closed',
      'per_page=1&status=published',
    ]);
    expect(screen.getByText('Página 1 de 1')).toBeInTheDocument();
    expect(screen.getByText('Total: 3 periodos')).toBeInTheDocument();
  });

  it('disables Activar for the active and the closed period, and Cerrar for the closed one', async () => {
    mockApi({ 'GET /periods': periodsAnswer });
    renderPage();
    await screen.findByRole('cell', { name: 'ENE-JUN 2027' });
    const button = (name: string, label: string) => within(row(name)).getByRole('button', { name: `${label} ${name}` });
    expect(button('ENE-JUN 2027', 'Activar')).toBeEnabled();
    expect(button('ENE-JUN 2027', 'Cerrar')).toBeEnabled();
    expect(button('AGO-DIC 2026', 'Activar')).toBeDisabled();
    expect(button('AGO-DIC 2026', 'Cerrar')).toBeEnabled();
    expect(button('ENE-JUN 2026', 'Activar')).toBeDisabled();
    expect(button('ENE-JUN 2026', 'Cerrar')).toBeDisabled();
    expect(button('ENE-JUN 2026', 'Editar')).toBeEnabled();
    expect(button('ENE-JUN 2026', 'Eliminar')).toBeEnabled();
  });

  it('asks before activating, then calls POST /periods/{id}/activate', async () => {
    const calls = mockApi({
      'GET /periods': periodsAnswer,
      'POST /periods/3/activate': { body: { ...PERIODS[0], is_active: true } },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'ENE-JUN 2027' });
    await r.user.click(within(row('ENE-JUN 2027')).getByRole('button', { name: 'Activar ENE-JUN 2027' }));
    expect(screen.getByText('Esto desactivará otros periodos activos. ¿Activar "ENE-JUN 2027"?')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/periods/3/activate')).toBe(true));
  });

  it("shows the server's refusal when activation fails", async () => {
    mockApi({
      'GET /periods': periodsAnswer,
      'POST /periods/3/activate': { status: 409, body: { message: 'No se puede activar un periodo cerrado.' } },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'ENE-JUN 2027' });
    await r.user.click(within(row('ENE-JUN 2027')).getByRole('button', { name: 'Activar ENE-JUN 2027' }));
    await r.user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('No se pudo activar: No se puede activar un periodo cerrado.')).toBeInTheDocument();
  });

  it('confirms closing with the spec text and reports a failure as "No se pudo cerrar"', async () => {
    mockApi({ 'GET /periods': periodsAnswer, 'POST /periods/2/close': { status: 500, body: { message: '' } } });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'AGO-DIC 2026' });
    await r.user.click(within(row('AGO-DIC 2026')).getByRole('button', { name: 'Cerrar AGO-DIC 2026' }));
    expect(screen.getByText('¿Cerrar el periodo "AGO-DIC 2026"?')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Cerrar periodo' }));
    expect(await screen.findByText('No se pudo cerrar')).toBeInTheDocument();
  });

  it('pages with Siguiente and Anterior, sending the filters applied with Aplicar', async () => {
    const many: Period[] = Array.from({ length: 12 }, (_, i) => ({
      ...PERIODS[0]!,
      id: 100 + i,
      period_name: `P${String(i + 1).padStart(2, '0')}`,
    }));
    const calls = mockApi({
      'GET /periods': (call) => {
        const page = Number(call.query.get('page') ?? 1);
        const perPage = Number(call.query.get('per_page') ?? 10);
        const body: PeriodsPageData = {
          data: many.slice((page - 1) * perPage, page * perPage),
          meta: {
            current_page: page,
            last_page: Math.ceil(many.length / perPage),
            total: many.length,
            per_page: perPage,
          },
        };
        return { body };
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'P01' });
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByText('Total: 12 periodos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await r.user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('cell', { name: 'P11' })).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await r.user.type(screen.getByLabelText('Buscar por nombre'), 'P1');
    await r.user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.query.get('period_name') === 'P1' && c.query.get('page') === '1' && c.query.get('per_page') === '10',
        ),
      ).toBe(true),
    );
  });

  it('asks before deleting and reports a refusal as "No se pudo eliminar" with the reason', async () => {
    mockApi({
      'GET /periods': periodsAnswer,
      'DELETE /periods/2': {
        status: 409,
        body: { message: 'No se puede eliminar el periodo activo. Activa otro periodo primero.' },
      },
    });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'AGO-DIC 2026' });
    await r.user.click(within(row('AGO-DIC 2026')).getByRole('button', { name: 'Eliminar AGO-DIC 2026' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText(
        'No se pudo eliminar: No se puede eliminar el periodo activo. Activa otro periodo primero.',
      ),
    ).toBeInTheDocument();
  });

  it('locks the dates when editing a closed period', async () => {
    mockApi({ 'GET /periods': periodsAnswer });
    const r = renderPage();
    await screen.findByRole('cell', { name: 'ENE-JUN 2026' });
    await r.user.click(within(row('ENE-JUN 2026')).getByRole('button', { name: 'Editar ENE-JUN 2026' }));
    expect(screen.getByLabelText(/Fecha de inicio/)).toBeDisabled();
    expect(screen.getByLabelText(/Fecha de fin/)).toBeDisabled();
    expect(screen.getByLabelText(/Nombre del periodo/)).toHaveValue('ENE-JUN 2026');
  });

  it('shows the group-policy button to the administrator only', async () => {
    mockApi({ 'GET /periods': periodsAnswer });
    renderPage(0);
    await screen.findByRole('cell', { name: 'ENE-JUN 2027' });
    expect(screen.getByRole('button', { name: 'Política de grupos' })).toBeInTheDocument();
  });

  it('hides the group-policy button from a division chief', async () => {
    mockApi({ 'GET /periods': periodsAnswer });
    renderPage(1);
    await screen.findByRole('cell', { name: 'ENE-JUN 2027' });
    expect(screen.queryByRole('button', { name: 'Política de grupos' })).not.toBeInTheDocument();
  });

  it('shows "Error al cargar periodos" when the list fails', async () => {
    mockApi({ 'GET /periods': { status: 500, body: { message: 'fallo' } } });
    renderPage();
    expect(await screen.findByText('Error al cargar periodos')).toBeInTheDocument();
  });
});
