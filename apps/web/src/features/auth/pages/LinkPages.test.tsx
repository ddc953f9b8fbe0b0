import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_BY_ROLE, MAIL_MSG, ROLE } from '@egreso/domain';
import { currentPath, mockApi, renderWithProviders } from '../../../test/render';
import ConfirmEmailPage from './ConfirmEmailPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import LinkPasswordPage from './LinkPasswordPage';
import LoginPage from './LoginPage';

const TOKEN = 'Qx7-enlace_de_prueba_0123456789abcdefghijk';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('the pages a mailed link opens', () => {
  it('activation: reads the token from the fragment, removes it, sets the password and signs in', async () => {
    window.history.replaceState(null, '', `/app/activar#token=${TOKEN}`);
    const calls = mockApi({
      'POST /auth/link': {
        body: { purpose: 'activation', full_name: 'Tomás Quiroga', email: 'tomas@uni.mx', new_email: null },
      },
      'POST /auth/link/password': {
        body: {
          token: 'sesion-1',
          user: { id: 9, full_name: 'Tomás Quiroga', email: 'tomas@uni.mx', rol: ROLE.TEACHER },
          must_change_password: false,
        },
      },
    });
    const r = renderWithProviders(<LinkPasswordPage activation />, {
      route: '/activar',
      otherRoutes: [HOME_BY_ROLE[ROLE.TEACHER]],
    });
    expect(await screen.findByRole('heading', { name: MAIL_MSG.activateTitle })).toBeInTheDocument();
    await screen.findByText(/Hola, Tomás Quiroga/);
    expect(window.location.hash).toBe('');
    // Pasted, as a password manager fills them (typing each key is slow on a busy machine).
    await r.user.click(screen.getByLabelText('Nueva contraseña'));
    await r.user.paste('cometa-violeta-17');
    await r.user.click(screen.getByLabelText('Confirma la contraseña'));
    await r.user.paste('cometa-violeta-1');
    await r.user.click(screen.getByRole('button', { name: MAIL_MSG.linkPasswordSave }));
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/link/password')).toBe(false);
    await r.user.type(screen.getByLabelText('Confirma la contraseña'), '7');
    await r.user.click(screen.getByRole('button', { name: MAIL_MSG.linkPasswordSave }));
    await waitFor(() => expect(currentPath()).toBe(HOME_BY_ROLE[ROLE.TEACHER]));
    expect(calls.find((c) => c.path === '/auth/link/password')?.body).toEqual({
      token: TOKEN,
      password: 'cometa-violeta-17',
      password_confirmation: 'cometa-violeta-17',
    });
    expect(localStorage.getItem('token')).toBe('sesion-1');
  });

  it('an expired or used link says so in Spanish and offers no form', async () => {
    window.history.replaceState(null, '', `/app/restablecer#token=${TOKEN}`);
    mockApi({ 'POST /auth/link': { status: 410, body: { message: MAIL_MSG.linkInvalid } } });
    renderWithProviders(<LinkPasswordPage activation={false} />, { route: '/restablecer' });
    expect(await screen.findByText(MAIL_MSG.linkInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
  });

  it('a new e-mail is confirmed by its button, then the session ends', async () => {
    window.history.replaceState(null, '', `/app/confirmar-correo#token=${TOKEN}`);
    localStorage.setItem('token', 'vieja');
    mockApi({
      'POST /auth/link': (() => {
        let reads = 0;
        // Spent once confirmed: a second read answers 410.
        return () =>
          reads++ === 0
            ? { body: { purpose: 'email', full_name: 'Ana', email: 'ana@uni.mx', new_email: 'ana.nueva@uni.mx' } }
            : { status: 410, body: { message: MAIL_MSG.linkInvalid } };
      })(),
      'POST /auth/link/email': { body: { message: MAIL_MSG.emailConfirmed('ana.nueva@uni.mx') } },
    });
    const r = renderWithProviders(<ConfirmEmailPage />, { route: '/confirmar-correo' });
    await r.user.click(await screen.findByRole('button', { name: MAIL_MSG.emailConfirmButton }));
    expect(await screen.findByText(MAIL_MSG.emailConfirmed('ana.nueva@uni.mx'))).toBeInTheDocument();
    // The link, now spent, is not reported as invalid next to the outcome.
    expect(screen.queryByText(MAIL_MSG.linkInvalid)).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("'¿Olvidaste tu contraseña?' shows on the login page only with mail, and the request answers the same sentence", async () => {
    mockApi({ 'GET /auth/mail': { body: { enabled: false } } });
    const first = renderWithProviders(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled());
    expect(screen.queryByRole('link', { name: MAIL_MSG.forgotLink })).not.toBeInTheDocument();
    first.unmount();
    mockApi({ 'GET /auth/mail': { body: { enabled: true } } });
    const login = renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByRole('link', { name: MAIL_MSG.forgotLink })).toHaveAttribute('href', '/olvide');
    login.unmount();
    const calls = mockApi({ 'POST /auth/forgot-password': { body: { message: MAIL_MSG.forgotSent } } });
    const r = renderWithProviders(<ForgotPasswordPage />, { route: '/olvide' });
    await r.user.type(screen.getByLabelText('Correo electrónico'), 'alguien@uni.mx');
    await r.user.click(screen.getByRole('button', { name: MAIL_MSG.forgotSend }));
    expect(await screen.findByText(MAIL_MSG.forgotSent)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/forgot-password')?.body).toEqual({ email: 'alguien@uni.mx' });
  });
});
