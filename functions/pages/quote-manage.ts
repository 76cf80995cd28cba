// POST /quote-confirmation, the "Manage this move" buttons (issue 19, item 3). A post that does not open the quote gets the
// same 404 as a wrong link; a change is answered with 303 to the page, so a reload never posts twice.
import type { Context } from 'hono';
import { ADDRESS_FIELD_NAMES, mergedAddresses, missingAddress, postedAccess, postedAddresses } from '~/lib/move-facts';
import { londonToday } from '~/lib/dates';
import { estimateHolds } from '~/lib/estimate-validity';
import { manageSchema, type ManageForm } from '~/lib/manage-move';
import { doneKey, moveRefusal, newDateRefusal } from '~/lib/move-status';
import type { AppBindings } from '../env';
import { formRoute, perClient } from '../lib/pipeline';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import { acceptWrittenQuote } from '../lib/office/written-quotes';
import { acceptChange, refuseChange } from '../lib/office/change-orders';
import { CUSTOMER_ACTOR } from '../lib/office/tasks';
import { CHANGE_MESSAGES } from '~/lib/office/change-order';
import { moneyOwed } from '../lib/payments/due';
import { checkoutAnswer, checkoutFor } from './move-payment';
import { seeOther, type Refusal } from '../lib/http';
import { saveAddresses } from '../lib/quote/addresses';
import { applyChange, CHANGED_MEANWHILE, moveFacts, type MoveChange } from '../lib/quote/manage';
import { priceFor } from '../lib/quote/price';
import { dayIsFull } from '../lib/office/diary';
import { FULL_DAY_MESSAGE } from '~/lib/office/diary-forms';
import { requestNow } from '../lib/clock';
import type { StoredQuote } from '../lib/quote/stored-quote';
import {
  moveNotOpened,
  movePageRefusal,
  openQuote,
  quotePage,
  quotePageHref,
  type OpenedQuote,
  type QuotePageState,
} from './quote-confirmation';

type PageContext = Context<AppBindings>;

/** The fields whose messages go next to them; any other problem is the summary's general line. */
const FIELDS = new Set<string>(['moveDate', 'rating', 'reviewText', 'changeName', 'changeAgree', ...ADDRESS_FIELD_NAMES]);

/** Two notes of 2,000 characters, encoded, and the rest. */
const MAX_MANAGE_BODY = 16 * 1024;

/** A form's fields by name, as move-facts.ts reads every form's. */
const fieldsOf = (form: ManageForm) => (name: string) => (form as Record<string, unknown>)[name] as string | undefined;

/** The addresses, access answers and notes as posted: null where nothing was said. */
function accessChange(form: Extract<ManageForm, { action: 'access' }>): MoveChange {
  const notes = form.awkward || form.items ? { awkward: form.awkward, items: form.items } : null;
  return { action: 'access', access: postedAccess(fieldsOf(form)), notes, addresses: postedAddresses(fieldsOf(form)) };
}

/** The change a button makes, or null for the buttons that only ask (a new date's price, 'are you sure?'). */
type ChangeAnswer = Extract<ManageForm, { action: 'change-accept' | 'change-refuse' }>;

function changeOf(form: Exclude<ManageForm, { action: 'accept-quote' } | ChangeAnswer>): MoveChange | null {
  switch (form.action) {
    case 'date-confirm':
      return { action: 'change_date', date: form.moveDate };
    case 'access':
      return accessChange(form);
    case 'book-confirm':
      return { action: 'request_booking' };
    case 'cancel-confirm':
      return { action: 'cancel' };
    case 'review':
      return { action: 'review', rating: Number(form.rating), text: form.reviewText };
    case 'date':
    case 'book':
    case 'cancel':
      return null;
  }
}

type Asking = Extract<ManageForm, { action: 'date' | 'book' | 'cancel' }>;

/** A booking request is sent at once while the estimate holds; after that, the page first shows the price worked out again. */
async function ask(c: PageContext, opened: OpenedQuote, form: Asking, values: URLSearchParams): Promise<Response> {
  const { quote } = opened;
  const today = londonToday(requestNow(c));
  const facts = moveFacts(quote);
  const refused = (status: number, said: Pick<QuotePageState, 'errors' | 'general'>) => quotePage(c, opened, status, { ...said, values });
  if (form.action === 'book') {
    const refusal = moveRefusal('request_booking', facts, today);
    if (refusal) return refused(409, { general: refusal });
    if (quote.pricedAt && !estimateHolds(quote.pricedAt, today)) {
      return quotePage(c, opened, 200, { repriced: { total: priceFor(quote, quote.moveDate)?.total ?? null } });
    }
    return change(c, opened, { action: 'request_booking' }, values);
  }
  if (form.action === 'cancel') {
    const refusal = moveRefusal('cancel', facts, today);
    return refusal ? refused(409, { general: refusal }) : quotePage(c, opened, 200, { cancelAsk: true });
  }
  const refusal = moveRefusal('change_date', facts, today);
  if (refusal) return refused(409, { general: refusal });
  const problem = newDateRefusal(quote.moveDate, form.moveDate, today);
  if (problem) return refused(422, { errors: { moveDate: problem } });
  // A full day is refused before its price is shown, as it would be on confirming (applyChange).
  if (await dayIsFull(c.env.DB, form.moveDate, quote.reference)) return refused(422, { errors: { moveDate: FULL_DAY_MESSAGE } });
  return quotePage(c, opened, 200, { preview: { date: form.moveDate, total: priceFor(quote, form.moveDate)?.total ?? null } });
}

const backToPage = (quote: StoredQuote, token: string | null, done: string) => seeOther(quotePageHref(quote.reference, token, { done }));

async function manage(c: PageContext, form: ManageForm, values: URLSearchParams): Promise<Response> {
  const opened = await openQuote(c, values.get('ref'), values.get('t') || null);
  if (!opened) return moveNotOpened(c);
  if (form.action === 'accept-quote') return acceptQuote(c, opened, form, values);
  if (form.action === 'change-accept' || form.action === 'change-refuse') return answerChange(c, opened, form, values);
  const wanted = changeOf(form);
  return wanted ? change(c, opened, wanted, values) : ask(c, opened, form as Asking, values);
}

/** Invalid fields: the move's page with each message by its field (any other at the top), every value as typed. */
async function managePage(c: PageContext, refusal: Refusal, values: URLSearchParams): Promise<Response> {
  const errors = refusal.error.fields;
  if (!errors) return movePageRefusal({ keepValues: true })(c, refusal, values);
  const opened = await openQuote(c, values.get('ref'), values.get('t') || null);
  if (!opened) return moveNotOpened(c);
  const onFields = Object.fromEntries(Object.entries(errors).filter(([field]) => FIELDS.has(field)));
  const general = Object.entries(errors).find(([field]) => !FIELDS.has(field))?.[1];
  return quotePage(c, opened, refusal.status, { errors: onFields, ...(general ? { general } : {}), values });
}

export const manageQuote = formRoute(
  {
    maxBytes: MAX_MANAGE_BODY,
    origin: fromOwnNoReferrerPage,
    limit: perClient('QUOTE_LIMITER', 'manage'),
    schema: manageSchema,
    page: managePage,
    // A bot that filled the hidden field changes nothing and is shown the page as it is.
    decoy: async (c: PageContext, _body, typed) => {
      const opened = await openQuote(c, typed.get('ref'), typed.get('t') || null);
      return opened ? quotePage(c, opened, 200) : moveNotOpened(c);
    },
  },
  manage,
);

/**
 * "Accept this quote" (issue 34): accepted (or already), then Stripe Checkout for the deposit it states; the booking is
 * confirmed by the payment's webhook, never here. Refused (replaced, past its day), the page says why. Nothing to pay
 * (no deposit, or paid already): back to the page. A move is booked only with both full addresses (issue 40 item 1): the
 * step asks for what is missing, and what it is given is stored first.
 */
async function acceptQuote(
  c: PageContext,
  opened: OpenedQuote,
  form: Extract<ManageForm, { action: 'accept-quote' }>,
  values: URLSearchParams,
): Promise<Response> {
  const now = requestNow(c);
  const addresses = mergedAddresses(opened.quote.addresses, postedAddresses(fieldsOf(form)));
  const missing = missingAddress(addresses);
  if (Object.keys(missing).length > 0) return quotePage(c, opened, 422, { errors: missing, values });
  const saved = await saveAddresses(c.env.DB, opened.quote, addresses, 'customer', now);
  if (!saved.ok)
    return quotePage(c, (await openQuote(c, opened.quote.reference, opened.token)) ?? opened, 409, { general: CHANGED_MEANWHILE, values });
  opened = { ...opened, quote: saved.quote };
  const accepted = await acceptWrittenQuote(c.env, opened.quote, Number(form.version), now);
  if (!accepted.ok) return quotePage(c, opened, 409, { general: accepted.message, values });
  const owed = await moneyOwed(c.env.DB, opened.quote);
  const deposit = owed.due.deposit;
  // Nothing to pay, or a deposit payment not yet settled: the page says which.
  if (!deposit || owed.pending.deposit) return backToPage(opened.quote, opened.token, 'quote_accepted');
  return checkoutAnswer(c, opened, await checkoutFor(c.env, opened, 'deposit', deposit, new URL(c.req.url).origin, now));
}

/** `values`: the post, shown again as typed if the change is refused. */
async function change(c: PageContext, opened: OpenedQuote, wanted: MoveChange, values: URLSearchParams): Promise<Response> {
  const applied = await applyChange(c.env, opened.quote, wanted, requestNow(c));
  if (!applied.ok) {
    const again = await openQuote(c, opened.quote.reference, opened.token);
    const said = applied.field ? { errors: { [applied.field]: applied.message } } : { general: applied.message };
    return quotePage(c, again ?? opened, applied.field ? 422 : 409, { ...said, values });
  }
  return backToPage(applied.quote, opened.token, doneKey(applied.event));
}

/**
 * The customer answers the crew's proposed extras from their own page (issue 44 item 6): signed with their typed name
 * and a tick, or refused, through the same writer as the crew's phone. An answer already given is refused (409).
 */
async function answerChange(c: PageContext, opened: OpenedQuote, form: ChangeAnswer, values: URLSearchParams): Promise<Response> {
  const now = requestNow(c);
  const by = { decidedBy: 'move-page', actor: CUSTOMER_ACTOR } as const;
  const id = Number(form.change);
  const outcome =
    form.action === 'change-accept'
      ? await acceptChange(c.env, opened.quote, id, { name: form.changeName.replace(/\s+/g, ' '), drawn: null }, by, now)
      : await refuseChange(c.env.DB, opened.quote.reference, id, by, now);
  if (outcome.ok) return backToPage(opened.quote, opened.token, form.action === 'change-accept' ? 'change_accepted' : 'change_refused');
  const general = outcome.reason === 'changed' ? CHANGE_MESSAGES.changed : CHANGE_MESSAGES.decided;
  return quotePage(c, (await openQuote(c, opened.quote.reference, opened.token)) ?? opened, 409, { general, values });
}
