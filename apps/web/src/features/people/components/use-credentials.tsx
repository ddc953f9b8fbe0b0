import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../lib/errors';
import { useResetGroupPasswords, useResetPassword } from '../api/reset-password';
import type { Credential } from './AccessSlips';
import { CredentialsModal } from './CredentialsModal';

interface Person {
  id: number;
  full_name: string;
  email: string;
}

export const RESET_LABEL = 'Restablecer contraseña';
export const RESET_DONE = 'Contraseña restablecida.';
export const GROUP_TITLE = 'Hojas de acceso del grupo';
export const IMPORTED_TITLE = 'Importación: contraseñas de un solo uso';

/**
 * The one-time passwords of a people screen: those of a person just registered or of an import (`show`), and a row's
 * 'Restablecer contraseña' (`askReset`: confirm, reset, then show the new one). `dialogs` renders both.
 */
export function useCredentials(onError: (message: string) => void) {
  const reset = useResetPassword();
  const [asking, setAsking] = useState<Person | null>(null);
  const resetGroup = useResetGroupPasswords();
  const [askingGroup, setAskingGroup] = useState<{ id: number; name: string } | null>(null);
  const [issued, setIssued] = useState<{ message: string; summary?: string; credentials: Credential[] } | null>(null);

  const confirm = async () => {
    const person = asking;
    if (!person) return;
    try {
      const answer = await reset.mutateAsync(person.id);
      setIssued({
        message: RESET_DONE,
        credentials: [{ full_name: person.full_name, email: person.email, initial_password: answer.initial_password }],
      });
    } catch (err) {
      onError(errorText('Error restableciendo la contraseña', err));
    } finally {
      setAsking(null);
    }
  };

  const confirmGroup = async () => {
    const group = askingGroup;
    if (!group) return;
    try {
      const answer = await resetGroup.mutateAsync(group.id);
      const skipped = answer.skipped
        ? `\n${answer.skipped} ${answer.skipped === 1 ? 'alumno no es' : 'alumnos no son'} solo de tus carreras: su contraseña no cambió.`
        : '';
      if (answer.credentials.length === 0) onError(`${answer.message}${skipped}`);
      else
        setIssued({
          message: `${GROUP_TITLE} ${group.name}`,
          summary: answer.message + skipped,
          credentials: answer.credentials,
        });
    } catch (err) {
      onError(errorText('Error restableciendo las contraseñas del grupo', err));
    } finally {
      setAskingGroup(null);
    }
  };

  const dialogs = (
    <>
      <ConfirmDialog
        opened={askingGroup !== null}
        title={GROUP_TITLE}
        message={`Se generará una contraseña nueva de un solo uso para cada alumno del grupo ${askingGroup?.name ?? ''} y se cerrarán sus sesiones abiertas.`}
        confirmLabel="Restablecer e imprimir"
        danger
        loading={resetGroup.isPending}
        onConfirm={() => void confirmGroup()}
        onCancel={() => setAskingGroup(null)}
      />
      <ConfirmDialog
        opened={asking !== null}
        title={RESET_LABEL}
        message={`Se generará una contraseña nueva de un solo uso para ${asking?.full_name ?? ''} y se cerrarán sus sesiones abiertas.`}
        confirmLabel="Restablecer"
        danger
        loading={reset.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
      <CredentialsModal
        credentials={issued?.credentials ?? null}
        message={issued?.message ?? ''}
        summary={issued?.summary}
        onClose={() => setIssued(null)}
      />
    </>
  );

  return {
    askReset: (person: Person) => setAsking(person),
    /** The row button that asks for a reset, for ResponsiveTable's rowActions.more. */
    resetAction: { label: RESET_LABEL, onClick: (person: Person) => setAsking(person) },
    /**
     * A form modal's onSaved: a new person's one-time password is shown once (with `message`, the form closed by
     * `close`); an edit goes to the page's usual `saved`.
     */
    afterSave: (created: Credential | null, message: string, close: () => void, saved: () => void) => {
      if (!created) return saved();
      close();
      setIssued({ message, credentials: [created] });
    },
    /** 'Hojas de acceso del grupo': confirm, reset the group's students, then show their passwords. */
    askGroupSlips: (group: { id: number; name: string }) => setAskingGroup(group),
    /** An import's new people: its summary, then their one-time passwords. */
    showImported: (summary: string, credentials: Credential[]) =>
      setIssued({ message: IMPORTED_TITLE, summary, credentials }),
    dialogs,
  };
}
