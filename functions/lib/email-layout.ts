// The look every e-mail shares. Values a visitor typed are HTML-escaped here; subjects go through headerSafe where each is written.
import { site } from '~/site.config';
import { openingHoursLine } from '~/data/promises';
import type { MailContext } from './config';
import { parts, VIEW_LINK, type Parts } from './email-draft';
import { escapeHtml as e } from './escape';

export type Row = [label: string, value: string];

/** The firm's name heads the e-mail and its trading address closes it, as the owner's settings have them (mail-context.ts). */
export function layout(ctx: Pick<MailContext, 'firm'>, title: string, body: string | Parts): Parts {
  return parts`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">${e(ctx.firm.name)}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px;line-height:1.5">${body}</div>
<p style="font-size:12px;color:#64748b;margin-top:16px">${e(site.legalName)} · ${e(ctx.firm.address)}</p>
</div></body></html>`;
}

/** `totalLast` sets the final row in bold above a rule (price breakdowns). */
export function table(rows: Row[], { totalLast = false } = {}): string {
  return `<table style="width:100%;border-collapse:collapse">${rows
    .map(([label, value], i) => {
      const total = totalLast && i === rows.length - 1;
      const cell = total ? 'border-top:1px solid #cbd5e1;font-weight:bold;color:#0f172a;' : '';
      return `<tr><th style="text-align:left;padding:6px 8px 6px 0;vertical-align:top;color:#475569;font-weight:normal;width:40%;${cell}">${e(label)}</th><td style="padding:6px 0;white-space:pre-wrap;${cell}">${e(value)}</td></tr>`;
    })
    .join('')}</table>`;
}

export const textTable = (rows: Row[]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

const BUTTON =
  'display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:bold';

/** The e-mail's own link (made as it is sent: email-draft.ts), as a button. */
export const linkButton = (label: string, margin = '0 0 16px'): Parts =>
  parts`<p style="margin:${margin}"><a href="${VIEW_LINK}" style="${BUTTON}">${e(label)}</a></p>`;

/** A button to a page of the site that needs no token (`url` from the Worker's own settings, never from a visitor). */
export const pageButton = (label: string, url: string): string =>
  `<p style="margin:0 0 16px"><a href="${e(url)}" style="${BUTTON}">${e(label)}</a></p>`;

export const heading = (text: string) => `<h2 style="font-size:16px;margin:24px 0 8px">${e(text)}</h2>`;

export function contactBlock({ firm }: Pick<MailContext, 'firm'>): { html: string; text: string } {
  return {
    html: `${heading('Talk to us')}<p style="margin:0">Phone <a href="tel:${e(firm.phone.tel)}">${e(firm.phone.display)}</a> · E-mail <a href="mailto:${e(firm.email)}">${e(firm.email)}</a><br>${e(openingHoursLine())}</p>`,
    text: `Talk to us\nPhone ${firm.phone.display} · E-mail ${firm.email}\n${openingHoursLine()}`,
  };
}
