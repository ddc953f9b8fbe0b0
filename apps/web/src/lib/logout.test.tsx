import { screen, waitFor } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import ForcedPasswordPage from '../features/account/pages/ForcedPasswordPage';
import { currentPath, mockApi, renderWithProviders, signIn } from '../test/render';
import { logoutDiscardsDrafts, useLogout } from './logout';
import { draftKey, getToken, getUserId, hasDraftsOf, setMustChangePassword, writeDraftText } from './session';

const TEACHER = { id: 5, full_name: 'Ana López', email: 'ana@demo.edu.mx', rol: ROLE.TEACHER };
const DRAFT = '{"drafts":{"1":{"2":"80"}},"versions":{}}';

function LogoutButton() {
  const logout = useLogout();
  const queryClient = useQueryClient();
  queryClient.setQueryData(['me'], { id: 5 });
  return (
    <button type="button" onClick={() => void logout()}>
      Salir
    </button>
  );
}

describe('the one logout', () => {
  it("drops the user's unsaved grades (not another user's), ends the token, empties the cache and opens /login", async () => {
    signIn(TEACHER);
    writeDraftText(5, 12, DRAFT);
    writeDraftText(8, 12, DRAFT);
    expect(logoutDiscardsDrafts()).toBe(true);
    const calls = mockApi({ 'POST /logout': { body: { message: 'Sesión cerrada' } } });
    const { user, queryClient } = renderWithProviders(<LogoutButton />, { route: '/Ratings', otherRoutes: ['/login'] });
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /logout']);
    expect(hasDraftsOf(5)).toBe(false);
    expect(localStorage.getItem(draftKey(8, 12))).toBe(DRAFT);
    expect([getToken(), getUserId()]).toEqual([null, 0]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('is the one the first-sign-in screen offers: its unsaved grades go too, even when the server is unreachable', async () => {
    signIn(TEACHER);
    setMustChangePassword(true);
    writeDraftText(5, 3, DRAFT);
    mockApi({ 'POST /logout': { status: 503, body: { message: 'Servicio no disponible' } } });
    const { user } = renderWithProviders(<ForcedPasswordPage />, {
      route: '/CambiarContrasena',
      otherRoutes: ['/login'],
    });
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(hasDraftsOf(5)).toBe(false);
    expect(getToken()).toBeNull();
  });
});
