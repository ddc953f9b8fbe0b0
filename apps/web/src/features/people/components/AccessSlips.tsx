import { Fragment } from 'react';
import { createPortal } from 'react-dom';
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

/** The credential of a create's answer, or null for an edit's (which carries none). */
export function credentialOf(user: { full_name: string; email: string; initial_password?: string }): Credential | null {
  return user.initial_password
    ? { full_name: user.full_name, email: user.email, initial_password: user.initial_password }
    : null;
}
