/**
 * The e-mails. Every value a visitor typed is HTML-escaped here and stripped of CR/LF wherever it reaches a
 * header or subject (outbox.ts strips again at send time). Prices come from the server's pricing engine.
 */
import { findFurniture } from '../../src/data/furniture';
import { findPackage } from '../../src/data/packages';
import { fullAddress } from '../../src/lib/address';
import { formatLongDate } from '../../src/lib/dates';
import { crossesSea, FERRY_NOTE } from '../../src/lib/ferry';
import { describeDistance } from '../../src/lib/distance';
import { formatMoney } from '../../src/lib/money';
import { PRICE_LABELS, priceLines, promoLine, UNVERIFIED_NOTE } from '../../src/lib/price-lines';
import type { PricingResult } from '../../src/lib/pricing';
import type { CallbackRequest, ContactMessage, QuoteRequest } from '../../src/lib/schemas';
import { site } from '../../src/site.config';
import type { MailContext } from './config';
import { escapeHtml as e, headerSafe } from './escape';
import type { EmailPayload } from './outbox';
import { VIEW_LINK_PLACEHOLDER } from './view-token';

type Row = [label: string, value: string];

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">${e(site.brand)}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px;line-height:1.5">${body}</div>
<p style="font-size:12px;color:#64748b;margin-top:16px">${e(site.legalName)} · ${e(site.address.street)}, ${e(site.address.locality)} ${e(site.address.postcode)}</p>
</div></body></html>`;
}

/** Label/value rows; `totalLast` sets the final row in bold above a rule (price breakdowns). */
function table(rows: Row[], { totalLast = false } = {}): string {
  return `<table style="width:100%;border-collapse:collapse">${rows
    .map(([label, value], i) => {
      const total = totalLast && i === rows.length - 1;
      const cell = total ? 'border-top:1px solid #cbd5e1;font-weight:bold;color:#0f172a;' : '';
      return `<tr><th style="text-align:left;padding:6px 8px 6px 0;vertical-align:top;color:#475569;font-weight:normal;width:40%;${cell}">${e(label)}</th><td style="padding:6px 0;white-space:pre-wrap;${cell}">${e(value)}</td></tr>`;
    })
    .join('')}</table>`;
}

const textTable = (rows: Row[]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

function contactBlock(): { html: string; text: string } {
  const hours = site.supportHours.map((h) => `${h.label}: ${h.hours}`).join('; ');
  return {
    html: `<h2 style="font-size:16px;margin:24px 0 8px">Talk to us</h2><p style="margin:0">Phone <a href="tel:${e(site.phone.tel)}">${e(site.phone.display)}</a> · E-mail <a href="mailto:${e(site.email)}">${e(site.email)}</a><br>${e(hours)}</p>`,
    text: `Talk to us\nPhone ${site.phone.display} · E-mail ${site.email}\n${hours}`,
  };
}

export function furnitureSummary(ids: readonly string[]): string {
  // Spec fallback: 'Standard move' when nothing extra was chosen.
  if (ids.length === 0) return 'Standard move';
  return ids.map((id) => findFurniture(id)?.name ?? id).join(', ');
}

export function breakdownRows(pricing: PricingResult): Row[] {
  return [
    ...priceLines(pricing).map(({ label, amount }): Row => [label, formatMoney(amount)]),
    [PRICE_LABELS.total, formatMoney(pricing.total)],
  ];
}

/** A quote as it reaches the Worker: from the wizard with the estimate it showed, or from the plain form, perhaps without one. */
export type QuoteSubmission = Omit<QuoteRequest, 'clientEstimate'> & { clientEstimate?: QuoteRequest['clientEstimate'] | undefined };

export interface QuoteMailInput {
  reference: string;
  request: QuoteSubmission;
  pricing: PricingResult;
  verified: boolean;
  notes: string[];
}

/** Where the customer's e-mail links to their quote; outbox.ts writes in the link with a token when it sends. */
export const VIEW_ONLINE = 'View your quote online';

/** An end of the route as the customer gave it, with the postcode it was priced from: "Flat 3, 12 Canal Street, N1 9GU". */
export const place = (line: string | null | undefined, postcode: string) => fullAddress(line, postcode);

function quoteRows({ request, pricing, verified, notes }: QuoteMailInput): Row[] {
  const property = findPackage(request.propertyId)?.title ?? 'Unknown';
  const rows: Row[] = [
    ['Property', property],
    ['Moving from', place(request.fromAddress, request.fromPostcode)],
    ['Moving to', place(request.toAddress, request.toPostcode)],
    [
      'Distance',
      `${describeDistance(pricing.distance)}${pricing.freeMiles > 0 ? ` (includes ${pricing.freeMiles} miles at no extra charge)` : ''}`,
    ],
    ['Move date', formatLongDate(request.moveDate)],
    ['Furniture', furnitureSummary(request.furnitureIds)],
  ];
  for (const note of notes) rows.push(['Note', note]);
  if (!verified) rows.push(['Note', UNVERIFIED_NOTE]);
  if (crossesSea(request.fromPostcode, request.toPostcode)) rows.push(['Note', FERRY_NOTE]);
  if (request.promoCode) rows.push(['Promo code', promoLine(request.promoCode, pricing.total)]);
  return rows;
}

export function quoteCustomerEmail(ctx: MailContext, input: QuoteMailInput): EmailPayload {
  const { reference, request, pricing } = input;
  const firstName = request.name.split(/\s+/)[0] ?? request.name;
  const details = quoteRows(input);
  const price = breakdownRows(pricing);
  const contact = contactBlock();
  const steps = [
    'We review your request and match you with trusted movers.',
    'You receive a detailed quote by e-mail within 24 hours.',
    'You book the move when you are happy with it.',
  ];
  const html = layout(
    `Your quote request ${reference}`,
    `<h1 style="font-size:22px;margin:0 0 8px">Thanks, ${e(firstName)}. We have your quote request.</h1>
<p style="margin:0 0 16px">Your reference is <strong style="font-size:18px;letter-spacing:1px">${e(reference)}</strong>. Please quote it if you get in touch.</p>
<p style="margin:0 0 16px"><a href="${VIEW_LINK_PLACEHOLDER}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:bold">${e(VIEW_ONLINE)}</a></p>
<h2 style="font-size:16px;margin:24px 0 8px">Your move</h2>${table(details)}
<h2 style="font-size:16px;margin:24px 0 8px">Estimated Quote</h2>${table(price, { totalLast: true })}
${request.additionalInfo ? `<h2 style="font-size:16px;margin:24px 0 8px">Your notes</h2><p style="white-space:pre-wrap;margin:0">${e(request.additionalInfo)}</p>` : ''}
<h2 style="font-size:16px;margin:24px 0 8px">What happens next?</h2><ol style="margin:0;padding-left:20px">${steps.map((s) => `<li>${e(s)}</li>`).join('')}</ol>
${contact.html}
<p style="margin:24px 0 0"><a href="${e(ctx.siteUrl)}/quote" style="color:#1d4ed8">Request another quote</a></p>`,
  );
  const text = [
    `Thanks, ${firstName}. We have your quote request.`,
    `Your reference: ${reference}`,
    `${VIEW_ONLINE}: ${VIEW_LINK_PLACEHOLDER}`,
    '',
    textTable(details),
    '',
    'Estimated Quote',
    textTable(price),
    ...(request.additionalInfo ? ['', `Your notes: ${request.additionalInfo}`] : []),
    '',
    'What happens next?',
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    contact.text,
  ].join('\n');
  return {
    from: ctx.from,
    to: request.email,
    subject: headerSafe(`Your ${site.brand} quote request ${reference}: ${formatMoney(pricing.total)} estimate`),
    html,
    text,
  };
}

export function quoteBusinessEmail(ctx: MailContext, input: QuoteMailInput): EmailPayload {
  const { reference, request, pricing, verified } = input;
  const rows: Row[] = [
    ['Reference', reference],
    ['Name', request.name],
    ['Email', request.email],
    ['Phone', request.phone],
    ...quoteRows(input),
    ['Verified distance', verified ? 'Yes' : "NO: the postcode service was down; priced from the customer's distance"],
    [
      'Customer saw',
      request.clientEstimate
        ? `${formatMoney(request.clientEstimate.total)} for ${request.clientEstimate.distance} miles`
        : 'No price before sending (the quote form without JavaScript, submitted without checking the price)',
    ],
    ['Additional information', request.additionalInfo || '(none)'],
  ];
  const price = breakdownRows(pricing);
  return {
    from: ctx.from,
    to: ctx.business,
    replyTo: request.email,
    subject: headerSafe(
      `${verified ? '' : '[UNVERIFIED] '}New quote request ${reference}: ${request.name}, ${request.fromPostcode} to ${request.toPostcode}, ${formatMoney(pricing.total)}`,
    ),
    html: layout(
      `New quote request ${reference}`,
      `<h1 style="font-size:20px;margin:0 0 16px">New quote request ${e(reference)}</h1>${table(rows)}<h2 style="font-size:16px;margin:24px 0 8px">Price</h2>${table(price, { totalLast: true })}`,
    ),
    text: `New quote request ${reference}\n\n${textTable(rows)}\n\nPrice\n${textTable(price)}`,
  };
}

export function contactBusinessEmail(ctx: MailContext, reference: string, message: ContactMessage): EmailPayload {
  const name = `${message.firstName} ${message.lastName}`;
  const rows: Row[] = [
    ['Reference', reference],
    ['Name', name],
    ['Email', message.email],
    ['Phone', message.phone || '(not given)'],
    ['Subject', message.subject],
    ['Message', message.message],
  ];
  return {
    from: ctx.from,
    to: ctx.business,
    replyTo: message.email,
    subject: headerSafe(`Contact form: ${message.subject} (from ${name}, ${reference})`),
    html: layout(`Contact form ${reference}`, `<h1 style="font-size:20px;margin:0 0 16px">New message from ${e(name)}</h1>${table(rows)}`),
    text: `New message from ${name}\n\n${textTable(rows)}`,
  };
}

export function contactCustomerEmail(ctx: MailContext, reference: string, message: ContactMessage): EmailPayload {
  const contact = contactBlock();
  return {
    from: ctx.from,
    to: message.email,
    subject: headerSafe(`We have your message (${reference})`),
    html: layout(
      'We have your message',
      `<h1 style="font-size:20px;margin:0 0 8px">Thanks, ${e(message.firstName)}. We have your message.</h1>
<p>Someone from our team will reply ${e(site.emailReplyPromise)}. Your reference is <strong>${e(reference)}</strong>.</p>
${table([
  ['Subject', message.subject],
  ['Your message', message.message],
])}${contact.html}`,
    ),
    text: `Thanks, ${message.firstName}. We have your message.\nSomeone from our team will reply ${site.emailReplyPromise}. Your reference is ${reference}.\n\nSubject: ${message.subject}\nYour message: ${message.message}\n\n${contact.text}`,
  };
}

export function callbackBusinessEmail(ctx: MailContext, reference: string, request: CallbackRequest): EmailPayload {
  const rows: Row[] = [
    ['Reference', reference],
    ['Name', request.name],
    ['Phone', request.phone],
    ['Promise', 'Call back within 24 hours'],
  ];
  return {
    from: ctx.from,
    to: ctx.business,
    subject: headerSafe(`Call-back request ${reference}: ${request.name}, ${request.phone}`),
    html: layout(
      `Call-back request ${reference}`,
      `<h1 style="font-size:20px;margin:0 0 16px">Please call ${e(request.name)} back</h1>${table(rows)}`,
    ),
    text: `Please call ${request.name} back\n\n${textTable(rows)}`,
  };
}

export interface UndeliveredEmail {
  id: number;
  record_reference: string;
  kind: string;
  recipient: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

export function undeliveredAlertEmail(ctx: MailContext, rows: UndeliveredEmail[]): EmailPayload {
  const lines: Row[] = rows.map((r) => [
    `${r.record_reference} (${r.kind})`,
    `to ${r.recipient}, ${r.attempts} attempts since ${r.created_at}; last error: ${r.last_error ?? 'unknown'}`,
  ]);
  return {
    from: ctx.from,
    to: ctx.business,
    subject: headerSafe(`${rows.length} e-mail${rows.length === 1 ? '' : 's'} could not be sent`),
    html: layout(
      'E-mails that could not be sent',
      `<h1 style="font-size:20px;margin:0 0 8px">${rows.length} e-mail${rows.length === 1 ? '' : 's'} could not be sent</h1><p>The requests are stored; please contact these customers yourselves. Run <code>npm run leads</code> or look in the database for the details.</p>${table(lines)}`,
    ),
    text: `${rows.length} e-mail(s) could not be sent. The requests are stored; please contact these customers yourselves.\n\n${textTable(lines)}`,
  };
}
