import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { randomToken } from './secrets.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** nodemailer's transport, made at the first mail: loading nodemailer is not a start's work (issue 34). */
function lazyTransport(make: (mailer: typeof nodemailer) => Transporter): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => (made ??= import('nodemailer').then(({ default: mailer }) => make(mailer)));
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in `outboxDir`, so
 * password recovery works on a machine with no mail server (the link is logged too).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport((mailer) => mailer.createTransport(options.smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, file }, `mail written to the outbox: ${mail.subject}\n${mail.text}`);
    },
  };
}
