// The invite email: HTML and plain text in the session's theme (colors, company name, logo as an
// inline attachment referenced by content id), in the requested locale (English fallback).
// It carries the link and the organisation's name, nothing else about the customer.
import { Branding } from '../../themes/services/branding-service';
import { OutgoingEmail } from './mailer';

interface Texts {
  subject: (org: string) => string;
  greeting: string;
  body: (org: string) => string;
  button: string;
  expiry: (when: string) => string;
  ignore: string;
}

const TEXTS: Record<string, Texts> = {
  en: {
    subject: (org) => `${org}: please verify your identity`,
    greeting: 'Hello,',
    body: (org) => `${org} asks you to verify your identity. It takes a few minutes: you will need an identity document and a camera.`,
    button: 'Verify my identity',
    expiry: (when) => `This link works until ${when}.`,
    ignore: 'If you were not expecting this message, you can ignore it.',
  },
  de: {
    subject: (org) => `${org}: Bitte bestätigen Sie Ihre Identität`,
    greeting: 'Guten Tag,',
    body: (org) =>
      `${org} bittet Sie, Ihre Identität zu bestätigen. Das dauert wenige Minuten: Sie brauchen ein Ausweisdokument und eine Kamera.`,
    button: 'Identität bestätigen',
    expiry: (when) => `Dieser Link gilt bis ${when}.`,
    ignore: 'Wenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.',
  },
  fr: {
    subject: (org) => `${org} : veuillez vérifier votre identité`,
    greeting: 'Bonjour,',
    body: (org) =>
      `${org} vous demande de vérifier votre identité. Cela prend quelques minutes : munissez-vous d'une pièce d'identité et d'une caméra.`,
    button: 'Vérifier mon identité',
    expiry: (when) => `Ce lien est valable jusqu'au ${when}.`,
    ignore: "Si vous n'attendiez pas ce message, vous pouvez l'ignorer.",
  },
  es: {
    subject: (org) => `${org}: verifique su identidad`,
    greeting: 'Hola:',
    body: (org) => `${org} le pide que verifique su identidad. Solo lleva unos minutos: necesitará un documento de identidad y una cámara.`,
    button: 'Verificar mi identidad',
    expiry: (when) => `Este enlace es válido hasta el ${when}.`,
    ignore: 'Si no esperaba este mensaje, puede ignorarlo.',
  },
};

/** The supported locale for a requested tag (de-CH → de), English when unsupported. */
export function emailLocale(requested: string | null | undefined): string {
  const language = (requested ?? '').toLowerCase().split(/[-_]/)[0];
  return TEXTS[language] ? language : 'en';
}

export interface InviteEmailInput {
  to: string;
  link: string;
  expiresAt: Date;
  locale: string;
  /** org_name of the request, else the theme's company name. */
  orgName: string;
  branding: Branding;
  logo?: { content: Buffer; contentType: string };
}

export const LOGO_CID = 'logo@vigil';

export function buildInviteEmail(input: InviteEmailInput): OutgoingEmail {
  const locale = emailLocale(input.locale);
  const t = TEXTS[locale];
  const when = `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(input.expiresAt)} UTC`;
  const org = input.orgName;
  const c = input.branding.colors;
  const text = [t.greeting, '', t.body(org), '', `${t.button}: ${input.link}`, '', t.expiry(when), '', t.ignore, ''].join('\n');
  const logo = input.logo
    ? `<img src="cid:${LOGO_CID}" alt="${escapeHtml(org)}" style="max-height:48px;max-width:200px;margin-bottom:24px">`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject(org))}</title></head>
<body style="margin:0;padding:24px;background:${c.background};color:${c.foreground};font-family:${escapeHtml(input.branding.font_family)},Arial,sans-serif">
<div style="max-width:560px;margin:0 auto">
${logo}
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.body(org))}</p>
<p style="margin:32px 0"><a href="${escapeHtml(input.link)}" style="background:${c.primary};color:${c.primary_foreground};padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t.button)}</a></p>
<p style="font-size:13px">${escapeHtml(t.expiry(when))}</p>
<p style="font-size:13px;color:${c.accent}">${escapeHtml(t.ignore)}</p>
</div></body></html>`;
  return {
    to: input.to,
    subject: t.subject(org),
    text,
    html,
    attachments: input.logo
      ? [
          {
            filename: `logo.${input.logo.contentType.split('/')[1] ?? 'png'}`,
            content: input.logo.content,
            contentType: input.logo.contentType,
            cid: LOGO_CID,
          },
        ]
      : undefined,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
