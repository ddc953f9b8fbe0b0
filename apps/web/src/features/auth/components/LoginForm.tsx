import { Alert, Anchor, Button, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { MAIL_MSG, MSG } from '@egreso/domain';
import { OIDC_START_PATH } from '../api/oidc';
import { useLoginForm, type LoginStatus } from './use-login-form';

/**
 * E-mail and password form: authenticates, stores the session and sends the user to the role's home after 0.8 s.
 * With institutional sign-in configured it also offers the provider, and finishes a sign-in coming back from it.
 */
export function LoginForm() {
  const s = useLoginForm();

  // Both fields: required without the asterisk, large, locked while signing in, with their state and their message.
  const field = (value: string, setValue: (value: string) => void, error: string | undefined) =>
    ({
      required: true,
      withAsterisk: false,
      size: 'md',
      disabled: s.busy,
      value,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(e.currentTarget.value),
      error,
    }) as const;

  return (
    <form onSubmit={s.onSubmit} noValidate aria-label="Inicio de sesión">
      <Stack gap="md">
        <TextInput
          {...field(s.email, s.setEmail, s.errors.email)}
          label="Correo electrónico"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="nombre@institucion.edu.mx"
        />
        <PasswordInput
          {...field(s.password, s.setPassword, s.errors.password)}
          label="Contraseña"
          autoComplete="current-password"
          placeholder="Tu contraseña"
        />
        <Button type="submit" size="md" fullWidth disabled={s.busy}>
          Iniciar sesión
        </Button>
        {s.offersReset ? (
          <Anchor component={Link} to="/olvide" size="sm" ta="center">
            {MAIL_MSG.forgotLink}
          </Anchor>
        ) : null}
        {s.offersInstitutional ? <InstitutionalSignIn busy={s.busy} /> : null}
      </Stack>
      <LoginOutcome status={s.status} />
    </form>
  );
}

/** The institution's own sign-in, below a divider; a click does nothing while an attempt is under way. */
function InstitutionalSignIn({ busy }: { busy: boolean }) {
  return (
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
  );
}

/** The attempt's progress and success, announced by screen readers, and its failure as an alert. */
function LoginOutcome({ status }: { status: LoginStatus }) {
  return (
    <>
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
    </>
  );
}
