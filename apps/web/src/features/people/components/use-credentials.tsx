import { useState } from 'react';
import { MAIL_MSG, type MailReport } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../lib/errors';
import { useMailEnabled } from '../../../lib/queries/mail';
import { useResetGroupPasswords, useResetPassword } from '../api/reset-password';
import { isMailed, type Credential, type Issued } from './AccessSlips';
import { CredentialsModal } from './CredentialsModal';
import { MailReportModal, type MailNotice } from './MailReportModal';

interface Person {
  id: number;
  full_name: string;
  email: string;
}

export const RESET_LABEL = 'Restablecer contraseña';
export const RESET_DONE = 'Contraseña restablecida.';
export const GROUP_TITLE = 'Hojas de acceso del grupo';
export const IMPORTED_TITLE = 'Importación: contraseñas de un solo uso';
export const IMPORTED_MAIL_TITLE = 'Importación: enlaces de activación';
export const PENDING_TITLE = 'Cambio de correo pendiente';

/**
 * The one-time passwords of a people screen: those of a person just registered or of an import (`show`), and a row's
 * 'Restablecer contraseña' (`askReset`: confirm, reset, then show the new one). `dialogs` renders both.
 */
export function useCredentials(onError: (message: string) => void) {
  const reset = useResetPassword();
  const [asking, setAsking] = useState<Person | null>(null);
  const resetGroup = useResetGroupPasswords();
  const [askingGroup, setAskingGroup] = useState<{ id: number; name: string } | null>(null);
  const [issued, setIssued] = useState<IssuedNotice | null>(null);
  const [mailed, setMailed] = useState<MailNotice | null>(null);
  // With the institution's mail, resets send links: the confirmations say so.
  const byMail = useMailEnabled().data === true;

  const confirm = async () => {
    const person = asking;
    if (!person) return;
    try {
      const answer = await reset.mutateAsync(person.id);
      if (answer.initial_password)
        setIssued({
          message: RESET_DONE,
          credentials: [
            { full_name: person.full_name, email: person.email, initial_password: answer.initial_password },
          ],
        });
      else
        setMailed({
          title: RESET_DONE,
          sentText: answer.message,
          report: answer.mail ?? { sent: 0, failed: [{ full_name: person.full_name, email: person.email }] },
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
      if (answer.mail && (answer.mail.sent > 0 || answer.mail.failed.length > 0))
        setMailed({
          title: `${GROUP_TITLE} ${group.name}`,
          summary: `${answer.message}${skipped}`,
          sentText: MAIL_MSG.sentMany(answer.mail.sent),
          report: answer.mail,
        });
      else if (answer.credentials.length === 0) onError(`${answer.message}${skipped}`);
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
    <CredentialDialogs
      byMail={byMail}
      asking={asking}
      askingGroup={askingGroup}
      pending={{ one: reset.isPending, group: resetGroup.isPending }}
      confirm={() => void confirm()}
      confirmGroup={() => void confirmGroup()}
      cancel={() => {
        setAsking(null);
        setAskingGroup(null);
      }}
      issued={issued}
      closeIssued={() => setIssued(null)}
      mailed={mailed}
      closeMailed={() => setMailed(null)}
    />
  );

  return {
    askReset: (person: Person) => setAsking(person),
    /** The row button that asks for a reset, for ResponsiveTable's rowActions.more. */
    resetAction: { label: RESET_LABEL, onClick: (person: Person) => setAsking(person) },
    /**
     * A form modal's onSaved: a new person's one-time password is shown once (with `message`, the form closed by
     * `close`); an edit goes to the page's usual `saved`.
     */
    afterSave: (created: Issued | null, message: string, close: () => void, saved: () => void) => {
      if (!created) return saved();
      close();
      if (!isMailed(created)) return setIssued({ message, credentials: [created] });
      if (created.pending)
        return setMailed({
          title: PENDING_TITLE,
          sentText: MAIL_MSG.emailPending(created.email),
          failedText: MAIL_MSG.emailPendingNotSent(created.email),
          report: created.mail,
        });
      setMailed({ title: message, sentText: MAIL_MSG.activationSent(created.email), report: created.mail });
    },
    /** 'Hojas de acceso del grupo': confirm, reset the group's students, then show their passwords. */
    askGroupSlips: (group: { id: number; name: string }) => setAskingGroup(group),
    /** An import's new people: its summary, then their one-time passwords. */
    showImported: (summary: string, credentials: Credential[]) =>
      setIssued({ message: IMPORTED_TITLE, summary, credentials }),
    /** With mail, an import's new people got activation links: its summary, then who got one and who did not. */
    showMailed: (summary: string, report: MailReport) =>
      setMailed({ title: IMPORTED_MAIL_TITLE, summary, sentText: MAIL_MSG.sentMany(report.sent), report }),
    dialogs,
  };
}

interface IssuedNotice {
  message: string;
  summary?: string;
  credentials: Credential[];
}

/** The confirmations of a reset (one person, a group) and what a save issued: passwords, or word of links sent. */
function CredentialDialogs({
  byMail,
  asking,
  askingGroup,
  pending,
  confirm,
  confirmGroup,
  cancel,
  issued,
  closeIssued,
  mailed,
  closeMailed,
}: {
  byMail: boolean;
  asking: Person | null;
  askingGroup: { id: number; name: string } | null;
  pending: { one: boolean; group: boolean };
  confirm: () => void;
  confirmGroup: () => void;
  cancel: () => void;
  issued: IssuedNotice | null;
  closeIssued: () => void;
  mailed: MailNotice | null;
  closeMailed: () => void;
}) {
  return (
    <>
      <ConfirmDialog
        opened={askingGroup !== null}
        title={GROUP_TITLE}
        message={
          byMail
            ? `Se enviará a cada alumno del grupo ${askingGroup?.name ?? ''} un enlace para elegir una contraseña nueva; las actuales dejarán de servir y se cerrarán sus sesiones abiertas.`
            : `Se generará una contraseña nueva de un solo uso para cada alumno del grupo ${askingGroup?.name ?? ''} y se cerrarán sus sesiones abiertas.`
        }
        confirmLabel={byMail ? 'Restablecer y enviar enlaces' : 'Restablecer e imprimir'}
        danger
        loading={pending.group}
        onConfirm={confirmGroup}
        onCancel={cancel}
      />
      <ConfirmDialog
        opened={asking !== null}
        title={RESET_LABEL}
        message={
          byMail
            ? `Se enviará a ${asking?.email ?? ''} un enlace para que ${asking?.full_name ?? ''} elija una contraseña nueva; la actual dejará de servir y se cerrarán sus sesiones abiertas.`
            : `Se generará una contraseña nueva de un solo uso para ${asking?.full_name ?? ''} y se cerrarán sus sesiones abiertas.`
        }
        confirmLabel="Restablecer"
        danger
        loading={pending.one}
        onConfirm={confirm}
        onCancel={cancel}
      />
      <CredentialsModal
        credentials={issued?.credentials ?? null}
        message={issued?.message ?? ''}
        summary={issued?.summary}
        onClose={closeIssued}
      />
      <MailReportModal notice={mailed} onClose={closeMailed} />
    </>
  );
}
