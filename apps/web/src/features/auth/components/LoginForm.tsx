import { Alert, Anchor, Button, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HOME_BY_ROLE, MAIL_MSG, MSG, TIMINGS, isRole, welcomeLine } from '@egreso/domain';
import { FORCED_PASSWORD_PATH, clearDraftsOfOthers, saveSession, setMustChangePassword } from '../../../lib/session';
import { login, loginErrorMessage, type LoginResult } from '../api/login';
import { useMailEnabled } from '../../../lib/queries/mail';
import { OIDC_START_PATH, exchangeOidcCode, oidcEnabled, takeOidcReturn } from '../api/oidc';
import { queryKeys } from '../../../lib/query-keys';
import { validateLogin, type LoginErrors } from '../validation';

type Status =
  | { kind: 'idle' }
  | { kind: 'authenticating' }
  | { kind: 'success'; name: string; greeting: string }
  | { kind: 'error'; message: string };

/**
 * E-mail and password form: authenticates, stores the session and sends the user to the role's home after 0.8 s.
 * With institutional sign-in configured it also offers the provider, and finishes a sign-in coming back from it.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Errors appear after the first attempt and then follow the typing.
  const errors: LoginErrors = submitted ? validateLogin(email, password) : {};
  const busy = status.kind === 'authenticating' || status.kind === 'success';

  const signIn = async (attempt: () => Promise<LoginResult>) => {
    setStatus({ kind: 'authenticating' });
    try {
      const { token, user, gender, mustChangePassword } = await attempt();
      if (!isRole(user.rol)) {
        setStatus({ kind: 'error', message: MSG.unknownRole });
        return;
      }
      saveSession(token, user);
      setMustChangePassword(mustChangePassword);
      // Nothing cached or typed for a previous account may leak into this one.
      queryClient.clear();
      clearDraftsOfOthers(user.id);
      setStatus({ kind: 'success', name: user.full_name, greeting: welcomeLine(gender, null) });
      // A password someone else set is changed before anything else.
      const home = mustChangePassword ? FORCED_PASSWORD_PATH : HOME_BY_ROLE[user.rol];
      redirectTimer.current = setTimeout(() => navigate(home, { replace: true }), TIMINGS.loginRedirect);
    } catch (err) {
      setStatus({ kind: 'error', message: loginErrorMessage(err) });
    }
  };

  const institutional = useQuery({
    queryKey: queryKeys.auth.oidc(),
    queryFn: oidcEnabled,
    retry: false,
    staleTime: Infinity,
  });

  // With the institution's mail, a forgotten password is reset by a link.
  const mail = useMailEnabled();

  // Back from the institution's provider: the one-time code (or the refusal) is read once and leaves the address.
  useEffect(() => {
    const back = takeOidcReturn();
    if (back?.kind === 'code') void signIn(() => exchangeOidcCode(back.code));
    else if (back?.kind === 'error') setStatus({ kind: 'error', message: back.message });
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateLogin(email, password);
    if (found.email || found.password) return;
    await signIn(() => login({ email: email.trim(), password }));
  };

  // Both fields: required without the asterisk, large, locked while signing in, with their state and their message.
  const field = (value: string, setValue: (value: string) => void, error: string | undefined) =>
    ({
      required: true,
      withAsterisk: false,
      size: 'md',
      disabled: busy,
      value,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(e.currentTarget.value),
      error,
    }) as const;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Inicio de sesión">
      <Stack gap="md">
        <TextInput
          {...field(email, setEmail, errors.email)}
          label="Correo electrónico"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="nombre@institucion.edu.mx"
        />
        <PasswordInput
          {...field(password, setPassword, errors.password)}
          label="Contraseña"
          autoComplete="current-password"
          placeholder="Tu contraseña"
        />
        <Button type="submit" size="md" fullWidth disabled={busy}>
          Iniciar sesión
        </Button>
        {mail.data === true ? (
          <Anchor component={Link} to="/olvide" size="sm" ta="center">
            {MAIL_MSG.forgotLink}
          </Anchor>
        ) : null}
        {institutional.data === true ? (
          <>
            <Divider label="o" labelPosition="center" />
            <Button
              component="a"
              href={OIDC_START_PATH}
              size="md"
              fullWidth
              variant="default"
              // The label wraps rather than widen the card on a narrow phone.
              h="auto"
              py={12}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
              data-disabled={busy || undefined}
              onClick={(e: React.MouseEvent) => {
                if (busy) e.preventDefault();
              }}
            >
              {MSG.oidcButton}
            </Button>
          </>
        ) : null}
      </Stack>
      {/* Always mounted, so screen readers announce the progress and the outcome. */}
      <div role="status" aria-live="polite">
        {status.kind === 'authenticating' ? (
          <Group gap="xs" justify="center" mt="md">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Autenticando...
            </Text>
          </Group>
        ) : null}
        {status.kind === 'success' ? (
          <Alert color="green" variant="light" title="Inicio de sesión exitoso" mt="md">
            {status.name ? `${status.greeting}, ${status.name}. ` : ''}Redirigiendo...
          </Alert>
        ) : null}
      </div>
      {status.kind === 'error' ? (
        <Alert color="red" variant="light" role="alert" title="No se pudo iniciar sesión" mt="md">
          {status.message}
        </Alert>
      ) : null}
    </form>
  );
}
