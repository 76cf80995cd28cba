// POST /quote, the quote without JavaScript. Every post carries this browser's request key (its page's, else its cookie's),
// so sending one twice is one quote. Post/redirect/get: a price or a refused form is kept briefly in D1 and answered with
// 303 to /quote?form=<id>, so Back and reload never send the form again and the answers never go into a URL; the page's
// twin (src/pages/forms/quote.astro) shows it. A post refused before its fields are read stores nothing.
import type { Context } from 'hono';
import { findPackage } from '~/data/packages';
import { findService } from '~/data/services';
import { addressLine } from '~/lib/address';
import { postedAccess, postedAddresses } from '~/lib/move-facts';
import { carriedAnswers, carriedRequest } from '~/lib/carried-request';
import { londonToday } from '~/lib/dates';
import { shortNoticeNote } from '~/lib/move-date';
import { PAGE_PATHS } from '~/lib/api';
import { crossesSea } from '~/lib/ferry';
import { priceRoute } from '~/lib/price-route';
import { generateReference } from '~/lib/reference';
import { QUOTE_FORM_FIELDS } from '~/lib/form-fields';
import { quoteFormSchema, type QuoteForm } from '~/lib/quote-form-schema';
import { PROMO_MESSAGE, promoCodeField } from '~/lib/schemas';
import { site } from '~/site.config';
import { seeOther, type Refusal } from '../lib/http';
import { refuse, type LeadContext, type LeadSpec } from '../lib/pipeline';
import type { AppBindings } from '../env';
import { pageAsBuilt, type Fill } from '../lib/prebuilt-page';
import { answerFormPost, formTwinPath, formView, postedValues, refusalState, type FormPageState } from '../lib/form-answer';
import { readFormState } from '../lib/form-state';
import type { PageServices } from '../lib/page-services';
import { twinPage } from '../lib/astro-page';
import { acceptCallback } from '../lib/callback';
import { codeProblem } from '../lib/account/referrals';
import { signedInEmail } from '../lib/account/session';
import { acceptQuote } from '../lib/quote/accept';
import { findQuote } from '../lib/quote/store';
import { instantProblem } from '~/lib/instant-booking';
import { firmSettings } from '../lib/office/settings';
import { depositNow } from './move-payment';
import { requestNow } from '../lib/clock';
import { browserKey, keptKey, keyForAnswersToday, keyForOtherAnswers, newRequestKey } from '../lib/quote/form-key';
import { routeRefusal, workerPostcodeClient } from '../lib/quote/price';
import type { QuoteSubmission } from '../lib/quote/submission';
import { confirmationPath, randomViewToken } from '../lib/view-token';
import { priceFill } from './quote-fill';
import { formMessages } from './quote-form-messages';
import type { QuoteFormTwin } from '~/lib/views/forms';

type PriceCheck = Extract<QuoteForm, { action: 'price' }>;
type Submission = Extract<QuoteForm, { action: 'submit' | 'book' }>;

const routeKey = (form: { fromPostcode: string; toPostcode: string }) => `${form.fromPostcode}>${form.toPostcode}`;

function refusalPage(c: LeadContext, refusal: Refusal): Promise<Response> {
  const state = refusalState(refusal, QUOTE_FORM_FIELDS);
  state.errors = formMessages(state.errors ?? {});
  if (refusal.error.code === 'postcode_service_down') {
    state.general = `${refusal.error.message}. Please try again in a moment, or call us on ${site.phone.display}.`;
  }
  if (refusal.error.code === 'postcode_not_found') state.fill = { show: ['postcode-help'] };
  return quoteFormPage(c, refusal.status, state);
}

function serviceFill(value: string | null): Partial<Fill> {
  const service = findService(value);
  if (!service) return {};
  const text: Record<string, string> = { 'service:label': service.label };
  const show = ['service'];
  const suggested = service.suggestedSize;
  const title = suggested && findPackage(suggested.id)?.title;
  if (suggested && title) {
    text['service:why'] = `We have picked the ${title} for you. ${suggested.why}`;
    show.push('service:why');
  }
  if (service.estimate) {
    text['service:estimate'] = service.estimate;
    show.push('service:estimate');
  }
  if (service.onRequest === 'car') show.push('car');
  if (service.callbackOffer) {
    text['service:callback'] = service.callbackOffer;
    show.push('service:callback');
  }
  return { text, show };
}

/** The key a post is sent under: its page's, else this browser's (the prebuilt page carries none), else a new one. */
const postedKey = (c: LeadContext) => c.var.formBody?.get('idempotencyKey') || keptKey(c.req.raw) || newRequestKey();

function quoteFormPage(c: LeadContext, status: number, state: FormPageState): Promise<Response> {
  const values = postedValues(c, { values: { idempotencyKey: postedKey(c), ...state.values } });
  return answerFormPost(c, PAGE_PATHS.quote, status, values, state);
}

/**
 * GET /quote: the prebuilt page, and this browser's request key in a cookie for /quote (form-key.ts), so the page sent
 * again (Back, then Submit) is the same quote. `private, no-cache`: the answer depends on the cookie. With a query (a
 * saved state, or what a page sent along) it is the page's twin.
 */
export async function showQuoteForm(c: Context<AppBindings>): Promise<Response> {
  if (new URL(c.req.url).search) return twinPage(c, formTwinPath(PAGE_PATHS.quote));
  const page = await pageAsBuilt(c.env, c.req.raw);
  const { cookie } = browserKey(c.req.raw);
  page.headers.set('Cache-Control', 'private, no-cache');
  if (cookie) page.headers.append('Set-Cookie', cookie);
  return page;
}

/**
 * A saved state (`form=`) carries the key it was posted with. What a page sent along (`service=`, `from=`, `to=`,
 * `details=`) is filled in as the wizard does, with this browser's key; an expired state shows the empty form.
 */
export async function quoteFormView(services: PageServices, request: Request): Promise<QuoteFormTwin> {
  const url = new URL(request.url);
  const saved = services.answered ?? (await readFormState(services.env.DB, url.searchParams.get('form'), PAGE_PATHS.quote));
  if (saved) {
    const service = serviceFill(new URLSearchParams(saved.values).get('service'));
    return { status: services.answered?.status ?? 200, view: formView(saved, service), headers: {} };
  }
  const { key, cookie } = browserKey(request);
  const values = new URLSearchParams({ idempotencyKey: key });
  const carried = carriedRequest(url.searchParams);
  if (carried) {
    const service = findService(carried.service);
    if (service) values.set('service', service.value);
    for (const [name, value] of Object.entries(carriedAnswers(carried))) values.set(name, value);
  }
  return {
    status: 200,
    view: formView({ values: [...values] }, serviceFill(values.get('service'))),
    headers: { 'Cache-Control': 'private, no-cache', ...(cookie ? { 'Set-Cookie': cookie } : {}) },
  };
}

export const quoteFormRoute: LeadSpec<typeof quoteFormSchema> = {
  type: 'quote',
  schema: quoteFormSchema,
  form: { only: true, page: refusalPage },
  // A bot is sent on to a link of the real shape, which opens nothing.
  decoy: () => seeOther(confirmationPath(generateReference(), randomViewToken())),
};

export function answerQuoteForm(c: LeadContext, form: QuoteForm): Promise<Response> {
  if (form.action === 'survey') return askForSurvey(c, form);
  if (form.action === 'car') return askForCarPrice(c, form);
  return form.action === 'price' ? checkPrice(c, form) : submitQuote(c, form);
}

async function askForSurvey(c: LeadContext, form: Extract<QuoteForm, { action: 'survey' }>): Promise<Response> {
  const postcode = form.fromPostcode?.trim().slice(0, 200);
  const { reference } = await acceptCallback(c, {
    name: form.name,
    phone: form.phone,
    ...(form.email ? { email: form.email } : {}),
    survey: { size: form.surveySize, type: form.surveyType, ...(postcode ? { postcode } : {}) },
  });
  return quoteFormPage(c, 200, { fill: { text: { 'survey:reference': reference }, show: ['survey-sent'] }, focus: 'survey-sent' });
}

async function askForCarPrice(c: LeadContext, form: Extract<QuoteForm, { action: 'car' }>): Promise<Response> {
  const { reference } = await acceptCallback(c, {
    name: form.carName,
    phone: form.carPhone,
    ...(form.carEmail ? { email: form.carEmail } : {}),
    car: { vehicle: form.carVehicle, runs: form.carRuns, from: form.carFrom, to: form.carTo },
  });
  return quoteFormPage(c, 200, {
    values: { service: 'car-transport' },
    fill: { text: { 'car:reference': reference }, show: ['car-sent'] },
    focus: 'car-sent',
  });
}

async function checkPrice(c: LeadContext, form: PriceCheck): Promise<Response> {
  const read = (name: string) => (form as Record<string, unknown>)[name] as string | undefined;
  const access = postedAccess(read);
  const priced = await priceRoute(workerPostcodeClient(c.env), { ...form, access });
  if (!priced.ok) return refuse(c, routeRefusal(priced.error));
  const { pricing, notes, distanceMiles } = priced.route;
  const caveat = findService(form.service)?.totalNote;
  const shortNotice = form.moveDate ? shortNoticeNote(form.moveDate, londonToday()) : null;
  // A code is named on the card with its discount only when the server takes it (issue 30), as the quote would; one it
  // does not take is said at its field, beside the price.
  const promo = promoCodeField.safeParse(c.var.formBody?.get('promoCode') ?? '');
  const codeRefused = promo.success ? await codeProblem(c.env.DB, promo.data, () => signedInEmail(c)) : PROMO_MESSAGE;
  const fill = priceFill(pricing, {
    notes: [...notes, ...(caveat ? [caveat] : []), ...(shortNotice ? [shortNotice] : [])],
    promoCode: promo.success && !codeRefused ? promo.data : undefined,
    ferry: crossesSea(form.fromPostcode, form.toPostcode),
  });
  // A standard move is offered "Book and pay the deposit now" beside Submit (issue 41 item 2).
  const facts = { propertyId: form.propertyId, service: form.service ?? null, distanceMiles, addresses: postedAddresses(read), access };
  if (!instantProblem(facts, await firmSettings(c.env))) fill.show = [...(fill.show ?? []), 'book-now'];
  return quoteFormPage(c, 200, {
    ...(codeRefused ? { errors: formMessages({ promoCode: codeRefused }) } : {}),
    fill,
    focus: 'price',
    values: { estimateRoute: routeKey(form), estimateDistance: String(distanceMiles), estimateTotal: String(pricing.total) },
  });
}

/** Only when the price shown was for the route being sent. */
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
  const sent: QuoteSubmission = {
    ...answers,
    // The address lines, with anything typed around a postcode in its field (the schema gave the postcodes alone).
    fromAddress: addressLine(answers.fromAddress, posted?.get('fromPostcode')) || undefined,
    toAddress: addressLine(answers.toAddress, posted?.get('toPostcode')) || undefined,
    idempotencyKey: '',
    clientEstimate: shownEstimate(form),
  };
  const request = { ...sent, idempotencyKey: idempotencyKey || keptKey(c.req.raw) || (await keyForAnswersToday(sent, requestNow(c))) };
  let outcome = await acceptQuote(c, request);
  // The key went before with other answers: a new quote, under a key of its own.
  if (!outcome.ok && outcome.refusal.error.code === 'idempotency_conflict') {
    outcome = await acceptQuote(c, { ...request, idempotencyKey: await keyForOtherAnswers(request.idempotencyKey, request) });
  }
  if (!outcome.ok) return refuse(c, outcome.refusal);
  if (form.action === 'book') return bookStoredQuote(c, outcome.answer.confirmationUrl);
  return seeOther(outcome.answer.confirmationUrl);
}

/**
 * "Book and pay the deposit now" (issue 41 item 2): the quote is stored first, as any quote; then Checkout for its
 * deposit, or its move page saying why it needs a written quote instead. Sent again (Back, Submit) it is the same quote
 * and the same open Checkout.
 */
async function bookStoredQuote(c: LeadContext, confirmationUrl: string): Promise<Response> {
  const link = new URL(confirmationUrl, c.req.url).searchParams;
  const [reference, token] = [link.get('ref'), link.get('t')];
  const quote = reference ? await findQuote(c.env.DB, { reference }) : null;
  if (!quote || !token) return seeOther(confirmationUrl);
  return depositNow(c as unknown as Context<AppBindings>, { quote, token });
}
