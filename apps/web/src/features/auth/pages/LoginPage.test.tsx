import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_BY_ROLE, MSG, OIDC_REFUSALS, ROLE, TIMINGS } from '@egreso/domain';
import { currentPath, mockApi, renderWithProviders } from '../../../test/render';
import LoginPage from './LoginPage';

const homes = Object.values(HOME_BY_ROLE);

function renderLogin() {
  return renderWithProviders(<LoginPage />, { route: '/login', otherRoutes: homes });
}

async function fillAndSubmit(r: ReturnType<typeof renderLogin>, email = 'profe@demo.edu.mx', password = 'clave1234') {
  if (email) await r.user.type(screen.getByLabelText('Correo electrónico'), email);
  if (password) await r.user.type(screen.getByLabelText('Contraseña'), password);
  await r.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

const answer = (rol: unknown, extra: Record<string, unknown> = {}) => ({
  body: { token: 'tok-123', user: { id: 7, full_name: 'Laura Mendoza', email: 'profe@demo.edu.mx', rol, ...extra } },
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the title, the labelled fields and the submit button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Atributos de egreso' })).toBeInTheDocument();
    const email = screen.getByLabelText('Correo electrónico');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Contraseña')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  it('requires the e-mail and the password before calling the server', async () => {
    const calls = mockApi({});
    const r = renderLogin();
    await r.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/login')).toHaveLength(0);
  });

  it('refuses an e-mail that is not an address', async () => {
    const calls = mockApi({});
    const r = renderLogin();
    await fillAndSubmit(r, 'no-es-correo');
    expect(screen.getByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/login')).toHaveLength(0);
  });

  it('shows the progress text with the fields and button disabled while authenticating', async () => {
    let answerLogin: (reply: { body: unknown }) => void = () => {};
    mockApi({
      'POST /login': () =>
        new Promise((resolve) => {
          answerLogin = resolve;
        }),
    });
    const r = renderLogin();
    await fillAndSubmit(r);
    expect(await screen.findByText('Autenticando...')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeDisabled();
    expect(screen.getByLabelText('Contraseña')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeDisabled();
    await act(async () => answerLogin({ body: { message: 'x' } }));
  });

  it('stores the session, shows success and redirects each role to its home after 0.8 s', async () => {
    for (const rol of [ROLE.ADMIN, ROLE.CHIEF, ROLE.TEACHER, ROLE.STUDENT]) {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const calls = mockApi({ 'POST /login': answer(rol) });
      const r = renderLogin();
      await fillAndSubmit(r);
      expect(await screen.findByText('Inicio de sesión exitoso')).toBeInTheDocument();
      expect(calls.find((c) => c.path === '/login')?.body).toEqual({
        email: 'profe@demo.edu.mx',
        password: 'clave1234',
      });
      expect(localStorage.getItem('token')).toBe('tok-123');
      expect(localStorage.getItem('id')).toBe('7');
      expect(localStorage.getItem('user_id')).toBe('7');
      expect(localStorage.getItem('name')).toBe('Laura Mendoza');
      expect(localStorage.getItem('rol')).toBe(String(rol));
      expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 7, full_name: 'Laura Mendoza', rol });
      act(() => vi.advanceTimersByTime(TIMINGS.loginRedirect - 200));
      expect(currentPath()).toBe('/login');
      act(() => vi.advanceTimersByTime(200));
      await waitFor(() => expect(currentPath()).toBe(HOME_BY_ROLE[rol]));
      r.unmount();
      localStorage.clear();
      vi.useRealTimers();
    }
  });

  it('sends an account whose password someone else set to the password change first', async () => {
    mockApi({ 'POST /login': { body: { ...answer(ROLE.TEACHER).body, must_change_password: true } } });
    const r = renderLogin();
    await fillAndSubmit(r);
    await waitFor(() => expect(currentPath()).toBe('/CambiarContrasena'), { timeout: 3000 });
    expect(localStorage.getItem('must_change_password')).toBe('1');
    r.unmount();
    localStorage.clear();
  });

  it('drops the unsaved grades another user left in this browser, and keeps the own ones', async () => {
    localStorage.setItem('calificaciones-sin-guardar:99:3', '{"drafts":{"1":{"2":"80"}},"versions":{}}');
    localStorage.setItem('calificaciones-sin-guardar:7:4', '{"drafts":{"1":{"2":"90"}},"versions":{}}');
    mockApi({ 'POST /login': answer(ROLE.TEACHER) });
    const r = renderLogin();
    await fillAndSubmit(r);
    expect(await screen.findByText('Inicio de sesión exitoso')).toBeInTheDocument();
    expect(localStorage.getItem('calificaciones-sin-guardar:99:3')).toBeNull();
    expect(localStorage.getItem('calificaciones-sin-guardar:7:4')).not.toBeNull();
    r.unmount();
    localStorage.clear();
  });

  it('shows the wait of too many attempts', async () => {
    mockApi({ 'POST /login': { status: 429, body: { message: MSG.tooManyAttempts(16) } } });
    const r = renderLogin();
    await fillAndSubmit(r);
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Espera 16 segundos.');
  });

  it('welcomes in agreement with the recorded gender', async () => {
    for (const [gender, greeting] of [
      [2, 'Bienvenida'],
      [1, 'Bienvenido'],
      [null, 'Te damos la bienvenida'],
    ] as const) {
      mockApi({
        'POST /login': { body: { token: 't', user: { id: 7, full_name: 'Laura Mendoza', rol: ROLE.TEACHER, gender } } },
      });
      const r = renderLogin();
      await fillAndSubmit(r);
      expect(await screen.findByText(`${greeting}, Laura Mendoza. Redirigiendo...`)).toBeInTheDocument();
      r.unmount();
      localStorage.clear();
    }
  });

  it('reads role and name when the answer calls them role and name', async () => {
    mockApi({ 'POST /login': { body: { token: 't', user: { id: '12', name: 'Ana Pérez', role: '3' } } } });
    const r = renderLogin();
    await fillAndSubmit(r);
    await waitFor(() => expect(currentPath()).toBe('/StudentDashboard'), { timeout: 3000 });
    expect(localStorage.getItem('name')).toBe('Ana Pérez');
    expect(localStorage.getItem('rol')).toBe('3');
  });

  it('says the role is unknown for a role outside 0-3 and stores nothing', async () => {
    mockApi({ 'POST /login': answer(9) });
    const r = renderLogin();
    await fillAndSubmit(r);
    expect(await screen.findByText(MSG.unknownRole)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  it.each([
    [
      'the server message',
      { status: 401, body: { message: MSG.invalidCredentials, error: 'otro' } },
      MSG.invalidCredentials,
    ],
    [
      'the server error when there is no message',
      { status: 401, body: { error: 'Credenciales inválidas' } },
      'Credenciales inválidas',
    ],
    [
      'the client message when the server says nothing',
      { status: 502, body: 'no es json' },
      'El servidor respondió con un error (502).',
    ],
  ])('shows %s on failure', async (_label, reply, expected) => {
    mockApi({ 'POST /login': reply });
    const r = renderLogin();
    await fillAndSubmit(r);
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(currentPath()).toBe('/login');
  });

  it('shows the connection text when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const r = renderLogin();
    await fillAndSubmit(r);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.connectionError);
  });

  it.each([
    ['an answer that is not an object', { body: '"ok"' }, MSG.invalidServerAnswer],
    ['an answer that is not JSON', { body: '<html>' }, MSG.invalidServerAnswer],
    ['an answer without a token', { body: { user: { id: 1, rol: 0 } } }, MSG.invalidServerAnswer],
    ['an answer without a user', { body: { token: 't' } }, MSG.missingUserInAnswer],
    [
      'an answer whose user has no id',
      { body: { token: 't', user: { full_name: 'X', rol: 0 } } },
      MSG.missingUserInAnswer,
    ],
  ])('rejects %s', async (_label, reply, expected) => {
    mockApi({ 'POST /login': reply });
    const r = renderLogin();
    await fillAndSubmit(r);
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(localStorage.getItem('token')).toBeNull();
  });

  describe('institutional sign-in', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('offers the provider only when the server has it configured', async () => {
      mockApi({ 'GET /auth/oidc': { body: { enabled: true } } });
      const r = renderLogin();
      const link = await screen.findByRole('link', { name: MSG.oidcButton });
      expect(link).toHaveAttribute('href', '/api/auth/oidc/start');
      r.unmount();
      mockApi({ 'GET /auth/oidc': { body: { enabled: false } } });
      renderLogin();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled());
      expect(screen.queryByRole('link', { name: MSG.oidcButton })).not.toBeInTheDocument();
    });

    it('exchanges the one-time code left in the address once, removes it, and signs in', async () => {
      window.history.replaceState(null, '', '/app/login#oidc=codigo-unico');
      const calls = mockApi({ 'POST /auth/oidc/exchange': answer(ROLE.TEACHER) });
      renderLogin();
      expect(await screen.findByText('Inicio de sesión exitoso')).toBeInTheDocument();
      expect(window.location.hash).toBe('');
      expect(window.location.pathname).toBe('/app/login');
      const exchanges = calls.filter((c) => c.path === '/auth/oidc/exchange');
      expect(exchanges.map((c) => c.body)).toEqual([{ code: 'codigo-unico' }]);
      expect(localStorage.getItem('token')).toBe('tok-123');
      await waitFor(() => expect(currentPath()).toBe(HOME_BY_ROLE[ROLE.TEACHER]));
    });

    it('shows the refusal the server named, and a general one for an unknown name', async () => {
      window.history.replaceState(null, '', '/app/login#oidc_error=domain');
      mockApi({});
      const r = renderLogin();
      expect(await screen.findByRole('alert')).toHaveTextContent(OIDC_REFUSALS.domain);
      expect(window.location.hash).toBe('');
      r.unmount();
      window.history.replaceState(null, '', '/app/login#oidc_error=<script>');
      renderLogin();
      expect(await screen.findByRole('alert')).toHaveTextContent(OIDC_REFUSALS.failed);
    });
  });
});
