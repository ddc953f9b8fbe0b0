import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the test mail server accepted, parsed. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
}

export interface TestSmtp {
  /** SMTP_URL for the app: smtp://user:password@127.0.0.1:port. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients the server refuses (550), to test a message that does not go. */
  refuse: Set<string>;
  /** Waits for a message to `to` (lower-case) whose subject matches, received after `since` messages. */
  waitFor(to: string, subject?: RegExp, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** The link a message carries to the app's page (its plain-text part), and its token. */
  linkIn(mail: ReceivedMail): { url: string; token: string };
  close(): Promise<void>;
}

const USER = 'egreso';
const PASSWORD = 'clave-del-correo';

/** A real SMTP server on a free local port (smtp-server), asking for a user and password as an institution's does. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(err);
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            from: mail.from?.text ?? '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    port,
    received,
    refuse,
    async waitFor(to, subject, { since = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received
          .slice(since)
          .find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n');
          throw new Error(`no mail to ${to} ${subject ?? ''} within ${timeoutMs} ms; received:\n${seen}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    linkIn(mail) {
      const match = /https?:\/\/\S+\/app\/[a-z-]+#token=([A-Za-z0-9_-]+)/.exec(mail.text);
      if (!match) throw new Error(`no link in the mail:\n${mail.text}`);
      return { url: match[0], token: match[1]! };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
