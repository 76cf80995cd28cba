/**
 * POST /quote: the quote without JavaScript (src/components/quote/QuoteForm.astro), through the same lead pipeline
 * as the wizard's JSON (its rate limit, origin check, limits and honeypot; lead-pipeline.ts) and the same
 * acceptQuote(). Every answer is the prebuilt /quote page filled in (prebuilt-page.ts), never a second template:
 *
 * - 'Check my price' (`action=price`): the page again, every value kept and the server's Estimated Quote filled in.
 *   The price it showed goes into hidden fields (`estimate*`) with the route it is for.
 * - 'Submit Quote Request' (`action=submit`): stored and e-mailed like the wizard's request, then 303 to the quote's
 *   confirmation link. A page the Worker answered carries a request key, so sending it twice is one quote; sending
 *   it again after a change is a new quote with a new key.
 * - Anything refused: the page again with the values kept, a GOV.UK-style error summary and each message next to its
 *   field.
 *
 * When the postcode service is down, 'Check my price' has nothing honest to show: the page says 'Could not calculate
 * distance between postcodes', every value kept, to try again or call. A submitted quote is stored unpriced for the
 * business to price, as the wizard's is (lib/quote/price.ts).
 */
import { addressLine } from '../../src/lib/address';
import { PAGE_PATHS } from '../../src/lib/api';
import { crossesSea } from '../../src/lib/ferry';
import { priceRoute } from '../../src/lib/price-route';
import { generateReference } from '../../src/lib/reference';
import { promoCodeField, quoteFormSchema, type QuoteForm } from '../../src/lib/schemas';
import { site } from '../../src/site.config';
import type { Refusal } from '../lib/http';
import { refuse, type LeadContext, type LeadSpec } from '../lib/lead-pipeline';
import { formPage, refusalState, type FormPageState } from '../lib/prebuilt-page';
import { acceptQuote } from '../lib/quote/accept';
import { routeRefusal, workerPostcodeClient } from '../lib/quote/price';
import type { QuoteSubmission } from '../lib/quote/submission';
import { confirmationPath, randomViewToken } from '../lib/view-token';
import { priceFill } from './quote-fill';

/** The form's fields that can carry a message (the error summary lists them in this order). */
const FIELDS = new Set([
  'propertyId',
  'furnitureIds',
  'fromPostcode',
  'fromAddress',
  'toPostcode',
  'toAddress',
  'moveDate',
  'name',
  'email',
  'phone',
  'additionalInfo',
  'promoCode',
]);

type PriceCheck = Extract<QuoteForm, { action: 'price' }>;
type Submission = Extract<QuoteForm, { action: 'submit' }>;

const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

const newRequestKey = () => `quote-form-${crypto.randomUUID()}`;

/** The route a shown price is for, as the hidden field keeps it. */
const routeKey = (form: { fromPostcode: string; toPostcode: string }) => `${form.fromPostcode}>${form.toPostcode}`;

function refusalPage(c: LeadContext, refusal: Refusal): Promise<Response> {
  const state = refusalState(refusal, FIELDS);
  if (refusal.error.code === 'postcode_service_down') {
    state.general = `${refusal.error.message}. Please try again in a moment, or call us on ${site.phone.display}.`;
  }
  return quoteFormPage(c, refusal.status, state);
}

/** /quote again, with a request key in every page the Worker answers. */
function quoteFormPage(c: LeadContext, status: number, state: FormPageState): Promise<Response> {
  const key = c.var.formBody?.get('idempotencyKey') || newRequestKey();
  return formPage(c, PAGE_PATHS.quote, status, { ...state, values: { idempotencyKey: key, ...state.values } });
}

export const quoteFormRoute: LeadSpec<typeof quoteFormSchema> = {
  type: 'quote',
  schema: quoteFormSchema,
  form: { only: true, page: refusalPage },
  // A bot is sent on to a link of the real shape, which opens nothing.
  decoy: () => seeOther(confirmationPath(generateReference(), randomViewToken())),
};

export function answerQuoteForm(c: LeadContext, form: QuoteForm): Promise<Response> {
  return form.action === 'price' ? checkPrice(c, form) : submitQuote(c, form);
}

async function checkPrice(c: LeadContext, form: PriceCheck): Promise<Response> {
  const priced = await priceRoute(workerPostcodeClient(c.env), form);
  if (!priced.ok) return refuse(c, routeRefusal(priced.error));
  const { pricing, notes, distanceMiles } = priced.route;
  // The promo code is not the price's business: named on the card when it is one we know, never an error here.
  const promo = promoCodeField.safeParse(c.var.formBody?.get('promoCode') ?? '');
  return quoteFormPage(c, 200, {
    fill: priceFill(pricing, {
      notes,
      promoCode: promo.success ? promo.data : undefined,
      ferry: crossesSea(form.fromPostcode, form.toPostcode),
    }),
    focus: 'price',
    values: { estimateRoute: routeKey(form), estimateDistance: String(distanceMiles), estimateTotal: String(pricing.total) },
  });
}

/** The price 'Check my price' showed, when it was for the route being sent. */
function shownEstimate(form: Submission): QuoteSubmission['clientEstimate'] {
  const distance = Number(form.estimateDistance);
  const total = Number(form.estimateTotal);
  if (form.estimateRoute !== routeKey(form) || !form.estimateDistance || !form.estimateTotal) return undefined;
  if (!Number.isFinite(distance) || distance < 0 || distance > 2000 || !Number.isFinite(total) || total < 0) return undefined;
  return { distance, total: Math.round(total) };
}

async function submitQuote(c: LeadContext, form: Submission): Promise<Response> {
  const { action: _action, estimateRoute: _route, estimateDistance: _distance, estimateTotal: _total, idempotencyKey, ...answers } = form;
  const posted = c.var.formBody;
  const request: QuoteSubmission = {
    ...answers,
    // The address lines, with anything typed around a postcode in its field (the schema gave the postcodes alone).
    fromAddress: addressLine(answers.fromAddress, posted?.get('fromPostcode')) || undefined,
    toAddress: addressLine(answers.toAddress, posted?.get('toPostcode')) || undefined,
    idempotencyKey: idempotencyKey ?? newRequestKey(),
    clientEstimate: shownEstimate(form),
  };
  let outcome = await acceptQuote(c, request);
  // The page was sent before with other answers (changed after Back): a new quote, with a key of its own.
  if (!outcome.ok && outcome.refusal.error.code === 'idempotency_conflict') {
    outcome = await acceptQuote(c, { ...request, idempotencyKey: newRequestKey() });
  }
  if (!outcome.ok) return refuse(c, outcome.refusal);
  return seeOther(outcome.answer.confirmationUrl);
}
