// Invitation emails, through the same SMTP relay as IDV's invite emails (VIGIL_SMTP_HOST and the others; the local
// mail sink of `npm start`). Sent once, synchronously: an admin who sees `failed` or
// `not_configured` hands the user a link from `npm run cli -- sign-in-link` instead.
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { VigilConfig } from '../../../platform/config';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailOutcome = 'sent' | 'not_configured' | 'failed';
export type Mailer = (email: OutgoingEmail) => Promise<MailOutcome>;

const SMTP_TIMEOUT_MS = 15_000;

export function smtpMailer(smtpOf: () => VigilConfig['smtp']): Mailer {
  let transport: { key: string; transporter: Transporter } | undefined;
  return async (email) => {
    const smtp = smtpOf();
    if (!smtp) return 'not_configured';
    const key = `${smtp.host}:${smtp.port}`;
    if (transport?.key !== key) {
      transport = {
        key,
        transporter: nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: false,
          // Local sinks and test servers speak plain SMTP; a production relay offers STARTTLS.
          ignoreTLS: smtp.host === '127.0.0.1' || smtp.host === 'localhost',
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        }),
      };
    }
    try {
      await transport.transporter.sendMail({ from: smtp.from, ...email });
      return 'sent';
    } catch {
      return 'failed';
    }
  };
}
