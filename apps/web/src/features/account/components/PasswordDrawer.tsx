import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LIMITS, MSG } from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { serverMessage } from '../../../lib/errors';
import { serverFieldErrors } from '../../../lib/use-form';
import type { Feedback } from '../../../lib/use-feedback';
import { useChangePassword } from '../api/change-password';
import { hasErrors, validatePassword, type PasswordErrors, type PasswordValues } from '../validation';
import { GuardedDrawer } from '../../../components/GuardedModal';

interface Props {
  opened: boolean;
  userId: number;
  onClose: () => void;
  feedback: Pick<Feedback, 'success' | 'error'>;
}

/** The form's three fields, in order; the first takes the focus. */
const INPUTS = [
  { field: 'current_password', label: 'Contraseña actual', autoComplete: 'current-password' },
  { field: 'password', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { field: 'password_confirmation', label: 'Confirmar nueva contraseña', autoComplete: 'new-password' },
] as const;
const FIELDS = INPUTS.map((i) => i.field);
const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };
const PASSWORD_MAX = 200;

/** The spec's chain: the server's message, else the first message of each rejected field, else the generic text. */
export function passwordErrorMessage(err: unknown): string {
  const reason = serverMessage(err);
  if (reason) return reason;
  if (err instanceof ApiError) {
    const perField = FIELDS.map((f) => err.errors[f]?.[0]).filter((m): m is string => Boolean(m));
    if (perField.length > 0) return perField.join('\n');
  }
  return MSG.passwordChangeError;
}

/** Side panel changing the own password: current, new (8 or more characters) and its confirmation. */
export function PasswordDrawer({ opened, userId, onClose, feedback }: Props) {
  return (
    <GuardedDrawer opened={opened} onClose={onClose} position="right" title="Cambiar contraseña" padding="lg" size="md">
      {opened ? (
        <PasswordForm
          userId={userId}
          onCancel={onClose}
          onSaved={() => {
            onClose();
            feedback.success(MSG.passwordChanged);
          }}
          onFailed={feedback.error}
        />
      ) : null}
    </GuardedDrawer>
  );
}

interface FormProps {
  userId: number;
  onSaved: () => void;
  onFailed: (message: string) => void;
  /** Without it the form has no 'Cancelar' (the first-sign-in change cannot be put off). */
  onCancel?: () => void;
}

/** Current, new (6 or more characters) and confirmation; the drawer and the first-sign-in screen share it. */
export function PasswordForm({ userId, onSaved, onFailed, onCancel }: FormProps) {
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof PasswordValues, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<PasswordErrors>({});
  const mutation = useChangePassword(userId);
  const clientErrors = validatePassword(values);
  const complete = FIELDS.every((f) => values[f] !== '');
  const ready = complete && !hasErrors(clientErrors);
  // A field's own rule shows once the user has typed in it; the confirmation also waits for the new password.
  // Mantine's PasswordInput marks errors only visually, hence the explicit aria-invalid below.
  const shown = (f: keyof PasswordValues) => (touched[f] ? clientErrors[f] : undefined) ?? serverErrors[f];

  const set = (field: keyof PasswordValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!ready || mutation.isPending) return;
    mutation.mutate(values, {
      onSuccess: onSaved,
      onError: (err) => {
        setServerErrors(serverFieldErrors(err));
        onFailed(passwordErrorMessage(err));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cambiar contraseña">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          La nueva contraseña debe tener al menos {LIMITS.passwordMin} caracteres. Tus otras sesiones abiertas se
          cerrarán.
        </Text>
        {INPUTS.map(({ field, label, autoComplete }, i) => (
          <PasswordInput
            key={field}
            label={label}
            required
            maxLength={PASSWORD_MAX}
            autoComplete={autoComplete}
            value={values[field]}
            onChange={set(field)}
            error={shown(field)}
            aria-invalid={Boolean(shown(field))}
            data-autofocus={i === 0 || undefined}
          />
        ))}
        <Group justify="flex-end" gap="sm" mt="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              Cancelar
            </Button>
          ) : null}
          <Button type="submit" disabled={!ready} loading={mutation.isPending}>
            Guardar contraseña
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
