// Sending one invite email over SMTP (nodemailer) and classifying what the provider said. The
// classes drive the invite rules: `accepted` (the provider durably took the message), `rejected`
// (a 5xx answer: final), `transient` (a 4xx answer or no connection: nothing was handed over, so a
// retry cannot duplicate) and `ambiguous` (the conversation broke after the message was handed
// over: it may or may not be delivered, so it is never re-sent automatically).
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { DeliverySettings } from '../../delivery-settings';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
}

export type SendOutcome = { kind: 'accepted'; messageId: string } | { kind: 'rejected' | 'transient' | 'ambiguous'; detail: string };

export type Mailer = (email: OutgoingEmail) => Promise<SendOutcome>;

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/** Commands before the message body: a failure there handed nothing over. */
const BEFORE_DATA = new Set(['CONN', 'EHLO', 'HELO', 'STARTTLS', 'AUTH PLAIN', 'AUTH LOGIN', 'MAIL FROM', 'RCPT TO']);

export function classifySmtpError(error: SmtpError): SendOutcome {
  const status = error.responseCode;
  const detail = status ? `smtp ${status}` : `smtp ${error.code ?? 'error'}${error.command ? ` at ${error.command}` : ''}`;
  if (status && status >= 500) return { kind: 'rejected', detail };
  if (status && status >= 400) return { kind: 'transient', detail };
  if (error.code === 'ECONNECTION' || error.code === 'ECONNREFUSED' || (error.command && BEFORE_DATA.has(error.command)))
    return { kind: 'transient', detail };
  return { kind: 'ambiguous', detail };
}

export function smtpMailer(settings: Pick<DeliverySettings, 'smtp' | 'smtpTimeoutMs'>): Mailer {
  let transport: Transporter | undefined;
  return async (email) => {
    const smtp = settings.smtp;
    if (!smtp) return { kind: 'transient', detail: 'smtp not configured' };
    transport ??= nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: false,
      // Local sinks and test servers speak plain SMTP; a production relay offers STARTTLS.
      ignoreTLS: smtp.host === '127.0.0.1' || smtp.host === 'localhost',
      connectionTimeout: settings.smtpTimeoutMs,
      greetingTimeout: settings.smtpTimeoutMs,
      socketTimeout: settings.smtpTimeoutMs,
    });
    try {
      const info = await transport.sendMail({ from: smtp.from, ...email });
      return { kind: 'accepted', messageId: String(info.messageId ?? '') };
    } catch (error) {
      return classifySmtpError(error as SmtpError);
    }
  };
}
