/** A quote's two e-mails. Only the customer's carries a link; the outbox writes it in as it sends. */
import { formatLongDate } from '~/lib/dates';
import { validUntilLine } from '~/lib/estimate-validity';
import { crossesSea, FERRY_NOTE } from '~/lib/ferry';
import { formatMoney } from '~/lib/money';
import { PRICE_LABELS, PRICE_PENDING, priceLines, promoLine } from '~/lib/price-lines';
import type { PricingResult } from '~/lib/pricing';
import { afterAQuote } from '~/data/promises';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactBlock, heading, layout, linkButton, table, textTable, type Row } from '../email-layout';
import { escapeHtml as e, headerSafe } from '../escape';
import type { StoredQuote } from './stored-quote';
import { accessLines, distanceText, firstName, furnitureSummary, place, propertyTitle, quoteService, serviceCaveat } from './summary';

export const VIEW_ONLINE = 'View your quote online';

const NEXT_STEPS = afterAQuote.map((step) => `${step.title}: ${step.text}`);

function breakdownRows(pricing: PricingResult): Row[] {
  return [
    ...priceLines(pricing).map(({ label, amount }): Row => [label, formatMoney(amount)]),
    [PRICE_LABELS.total, formatMoney(pricing.total)],
  ];
}

function caveatSection(quote: StoredQuote): { html: string; text: string } {
  const caveat = serviceCaveat(quote);
  if (!caveat) return { html: '', text: '' };
  return { html: `<p style="margin:8px 0 0;font-weight:bold">${e(caveat.sentence)}</p>`, text: `\n${caveat.sentence}` };
}

function subjectPrice(quote: StoredQuote, priced: string): string {
  const caveat = serviceCaveat(quote);
  return caveat ? `${priced}, ${caveat.short}` : priced;
}

function moveRows(quote: StoredQuote): Row[] {
  const free = quote.pricing && quote.pricing.freeMiles > 0 ? ` (includes ${quote.pricing.freeMiles} miles at no extra charge)` : '';
  const service = quoteService(quote);
  const rows: Row[] = [
    ...(service ? [['Service', service.label] satisfies Row] : []),
    ['Property', propertyTitle(quote)],
    ['Moving from', place(quote, 'from')],
    ['Moving to', place(quote, 'to')],
    ['Distance', `${distanceText(quote)}${free}`],
    ['Move date', formatLongDate(quote.moveDate)],
    ['Furniture', furnitureSummary(quote.furnitureIds)],
    ...accessLines(quote),
  ];
  for (const note of quote.notes) rows.push(['Note', note]);
  if (crossesSea(quote.fromPostcode, quote.toPostcode)) rows.push(['Note', FERRY_NOTE]);
  if (quote.promoCode) rows.push(['Promo code', promoLine(quote.promoCode, quote.pricing?.total ?? null)]);
  return rows;
}

function priceSection(quote: StoredQuote): { html: string; text: string } {
  if (!quote.pricing) {
    const caveat = caveatSection(quote);
    return {
      html: `${heading(PRICE_PENDING.title)}<p style="margin:0">${e(PRICE_PENDING.text)}</p>${caveat.html}`,
      text: `${PRICE_PENDING.title}\n${PRICE_PENDING.text}${caveat.text}`,
    };
  }
  const rows = breakdownRows(quote.pricing);
  const caveat = caveatSection(quote);
  const validity = quote.pricedAt ? validUntilLine(quote.pricedAt) : '';
  return {
    html: `${heading('Estimated Quote')}${table(rows, { totalLast: true })}${caveat.html}${validity ? `<p style="margin:8px 0 0">${e(validity)}</p>` : ''}`,
    text: `Estimated Quote\n${textTable(rows)}${caveat.text}${validity ? `\n${validity}` : ''}`,
  };
}

export function quoteCustomerEmail(ctx: MailContext, quote: StoredQuote): EmailDraft {
  const { reference } = quote;
  const details = moveRows(quote);
  const price = priceSection(quote);
  const contact = contactBlock(ctx);
  const notes = quote.additionalInfo;
  const html = layout(
    ctx,
    `Your quote request ${reference}`,
    parts`<h1 style="font-size:22px;margin:0 0 8px">Thanks, ${e(firstName(quote.name))}. We have your quote request.</h1>
<p style="margin:0 0 16px">Your reference is <strong style="font-size:18px;letter-spacing:1px">${e(reference)}</strong>. Please quote it if you get in touch.</p>
${linkButton(VIEW_ONLINE)}
${heading('Your move')}${table(details)}
${price.html}
${notes ? `${heading('Your notes')}<p style="white-space:pre-wrap;margin:0">${e(notes)}</p>` : ''}
${heading('What happens next?')}<ol style="margin:0;padding-left:20px">${NEXT_STEPS.map((s) => `<li>${e(s)}</li>`).join('')}</ol>
${contact.html}
<p style="margin:24px 0 0"><a href="${e(ctx.siteUrl)}/quote" style="color:#1d4ed8">Request another quote</a></p>`,
  );
  const after = [
    '',
    textTable(details),
    '',
    price.text,
    ...(notes ? ['', `Your notes: ${notes}`] : []),
    '',
    'What happens next?',
    ...NEXT_STEPS.map((s, i) => `${i + 1}. ${s}`),
    '',
    contact.text,
  ].join('\n');
  const text = parts`Thanks, ${firstName(quote.name)}. We have your quote request.
Your reference: ${reference}
${VIEW_ONLINE}: ${VIEW_LINK}
${after}`;
  const estimate = subjectPrice(quote, quote.pricing ? `${formatMoney(quote.pricing.total)} estimate` : PRICE_PENDING.title.toLowerCase());
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} quote request ${reference}: ${estimate}`),
    html,
    text,
  };
}

export function quoteBusinessEmail(ctx: MailContext, quote: StoredQuote): EmailDraft {
  const { reference, pricing, shown } = quote;
  const rows: Row[] = [
    ['Reference', reference],
    ['Name', quote.name],
    ['Email', quote.email],
    ['Phone', quote.phone],
    ...moveRows(quote),
    [
      'Verified distance',
      quote.verified ? 'Yes' : 'NO: the postcode service was down. Not priced: please price this move and send the customer their price.',
    ],
    ...(pricing
      ? [
          [
            'Customer saw',
            shown
              ? `${formatMoney(shown.total)} for ${shown.distance} miles`
              : 'No price before sending (the quote form without JavaScript, submitted without checking the price)',
          ] satisfies Row,
        ]
      : []),
    ['Additional information', quote.additionalInfo || '(none)'],
  ];
  const caveat = caveatSection(quote);
  const price = pricing
    ? { html: table(breakdownRows(pricing), { totalLast: true }) + caveat.html, text: textTable(breakdownRows(pricing)) + caveat.text }
    : { html: `<p style="margin:0">Not priced yet.</p>${caveat.html}`, text: `Not priced yet.${caveat.text}` };
  const service = quoteService(quote);
  const summary = `${quote.name}, ${service ? `${service.label}, ` : ''}${quote.fromPostcode} to ${quote.toPostcode}, ${subjectPrice(quote, pricing ? formatMoney(pricing.total) : 'price to confirm')}`;
  return {
    from: ctx.from,
    to: ctx.business,
    replyTo: quote.email,
    subject: headerSafe(`${quote.verified ? '' : '[UNVERIFIED] '}New quote request ${reference}: ${summary}`),
    html: layout(
      ctx,
      `New quote request ${reference}`,
      `<h1 style="font-size:20px;margin:0 0 16px">New quote request ${e(reference)}</h1>${table(rows)}${heading('Price')}${price.html}`,
    ),
    text: [`New quote request ${reference}\n\n${textTable(rows)}\n\nPrice\n${price.text}`],
  };
}
