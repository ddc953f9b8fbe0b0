import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TARGET_MSG } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import AttributeTargetsPage from './AttributeTargetsPage';

const answer = (targets: Array<[number, string, number, string, string | null]>) => ({
  career_id: 1,
  period_id: 2,
  targets: targets.map(([attribute_id, attribute_name, target, source, source_period_name]) => ({
    attribute_id,
    attribute_name,
    target,
    source,
    source_period_name,
  })),
});

afterEach(() => vi.unstubAllGlobals());

describe('AttributeTargetsPage', () => {
  it("opens on the chief's one career and the active period, shows each target's origin and saves only the changed targets", async () => {
    const calls = mockApi({
      'GET /mis-carreras': { body: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' }] },
      'GET /periods': {
        body: {
          data: [{ id: 2, period_name: 'AGO-DIC 2026', is_active: 1 }],
          meta: { current_page: 1, last_page: 1, total: 1, per_page: 100 },
        },
      },
      'GET /reportes/metas': {
        body: answer([
          [7, 'Análisis', 80, 'anterior', 'ENE-JUN 2026'],
          [8, 'Ética', 70, 'predeterminada', null],
        ]),
      },
      'PUT /reportes/metas': {
        body: answer([
          [7, 'Análisis', 85, 'periodo', 'AGO-DIC 2026'],
          [8, 'Ética', 70, 'predeterminada', null],
        ]),
      },
    });
    signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
    const r = renderWithProviders(<AttributeTargetsPage />, { route: '/ReportTargets' });
    expect(await screen.findByText('Vigente desde ENE-JUN 2026', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Predeterminada (70 %)')).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((c) => c.path === '/reportes/metas')!.query)).toEqual({
      career_id: '1',
      period_id: '2',
    });
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Guardar metas' })).toBeDisabled();
    const input = screen.getByLabelText('Meta de Análisis');
    await r.user.clear(input);
    await r.user.type(input, '85');
    await r.user.click(screen.getByRole('button', { name: 'Guardar metas' }));
    expect(await screen.findByText(TARGET_MSG.saved)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        career_id: 1,
        period_id: 2,
        targets: [{ attribute_id: 7, target: 85 }],
      }),
    );
  });

  it('says under the field why a target of 150 cannot be saved, and keeps what was typed', async () => {
    const calls = mockApi({
      'GET /mis-carreras': { body: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' }] },
      'GET /periods': {
        body: {
          data: [{ id: 2, period_name: 'AGO-DIC 2026', is_active: 1 }],
          meta: { current_page: 1, last_page: 1, total: 1, per_page: 100 },
        },
      },
      'GET /reportes/metas': {
        body: answer([
          [7, 'Análisis', 80, 'anterior', 'ENE-JUN 2026'],
          [8, 'Ética', 70, 'predeterminada', null],
        ]),
      },
    });
    signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
    const r = renderWithProviders(<AttributeTargetsPage />, { route: '/ReportTargets' });
    const input = await screen.findByLabelText('Meta de Análisis', {}, { timeout: 5000 });
    await r.user.clear(input);
    await r.user.type(input, '150');
    await r.user.tab();
    expect(input).toHaveValue('150 %');
    expect(input).toHaveAccessibleDescription(TARGET_MSG.target);
    expect(screen.getByRole('button', { name: 'Guardar metas' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
