import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@egreso/domain';
import { mockApi, renderWithProviders } from '../../../test/render';
import { GroupPolicyModal } from './GroupPolicyModal';

const DEFAULTS = {
  mode: 'parity_by_month',
  odd_months: [8, 9],
  even_months: [2, 3],
  fallback: 'any',
  naming_scheme: 'auto',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderModal() {
  return renderWithProviders(<GroupPolicyModal opened onClose={() => {}} />, { route: '/Admin/Periods' });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('GroupPolicyModal', () => {
  it('loads the current policy and saves the five fields; the success text goes away after 2 s', async () => {
    const calls = mockApi({
      'GET /admin/group-policy': { body: DEFAULTS },
      'PUT /admin/group-policy': (call) => ({
        body: { ...(call.body as object), updated_at: DEFAULTS.updated_at, saved: true },
      }),
    });
    const r = renderModal();
    expect(await screen.findByRole('textbox', { name: 'Meses de inicio con semestres impares' })).toBeEnabled();
    await r.user.click(screen.getByRole('button', { name: 'Guardar política' }));
    expect(await screen.findByText('Política guardada correctamente. Ya está activa.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      mode: 'parity_by_month',
      fallback: 'any',
      naming_scheme: 'auto',
      odd_months: [8, 9],
      even_months: [2, 3],
    });
    await waitFor(
      () => expect(screen.queryByText('Política guardada correctamente. Ya está activa.')).not.toBeInTheDocument(),
      { timeout: TIMINGS.policySuccess + 1500 },
    );
  });

  it('disables both month lists unless the mode is parity_by_month', async () => {
    mockApi({ 'GET /admin/group-policy': { body: { ...DEFAULTS, mode: 'any' } } });
    renderModal();
    expect(await screen.findByRole('textbox', { name: 'Meses de inicio con semestres impares' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Meses de inicio con semestres pares' })).toBeDisabled();
  });

  it("prefixes 'Error guardando la política.' to the validation errors, labelled in Spanish and joined with ' | '", async () => {
    mockApi({
      'GET /admin/group-policy': { body: DEFAULTS },
      'PUT /admin/group-policy': {
        status: 422,
        body: { message: 'x', errors: { mode: ['Modo inválido'], 'odd_months.0': ['Mes inválido'] } },
      },
    });
    const r = renderModal();
    await screen.findByRole('textbox', { name: 'Meses de inicio con semestres impares' });
    await r.user.click(screen.getByRole('button', { name: 'Guardar política' }));
    expect(
      await screen.findByText('Error guardando la política. Modo: Modo inválido | Meses impares: Mes inválido'),
    ).toBeInTheDocument();
    expect(screen.getByText('Modo inválido')).toBeInTheDocument();

    // Once a field changes, the stale messages go away.
    await r.user.click(screen.getByRole('textbox', { name: 'Meses de inicio con semestres impares' }));
    await r.user.click(await screen.findByRole('option', { name: 'Marzo' }));
    expect(screen.queryByText(/Error guardando la política\./)).not.toBeInTheDocument();
    expect(screen.getByText('Modo inválido')).toBeInTheDocument();
  });

  it("answers 'No se pudo guardar la política.' for a refusal without details and 'Error guardando la política.' without connection", async () => {
    mockApi({ 'GET /admin/group-policy': { body: DEFAULTS }, 'PUT /admin/group-policy': { status: 500, body: {} } });
    const r = renderModal();
    await screen.findByRole('textbox', { name: 'Meses de inicio con semestres impares' });
    await r.user.click(screen.getByRole('button', { name: 'Guardar política' }));
    expect(await screen.findByText('No se pudo guardar la política.')).toBeInTheDocument();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await r.user.click(screen.getByRole('button', { name: 'Guardar política' }));
    expect(await screen.findByText(/^Error guardando la política\./)).toBeInTheDocument();
  });

  it("shows 'No se pudo cargar la política actual.' when the read fails", async () => {
    mockApi({ 'GET /admin/group-policy': { status: 500, body: { message: 'x' } } });
    renderModal();
    expect(await screen.findByText('No se pudo cargar la política actual.')).toBeInTheDocument();
  });
});
