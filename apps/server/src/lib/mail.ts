import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.js';

/** One message: plain text for every reader, and the same in simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends the institution's mail (SMTP_URL, SMTP_FROM) through nodemailer. */
export interface Mailer {
  readonly config: MailConfig;
  /** Sends one message; rejects when the mail server does not take it. */
  send(message: MailMessage): Promise<void>;
  /** Sends each message (a few at a time over pooled connections); answers, per message, whether it went. */
  sendAll(messages: readonly MailMessage[]): Promise<boolean[]>;
  close(): void;
}

/** Nobody waits long for a mail server that does not answer: the manager is told who did not get their link. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(config: MailConfig, log?: { warn: (obj: object, msg: string) => void }): Mailer {
  const transport = nodemailer.createTransport(
    { url: config.url, pool: true, maxConnections: 3, ...TIMEOUTS },
    { from: config.from },
  );
  const send = async (message: MailMessage) => {
    await transport.sendMail(message);
  };
  return {
    config,
    send,
    async sendAll(messages) {
      const results = await Promise.allSettled(messages.map((m) => send(m)));
      return results.map((r, i) => {
        if (r.status === 'rejected') log?.warn({ err: r.reason, to: messages[i]!.to }, 'mail not sent');
        return r.status === 'fulfilled';
      });
    },
    close: () => transport.close(),
  };
}
