import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Group, Semester } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn, type MockReply } from '../../../test/render';
import GroupsPage from './GroupsPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const SEMESTERS: Semester[] = [{ id: 5, semester_name: 'Quinto semestre' }];
const G501: Group = { id: 1, group_name: '501', semester_id: 5, semester: SEMESTERS[0]!, ...stamp };
const LOOSE: Group = { id: 2, group_name: 'Sin asignar', semester_id: null, semester: null, ...stamp };

function renderPage(list: MockReply, semesters: MockReply = { body: SEMESTERS }) {
  const calls = mockApi({
    'GET /groups': list,
    'GET /semesters': semesters,
    'POST /groups': { status: 201, body: G501 },
  });
  signIn({ id: 2, full_name: 'Jefe', rol: 1 });
  return { calls, ...renderWithProviders(<GroupsPage />, { route: '/Groups' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('GroupsPage', () => {
  it("lists each group with its semester, and 'Sin semestre' when it has none", async () => {
    renderPage({ body: [G501, LOOSE] });
    const row = (await screen.findByRole('cell', { name: '501' })).closest('tr')!;
    expect(within(row).getByText('Quinto semestre')).toBeInTheDocument();
    const loose = screen.getByRole('cell', { name: 'Sin asignar' }).closest('tr')!;
    expect(within(loose).getByText('Sin semestre')).toBeInTheDocument();
  });

  it('shows the empty text when there are no groups', async () => {
    renderPage({ body: [] });
    expect(await screen.findByText('No hay grupos registrados.')).toBeInTheDocument();
  });

  it('shows the load errors of the groups and of the semesters', async () => {
    renderPage({ status: 500, body: { message: 'x' } }, { status: 500, body: { message: 'x' } });
    expect(await screen.findByText('Error cargando grupos.')).toBeInTheDocument();
    expect(await screen.findByText('Error cargando semestres.')).toBeInTheDocument();
  });

  it('asks for name and semester, then sends them', async () => {
    const r = renderPage({ body: [] });
    await screen.findByText('No hay grupos registrados.');
    await r.user.type(screen.getByLabelText(/^Nombre del grupo/), '601');
    await r.user.click(screen.getByRole('button', { name: 'Registrar grupo' }));
    expect(await screen.findByText('Por favor, llena todos los campos.')).toBeInTheDocument();
    expect(r.calls.some((c) => c.method === 'POST')).toBe(false);

    await r.user.click(screen.getByRole('textbox', { name: /^Semestre/ }));
    await r.user.click(await screen.findByRole('option', { name: 'Quinto semestre' }));
    await r.user.click(screen.getByRole('button', { name: 'Registrar grupo' }));
    await waitFor(() =>
      expect(r.calls.find((c) => c.method === 'POST')?.body).toEqual({ group_name: '601', semester_id: 5 }),
    );
  });
});
