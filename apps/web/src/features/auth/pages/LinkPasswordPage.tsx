import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HOME_BY_ROLE, LIMITS, MAIL_MSG, MSG, isRole } from '@egreso/domain';
import { serverMessage } from '../../../lib/errors';
import { clearDraftsOfOthers, saveSession, setMustChangePassword } from '../../../lib/session';
import { serverFieldErrors } from '../../../lib/use-form';
import { setPasswordByLink, useMailLink } from '../api/mail';
import { LinkAlert, LinkChecking, LinkDoor } from '../components/LinkDoor';

/**
 * /activar and /restablecer: the owner of a mailed link chooses their password (the same rules as any new password)
 * and is signed in. An unknown, used, replaced or expired link says so, and where to get another.
 */
export default function LinkPasswordPage({ activation }: { activation: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, link } = useMailLink();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ password?: string; password_confirmation?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const clientErrors = submitted
    ? {
        password: password.length < LIMITS.passwordMin ? MSG.passwordMin : undefined,
        password_confirmation: confirmation !== password ? MSG.passwordsDontMatch : undefined,
      }
    : {};

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (!token || saving || password.length < LIMITS.passwordMin || confirmation !== password) return;
    setSaving(true);
    setFailure(null);
    try {
      const {
        token: session,
        user,
        mustChangePassword,
      } = await setPasswordByLink({
        token,
        password,
        password_confirmation: confirmation,
      });
      saveSession(session, user);
      setMustChangePassword(mustChangePassword);
      queryClient.clear();
      clearDraftsOfOthers(user.id);
      navigate(isRole(user.rol) ? HOME_BY_ROLE[user.rol] : '/login', { replace: true });
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.password || fields.password_confirmation)
        setServerErrors({ password: fields.password, password_confirmation: fields.password_confirmation });
      else setFailure(serverMessage(err) ?? MSG.connectionError);
      setSaving(false);
    }
  };

  const title = activation ? MAIL_MSG.activateTitle : MAIL_MSG.resetTitle;
  const invalid =
    token === null ? MAIL_MSG.linkMissing : link.isError ? (serverMessage(link.error) ?? MSG.connectionError) : null;
  const info = link.data && link.data.purpose !== 'email' ? link.data : null;

  return (
    <LinkDoor width={460}>
      <Stack gap={6} mb="lg">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {info ? (
          <Text size="sm">
            Hola, {info.full_name}. Elige la contraseña con la que entrarás como <strong>{info.email}</strong>: al menos
            8 caracteres, que no sea común ni contenga tu nombre, tu correo o tu número.
          </Text>
        ) : null}
      </Stack>
      {link.isPending && token ? <LinkChecking /> : null}
      {invalid || (link.data && !info) ? (
        <LinkAlert title="Enlace no válido">{invalid ?? MAIL_MSG.linkInvalid}</LinkAlert>
      ) : null}
      {info ? (
        <NewPasswordForm
          title={title}
          values={{ password, confirmation }}
          change={{
            password: (v) => {
              setPassword(v);
              setServerErrors({});
            },
            confirmation: (v) => {
              setConfirmation(v);
              setServerErrors({});
            },
          }}
          errors={{
            password: clientErrors.password ?? serverErrors.password,
            confirmation: clientErrors.password_confirmation ?? serverErrors.password_confirmation,
          }}
          saving={saving}
          failure={failure}
          onSubmit={onSubmit}
        />
      ) : null}
    </LinkDoor>
  );
}

const PASSWORD_FIELDS = [
  { key: 'password', label: 'Nueva contraseña' },
  { key: 'confirmation', label: 'Confirma la contraseña' },
] as const;

/** The two password fields, the save button and a failure, as the link pages show them. */
function NewPasswordForm({
  title,
  values,
  change,
  errors,
  saving,
  failure,
  onSubmit,
}: {
  title: string;
  values: { password: string; confirmation: string };
  change: { password: (value: string) => void; confirmation: (value: string) => void };
  errors: { password?: string; confirmation?: string };
  saving: boolean;
  failure: string | null;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        {PASSWORD_FIELDS.map(({ key, label }) => (
          <PasswordInput
            key={key}
            label={label}
            autoComplete="new-password"
            size="md"
            value={values[key]}
            onChange={(e) => change[key](e.currentTarget.value)}
            error={errors[key]}
            disabled={saving}
          />
        ))}
        <Button type="submit" size="md" fullWidth loading={saving}>
          {MAIL_MSG.linkPasswordSave}
        </Button>
        {failure ? <LinkAlert>{failure}</LinkAlert> : null}
      </Stack>
    </form>
  );
}
