import { formatInstant } from '../../lib/time.js';
import type { MailMessage } from '../../lib/mail.js';

/** The Spanish messages the app sends (DESIGN §5): plain text and the same in simple HTML, dates in es-MX. */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Parts {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A button (HTML) and a line with the address (text). */
  link?: { label: string; url: string };
  /** Lines after the link. */
  after?: string[];
  institution: string;
}

function compose({ to, subject, greeting, paragraphs, link, after = [], institution }: Parts): MailMessage {
  const signature = `${institution} · Atributos de egreso`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [`${link.label}:`, link.url, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '—',
    signature,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1b1e;line-height:1.45">',
    p(greeting),
    ...paragraphs.map(p),
    link
      ? `<p style="margin:20px 0"><a href="${escapeHtml(link.url)}" style="background:#1c7ed6;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>` +
        `<p style="margin:0 0 12px;font-size:13px;color:#555">Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(link.url)}</p>`
      : '',
    ...after.map(p),
    `<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

const hello = (name: string) => `Hola, ${name}:`;
const until = (iso: string) => `El enlace sirve una sola vez y vence el ${formatInstant(iso)}.`;
const notYou =
  'Si no esperabas este correo, ignóralo: tu cuenta no cambia. Nunca te pediremos tu contraseña por correo.';

export interface Person {
  full_name: string;
  email: string;
}

/** A created or imported account: the owner chooses their password. */
export function activationMail(institution: string, person: Person, url: string, expiresAt: string): MailMessage {
  return compose({
    institution,
    to: person.email,
    subject: 'Activa tu cuenta de Atributos de egreso',
    greeting: hello(person.full_name),
    paragraphs: [
      `Se creó tu cuenta en Atributos de egreso de ${institution}, con el correo ${person.email}.`,
      'Para entrar, abre el enlace y elige tu contraseña; nadie más la conoce.',
    ],
    link: { label: 'Activar mi cuenta', url },
    after: [until(expiresAt), notYou],
  });
}

/** A manager reset the password: the old one no longer works; the owner chooses a new one. */
export function managerResetMail(institution: string, person: Person, url: string, expiresAt: string): MailMessage {
  return compose({
    institution,
    to: person.email,
    subject: 'Tu contraseña de Atributos de egreso fue restablecida',
    greeting: hello(person.full_name),
    paragraphs: [
      'Tu jefe de división o el administrador restableció tu contraseña: la anterior ya no sirve y tus sesiones abiertas se cerraron.',
      'Abre el enlace para elegir una contraseña nueva.',
    ],
    link: { label: 'Elegir mi contraseña', url },
    after: [until(expiresAt), 'Si no lo pediste, avisa a tu jefe de división o al administrador.'],
  });
}

/** '¿Olvidaste tu contraseña?': a link asked for from the login page. */
export function forgotPasswordMail(institution: string, person: Person, url: string, expiresAt: string): MailMessage {
  return compose({
    institution,
    to: person.email,
    subject: 'Restablece tu contraseña de Atributos de egreso',
    greeting: hello(person.full_name),
    paragraphs: [
      'Alguien pidió restablecer la contraseña de tu cuenta. Si fuiste tú, abre el enlace y elige una nueva.',
    ],
    link: { label: 'Elegir una contraseña nueva', url },
    after: [until(expiresAt), 'Si no lo pediste, ignora este correo: tu contraseña no cambia.'],
  });
}

/** A password changed (own change, first sign-in, a link, or a manager's reset). */
export function passwordChangedMail(institution: string, person: Person, at: string, byManager: boolean): MailMessage {
  return compose({
    institution,
    to: person.email,
    subject: 'Tu contraseña de Atributos de egreso cambió',
    greeting: hello(person.full_name),
    paragraphs: [
      byManager
        ? `Tu contraseña fue restablecida por tu jefe de división o el administrador el ${formatInstant(at)}.`
        : `La contraseña de tu cuenta (${person.email}) cambió el ${formatInstant(at)}. Tus otras sesiones se cerraron.`,
      'Si no fuiste tú, avisa de inmediato a tu jefe de división o al administrador.',
    ],
  });
}

/** An e-mail change: the new address confirms it by a link before it takes effect. */
export function emailConfirmMail(
  institution: string,
  person: Person,
  newEmail: string,
  url: string,
  expiresAt: string,
): MailMessage {
  return compose({
    institution,
    to: newEmail,
    subject: 'Confirma tu nuevo correo en Atributos de egreso',
    greeting: hello(person.full_name),
    paragraphs: [
      `Se pidió cambiar el correo de tu cuenta de ${person.email} a ${newEmail}.`,
      'El cambio se aplica cuando lo confirmes desde este enlace; mientras tanto sigues entrando con el correo anterior.',
    ],
    link: { label: 'Confirmar mi nuevo correo', url },
    after: [until(expiresAt), 'Si no lo pediste, ignora este correo: nada cambia.'],
  });
}

/** The old address is told that a change to another one was asked for. */
export function emailChangeNoticeMail(institution: string, person: Person, newEmail: string): MailMessage {
  return compose({
    institution,
    to: person.email,
    subject: 'Se pidió cambiar el correo de tu cuenta de Atributos de egreso',
    greeting: hello(person.full_name),
    paragraphs: [
      `Se pidió cambiar el correo de tu cuenta a ${newEmail}. El cambio se aplicará solo si se confirma desde esa dirección.`,
      'Si no fuiste tú ni lo pediste a tu jefe de división, avísale de inmediato.',
    ],
  });
}
