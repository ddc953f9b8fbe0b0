import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LIMITS, MAIL_MSG, MSG } from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { serverFieldErrors } from '../../../lib/use-form';
import type { Feedback } from '../../../lib/use-feedback';
import { useUpdateProfile } from '../api/update-profile';
import { hasErrors, validateProfile, type ProfileErrors, type ProfileValues } from '../validation';
import { GuardedDrawer } from '../../../components/GuardedModal';

interface Props {
  opened: boolean;
  user: { id: number; full_name: string; email: string };
  onClose: () => void;
  feedback: Pick<Feedback, 'success' | 'error'>;
}

/** Side panel editing the own name and e-mail. */
export function ProfileDrawer({ opened, user, onClose, feedback }: Props) {
  return (
    <GuardedDrawer opened={opened} onClose={onClose} position="right" title="Editar perfil" padding="lg" size="md">
      {/* Mounted only while open, so every opening starts from the saved data. */}
      {opened ? <ProfileForm user={user} onClose={onClose} feedback={feedback} /> : null}
    </GuardedDrawer>
  );
}

function ProfileForm({ user, onClose, feedback }: Omit<Props, 'opened'>) {
  const [values, setValues] = useState<ProfileValues>({
    full_name: user.full_name,
    email: user.email,
    current_password: '',
  });
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});
  const mutation = useUpdateProfile(user.id);
  // The e-mail is the login: changing it asks for the current password (the server checks it too).
  const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const clientErrors: ProfileErrors = {
    ...validateProfile(values),
    ...(emailChanged && !values.current_password ? { current_password: MSG.currentPasswordRequired } : {}),
  };
  const invalid = hasErrors(clientErrors);

  const set = (field: keyof ProfileValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((errs) => ({ ...errs, [field]: undefined }));
  };
  /** A text field's value, change handler and error: its own rule first, else what the server said. */
  const bind = (field: 'full_name' | 'email') => ({
    value: values[field],
    onChange: set(field),
    error: clientErrors[field] ?? serverErrors[field],
  });

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (invalid || mutation.isPending) return;
    mutation.mutate(
      {
        full_name: values.full_name.trim(),
        email: values.email.trim(),
        ...(emailChanged ? { current_password: values.current_password } : {}),
      },
      {
        onSuccess: (answer) => {
          onClose();
          // With mail, a new e-mail takes effect only once confirmed from the link sent to it.
          if (answer.pending_email) feedback.success(MAIL_MSG.emailPending(answer.pending_email));
          else if (answer.mail?.failed.length) feedback.error(MAIL_MSG.emailPendingNotSent(values.email.trim()));
          else feedback.success(MSG.profileUpdated);
        },
        onError: (err) => {
          const fieldErrors = serverFieldErrors(err);
          // A rejected field is explained under the field itself; anything else gets the generic message.
          if (hasErrors(fieldErrors)) setServerErrors(fieldErrors);
          // The throttle's wait is worth reading as it is.
          else feedback.error(err instanceof ApiError && err.status === 429 ? err.message : MSG.profileSaveError);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Editar perfil">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Actualiza el nombre y el correo con los que apareces en el sistema.
        </Text>
        <TextInput
          label="Nombre completo"
          required
          maxLength={LIMITS.userName}
          autoComplete="name"
          {...bind('full_name')}
          data-autofocus
        />
        <TextInput
          label="Correo electrónico"
          type="email"
          required
          maxLength={LIMITS.email}
          autoComplete="email"
          {...bind('email')}
        />
        {emailChanged ? (
          <PasswordInput
            label="Contraseña actual"
            description="Para cambiar el correo con el que inicias sesión, confirma tu contraseña."
            required
            maxLength={200}
            autoComplete="current-password"
            value={values.current_password}
            onChange={set('current_password')}
            error={serverErrors.current_password}
            aria-invalid={Boolean(serverErrors.current_password)}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={invalid} loading={mutation.isPending}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
