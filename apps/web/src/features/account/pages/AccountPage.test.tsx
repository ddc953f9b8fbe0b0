import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, ROLE, TIMINGS, type PublicUser } from '@egreso/domain';
import { currentPath, mockApi, renderWithProviders, signIn, type MockReply } from '../../../test/render';
import AccountPage from './AccountPage';
import { queryKeys } from '../../../lib/query-keys';

const USER: PublicUser = {
  id: 7,
  full_name: 'Laura Mendoza Ríos',
  name: 'Laura Mendoza Ríos',
  email: 'laura.mendoza@demo.edu.mx',
  rol: ROLE.TEACHER,
  role: ROLE.TEACHER,
  controlnumber: 'D001',
  gender: 2,
  photo: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  user_careers: [
    { id: 1, career_id: 1, career: { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' } },
  ],
};
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SESSIONS = [
  { id: 2, user_id: 7, logged_in_at: '2026-03-10T16:30:00.000Z', user_agent: CHROME_WINDOWS, ip: null },
  { id: 1, user_id: 7, logged_in_at: '2026-03-02T15:00:00.000Z', user_agent: SAFARI_IPHONE, ip: null },
  { id: 9, user_id: 99, logged_in_at: '2026-03-01T15:00:00.000Z', user_agent: 'curl/8', ip: null },
];

type Handlers = Parameters<typeof mockApi>[0];

function renderAccount(handlers: Handlers = {}, user: Partial<PublicUser> = {}) {
  signIn({ id: 7, full_name: USER.full_name, email: USER.email, rol: ROLE.TEACHER });
  const calls = mockApi({
    'GET /users/7': { body: { ...USER, ...user } },
    'GET /usersessions': { body: SESSIONS },
    ...handlers,
  });
  const r = renderWithProviders(<AccountPage />, { route: '/Acount', otherRoutes: ['/login'] });
  return { ...r, calls };
}

const dialog = (name: string) => screen.queryByRole('dialog', { name });

async function openProfile(r: ReturnType<typeof renderAccount>) {
  await r.user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
  return within(screen.getByRole('dialog', { name: 'Editar perfil' }));
}

async function openPassword(r: ReturnType<typeof renderAccount>) {
  await r.user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
  return within(screen.getByRole('dialog', { name: 'Cambiar contraseña' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AccountPage', () => {
  it('sends a visitor without a stored token or role to /login', () => {
    mockApi({});
    localStorage.setItem('token', 't');
    renderWithProviders(<AccountPage />, { route: '/Acount', otherRoutes: ['/login'] });
    expect(currentPath()).toBe('/login');
  });

  it('says there is no session user when the stored session has no user', () => {
    mockApi({});
    localStorage.setItem('token', 't');
    localStorage.setItem('rol', '2');
    renderWithProviders(<AccountPage />, { route: '/Acount' });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.noSessionUser);
  });

  it('shows the profile card with initials, name, e-mail and the own sessions with a readable device', async () => {
    const r = renderAccount();
    expect(await screen.findByRole('heading', { name: USER.full_name })).toBeInTheDocument();
    expect(screen.getByText(USER.email)).toBeInTheDocument();
    expect(screen.getByText('LM')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Historial de sesiones' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome en Windows');
    expect(items[1]).toHaveTextContent('Safari en iPhone');
    expect(items[0]).toHaveTextContent(/mar 2026/);
    expect(r.calls.find((c) => c.path === '/usersessions')!.query.get('user_id')).toBe('7');
  });

  it("'Cerrar las demás sesiones' asks the server and says how many closed", async () => {
    const r = renderAccount({ 'POST /logout-others': { body: { message: 'Se cerraron 2 sesiones.', closed: 2 } } });
    await r.user.click(await screen.findByRole('button', { name: 'Cerrar las demás sesiones' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se cerraron 2 sesiones.');
    expect(r.calls.filter((c) => c.path === '/logout-others')).toHaveLength(1);
    expect(currentPath()).toBe('/Acount');
  });

  it('says the sessions could not be loaded', async () => {
    renderAccount({ 'GET /usersessions': { status: 500, body: { message: 'x' } } });
    expect(await screen.findByText(MSG.sessionsError)).toBeInTheDocument();
  });

  it.each([
    ['the server message', { status: 404, body: { message: 'Usuario no encontrado.' } }, 'Usuario no encontrado.'],
    ['"Error desconocido" without one', { status: 500, body: {} }, MSG.unknownError],
  ] as Array<[string, MockReply, string]>)(
    'shows %s when the account cannot load, then goes to /login after 1.5 s',
    async (_l, reply, text) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderAccount({ 'GET /users/7': reply });
      expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(text);
      act(() => vi.advanceTimersByTime(TIMINGS.accountLoadFailRedirect - 300));
      expect(currentPath()).toBe('/Acount');
      act(() => vi.advanceTimersByTime(300));
      await waitFor(() => expect(currentPath()).toBe('/login'));
    },
  );

  it('keeps the two side panels mutually exclusive', async () => {
    const r = renderAccount();
    await openProfile(r);
    expect(dialog('Editar perfil')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(dialog('Cambiar contraseña')).toBeInTheDocument();
    expect(dialog('Editar perfil')).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Editar perfil' }));
    expect(dialog('Editar perfil')).toBeInTheDocument();
    expect(dialog('Cambiar contraseña')).not.toBeInTheDocument();
  });

  it('refuses to open the edit panel when the user data is incomplete', async () => {
    const r = renderAccount({}, { email: '' });
    await r.user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    expect(screen.getByRole('dialog', { name: 'Error' })).toHaveTextContent(MSG.incompleteUserData);
    expect(dialog('Editar perfil')).not.toBeInTheDocument();
  });

  it('validates the profile and keeps Save disabled until it is valid', async () => {
    const r = renderAccount();
    const panel = await openProfile(r);
    const save = panel.getByRole('button', { name: 'Guardar cambios' });
    expect(save).toBeEnabled();
    await r.user.clear(panel.getByLabelText(/Nombre completo/));
    expect(panel.getByText(MSG.nameRequired)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await r.user.type(panel.getByLabelText(/Nombre completo/), 'Laura M.');
    const email = panel.getByLabelText(/Correo electrónico/);
    await r.user.clear(email);
    expect(panel.getByText(MSG.emailRequired)).toBeInTheDocument();
    await r.user.type(email, 'laura@correo');
    expect(panel.getByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await r.user.type(email, '.mx');
    expect(panel.queryByText(MSG.emailInvalid)).not.toBeInTheDocument();
    // A new e-mail (the login) asks for the current password first.
    expect(save).toBeDisabled();
    await r.user.type(panel.getByLabelText(/Contraseña actual/), 'mi-clave');
    expect(save).toBeEnabled();
  });

  it('shows a per-field server message under the field', async () => {
    const r = renderAccount({
      'PUT /users/7': { status: 422, body: { message: MSG.emailTaken, errors: { email: [MSG.emailTaken] } } },
    });
    const panel = await openProfile(r);
    await r.user.click(panel.getByRole('button', { name: 'Guardar cambios' }));
    expect(await panel.findByText(MSG.emailTaken)).toBeInTheDocument();
    expect(panel.getByLabelText(/Correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog('Error')).not.toBeInTheDocument();
  });

  it('says the changes could not be saved on any other failure', async () => {
    const r = renderAccount({ 'PUT /users/7': { status: 500, body: { message: 'Ocurrió un error' } } });
    const panel = await openProfile(r);
    await r.user.click(panel.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(MSG.profileSaveError);
  });

  it('saves the profile, updates the stored name and the shared profile', async () => {
    const saved = { ...USER, full_name: 'Laura Mendoza', name: 'Laura Mendoza' };
    // Like the server: once saved, the account is read back as saved (the write refreshes what reads users).
    let stored = USER;
    const r = renderAccount({
      'GET /users/7': () => ({ body: stored }),
      'PUT /users/7': () => {
        stored = saved;
        return { body: saved };
      },
    });
    const panel = await openProfile(r);
    const name = panel.getByLabelText(/Nombre completo/);
    await r.user.clear(name);
    await r.user.type(name, '  Laura Mendoza ');
    await r.user.click(panel.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('dialog', { name: 'Éxito' })).toHaveTextContent(MSG.profileUpdated);
    expect(r.calls.find((c) => c.method === 'PUT')!.body).toEqual({ full_name: 'Laura Mendoza', email: USER.email });
    expect(dialog('Editar perfil')).not.toBeInTheDocument();
    expect(localStorage.getItem('name')).toBe('Laura Mendoza');
    expect(JSON.parse(localStorage.getItem('user')!).full_name).toBe('Laura Mendoza');
    expect(r.queryClient.getQueryData<PublicUser>(queryKeys.me.all)?.full_name).toBe('Laura Mendoza');
    expect(screen.getByRole('heading', { name: 'Laura Mendoza' })).toBeInTheDocument();
  });

  it('sends the current password with a new e-mail, and shows the server refusing it under the field', async () => {
    const r = renderAccount({
      'PUT /users/7': {
        status: 422,
        body: { message: MSG.currentPasswordWrong, errors: { current_password: [MSG.currentPasswordWrong] } },
      },
    });
    const panel = await openProfile(r);
    const email = panel.getByLabelText(/Correo electrónico/);
    await r.user.clear(email);
    await r.user.type(email, 'nuevo@correo.mx');
    await r.user.type(panel.getByLabelText(/Contraseña actual/), 'equivocada');
    await r.user.click(panel.getByRole('button', { name: 'Guardar cambios' }));
    expect(await panel.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    expect(r.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      full_name: USER.full_name,
      email: 'nuevo@correo.mx',
      current_password: 'equivocada',
    });
  });

  it('validates the password change and keeps the button disabled until all three are right', async () => {
    const r = renderAccount();
    const panel = await openPassword(r);
    const submit = panel.getByRole('button', { name: 'Guardar contraseña' });
    expect(submit).toBeDisabled();
    const current = panel.getByLabelText(/Contraseña actual/);
    await r.user.type(current, 'x');
    await r.user.clear(current);
    expect(panel.getByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    await r.user.type(current, 'profe1234');
    // Eight characters at least: 123456 is refused (it was accepted with six).
    await r.user.type(panel.getByLabelText(/^Nueva contraseña/), '123456');
    expect(panel.getByText(MSG.passwordMin)).toBeInTheDocument();
    await r.user.type(panel.getByLabelText(/Confirmar nueva contraseña/), '12345678');
    expect(panel.getByText(MSG.passwordsDontMatch)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await r.user.type(panel.getByLabelText(/^Nueva contraseña/), '78');
    expect(panel.queryByText(MSG.passwordMin)).not.toBeInTheDocument();
    expect(panel.queryByText(MSG.passwordsDontMatch)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  async function submitPassword(r: ReturnType<typeof renderAccount>) {
    const panel = await openPassword(r);
    await r.user.type(panel.getByLabelText(/Contraseña actual/), 'profe1234');
    await r.user.type(panel.getByLabelText(/^Nueva contraseña/), 'nueva123');
    await r.user.type(panel.getByLabelText(/Confirmar nueva contraseña/), 'nueva123');
    await r.user.click(panel.getByRole('button', { name: 'Guardar contraseña' }));
    return panel;
  }

  it('changes the password', async () => {
    const r = renderAccount({ 'POST /users/7/password': { body: { message: MSG.passwordChanged } } });
    await submitPassword(r);
    expect(await screen.findByRole('dialog', { name: 'Éxito' })).toHaveTextContent(MSG.passwordChanged);
    expect(r.calls.find((c) => c.path === '/users/7/password')!.body).toEqual({
      current_password: 'profe1234',
      password: 'nueva123',
      password_confirmation: 'nueva123',
    });
    expect(dialog('Cambiar contraseña')).not.toBeInTheDocument();
  });

  it('shows the server message and the rejected field for a wrong current password', async () => {
    const r = renderAccount({
      'POST /users/7/password': {
        status: 422,
        body: { message: MSG.currentPasswordWrong, errors: { current_password: [MSG.currentPasswordWrong] } },
      },
    });
    const panel = await submitPassword(r);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(MSG.currentPasswordWrong);
    expect(panel.getByLabelText(/Contraseña actual/)).toHaveAttribute('aria-invalid', 'true');
    expect(panel.getByText(MSG.currentPasswordWrong)).toBeInTheDocument();
  });

  it('falls back to the first message of each rejected field, then to the generic text', async () => {
    const r = renderAccount({
      'POST /users/7/password': {
        status: 422,
        body: { errors: { password: [MSG.passwordMin, 'otro'], password_confirmation: [MSG.passwordsDontMatch] } },
      },
    });
    await submitPassword(r);
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent(`${MSG.passwordMin} ${MSG.passwordsDontMatch}`);
    expect(error).not.toHaveTextContent('otro');
  });

  it('says the password could not be changed when the server gives no reason', async () => {
    const r = renderAccount({ 'POST /users/7/password': { status: 500, body: {} } });
    await submitPassword(r);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(MSG.passwordChangeError);
  });

  it('stores the dark theme choice under "theme"', async () => {
    const r = renderAccount();
    const toggle = await screen.findByRole('switch', { name: /Tema oscuro/ });
    expect(toggle).not.toBeChecked();
    await r.user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle).toBeChecked();
    await r.user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
