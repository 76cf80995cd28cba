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
import { contactText, renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { QUOTE_WORDS, QuoteBusinessEmail, QuoteCustomerEmail, type QuotePrice } from '~/components/email/QuoteEmails';
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

/** A service's caveat (piano, car…), in bold under the price; the text part gives it a line of its own. */
const caveatOf = (quote: StoredQuote): string | undefined => serviceCaveat(quote)?.sentence;

const caveatLine = (quote: StoredQuote): string => {
  const caveat = caveatOf(quote);
  return caveat ? `\n${caveat}` : '';
};

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

function priceOf(quote: StoredQuote): QuotePrice {
  const caveat = caveatOf(quote);
  if (!quote.pricing) return { title: PRICE_PENDING.title, rows: null, text: PRICE_PENDING.text, caveat };
  const validity = quote.pricedAt ? validUntilLine(quote.pricedAt) : '';
  return { title: QUOTE_WORDS.estimate, rows: breakdownRows(quote.pricing), text: '', caveat, validity };
}

function priceText(quote: StoredQuote, price: QuotePrice): string {
  if (!price.rows) return `${price.title}\n${price.text}${caveatLine(quote)}`;
  return `${price.title}\n${textTable(price.rows)}${caveatLine(quote)}${price.validity ? `\n${price.validity}` : ''}`;
}

export function quoteCustomerEmail(ctx: MailContext, quote: StoredQuote): EmailDraft {
  const { reference } = quote;
  const details = moveRows(quote);
  const price = priceOf(quote);
  const notes = quote.additionalInfo;
  const html = renderEmail(QuoteCustomerEmail, {
    firm: ctx.firm,
    title: `Your quote request ${reference}`,
    firstName: firstName(quote.name),
    reference,
    action: VIEW_ONLINE,
    details,
    price,
    notes,
    nextSteps: NEXT_STEPS,
    quoteUrl: `${ctx.siteUrl}/quote`,
  });
  const after = [
    '',
    textTable(details),
    '',
    priceText(quote, price),
    ...(notes ? ['', `Your notes: ${notes}`] : []),
    '',
    QUOTE_WORDS.next,
    ...NEXT_STEPS.map((s, i) => `${i + 1}. ${s}`),
    '',
    contactText(ctx),
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
  const breakdown = pricing ? breakdownRows(pricing) : null;
  const priceBody = `${breakdown ? textTable(breakdown) : QUOTE_WORDS.notPriced}${caveatLine(quote)}`;
  const service = quoteService(quote);
  const summary = `${quote.name}, ${service ? `${service.label}, ` : ''}${quote.fromPostcode} to ${quote.toPostcode}, ${subjectPrice(quote, pricing ? formatMoney(pricing.total) : 'price to confirm')}`;
  return {
    from: ctx.from,
    to: ctx.business,
    replyTo: quote.email,
    subject: headerSafe(`${quote.verified ? '' : '[UNVERIFIED] '}New quote request ${reference}: ${summary}`),
    html: renderEmail(QuoteBusinessEmail, { firm: ctx.firm, reference, rows, price: { rows: breakdown, caveat: caveatOf(quote) } }),
    text: [`New quote request ${reference}\n\n${textTable(rows)}\n\n${QUOTE_WORDS.price}\n${priceBody}`],
  };
}
