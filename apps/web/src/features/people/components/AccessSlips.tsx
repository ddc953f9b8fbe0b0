import { Fragment } from 'react';
import { createPortal } from 'react-dom';
import type { MailReport } from '@egreso/domain';
import './access-slips.css';

/** One person's access: what their slip prints. */
export interface Credential {
  full_name: string;
  email: string;
  initial_password: string;
}

/** Where people sign in: the app's login page on this server. */
export function signInAddress(): string {
  return `${window.location.origin}/app/login`;
}

export const SLIP_INSTRUCTION =
  'Esta contraseña es de un solo uso: al iniciar sesión por primera vez el sistema te pedirá cambiarla por una propia.';

/**
 * 'Hojas de acceso': one slip per person (name, e-mail, one-time password, the sign-in address and the instruction
 * to change it), printed alone by the browser's print (access-slips.css), several per page. Rendered at the end of
 * the body so the print rules can hide everything else.
 */
export function AccessSlips({ credentials }: { credentials: readonly Credential[] }) {
  const address = signInAddress();
  return createPortal(
    <section className="access-slips" aria-label="Hojas de acceso">
      {credentials.map((c) => (
        <article className="access-slip" key={c.email}>
          <h2>{c.full_name}</h2>
          <dl>
            <dt>Correo</dt>
            <dd>
              <Breakable text={c.email} />
            </dd>
            <dt>Contraseña</dt>
            <dd className="access-slip-password">{c.initial_password}</dd>
            <dt>Entrar en</dt>
            <dd>
              <Breakable text={address} />
            </dd>
          </dl>
          <p>{SLIP_INSTRUCTION}</p>
        </article>
      ))}
    </section>,
    document.body,
  );
}

/**
 * An address that wraps where a reader expects, not mid-word: a break is allowed before '@' and after '.', '/' and
 * '-'; a part longer than the line still wraps (access-slips.css).
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?=@)|(?<=[./-])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** With the institution's mail, what a save sent instead of a credential: a link to `email` (a new e-mail's, `pending`). */
export interface MailedPerson {
  full_name: string;
  email: string;
  mail: MailReport;
  /** An e-mail change waiting for its confirmation link. */
  pending?: boolean;
}

/** What a save gave the manager to pass on: a one-time password, or word of a link sent by mail. */
export type Issued = Credential | MailedPerson;

export const isMailed = (issued: Issued): issued is MailedPerson => 'mail' in issued;

/**
 * The credential of a create's answer; with mail, the link it sent (or, for an edit, the confirmation sent to a new
 * e-mail); null for an edit that changed no e-mail.
 */
export function credentialOf(user: {
  full_name: string;
  email: string;
  initial_password?: string;
  mail?: MailReport;
  pending_email?: string | null;
}): Issued | null {
  if (user.initial_password)
    return { full_name: user.full_name, email: user.email, initial_password: user.initial_password };
  if (user.mail) {
    const pending = user.pending_email !== undefined;
    return {
      full_name: user.full_name,
      email: pending ? (user.pending_email ?? user.mail.failed[0]?.email ?? user.email) : user.email,
      mail: user.mail,
      ...(pending ? { pending: true } : {}),
    };
  }
  return null;
}
