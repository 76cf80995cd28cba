// The look every e-mail shares. Values a visitor typed are HTML-escaped here; subjects go through headerSafe where each is written.
import { site } from '~/site.config';
import { openingHoursLine } from '~/data/promises';
import { parts, VIEW_LINK, type Parts } from './email-draft';
import { escapeHtml as e } from './escape';

export type Row = [label: string, value: string];

export function layout(title: string, body: string | Parts): Parts {
  return parts`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">${e(site.brand)}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px;line-height:1.5">${body}</div>
<p style="font-size:12px;color:#64748b;margin-top:16px">${e(site.legalName)} · ${e(site.address.street)}, ${e(site.address.locality)} ${e(site.address.postcode)}</p>
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

export const linkButton = (label: string, margin = '0 0 16px'): Parts =>
  parts`<p style="margin:${margin}"><a href="${VIEW_LINK}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:bold">${e(label)}</a></p>`;

export const heading = (text: string) => `<h2 style="font-size:16px;margin:24px 0 8px">${e(text)}</h2>`;

export function contactBlock(): { html: string; text: string } {
  return {
    html: `${heading('Talk to us')}<p style="margin:0">Phone <a href="tel:${e(site.phone.tel)}">${e(site.phone.display)}</a> · E-mail <a href="mailto:${e(site.email)}">${e(site.email)}</a><br>${e(openingHoursLine())}</p>`,
    text: `Talk to us\nPhone ${site.phone.display} · E-mail ${site.email}\n${openingHoursLine()}`,
  };
}
