import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupListItem as Group, Semester } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn, type MockReply } from '../../../test/render';
import GroupsPage from './GroupsPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const SEMESTERS: Semester[] = [{ id: 5, semester_name: 'Quinto semestre' }];
const G501: Group = { id: 1, group_name: '501', semester_id: 5, semester: SEMESTERS[0]!, can_edit: true, ...stamp };
const LOOSE: Group = { id: 2, group_name: 'Sin asignar', semester_id: null, semester: null, can_edit: true, ...stamp };

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

  it("disables 'Editar' and 'Eliminar' on a group the chief may not change, saying why", async () => {
    const shared: Group = { ...G501, id: 3, group_name: '502', can_edit: false };
    const r = renderPage({ body: [G501, shared] });
    await screen.findByRole('cell', { name: '502' });
    const reason = 'Lo cambia el administrador: tiene alumnos o asignaciones de otra carrera.';
    for (const label of ['Editar grupo 502', 'Eliminar grupo 502']) {
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('button', { name: label })).toHaveAccessibleDescription(reason);
    }
    expect(screen.getByRole('button', { name: 'Editar grupo 501' })).not.toHaveAttribute('aria-disabled');
    await r.user.hover(screen.getByRole('button', { name: 'Eliminar grupo 502' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    await r.user.click(screen.getByRole('button', { name: 'Eliminar grupo 502' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Eliminar grupo 501' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
