/**
 * A move paid by card, over real HTTP (issue 34), for the payments and refunds tests: a quote, the office's written
 * quote, the customer accepting it and paying on the Stripe stand-in's hosted page, and the events it sends back.
 */
import { expect } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { acceptWrittenQuote, sendWrittenQuote } from '../shared/office-posts';
import { apiBase, call, type CapturedEmail, query, stripeUrl, unique, validQuote, waitForEmail } from './helpers';
import { ownerCookie } from './office';

export const FORM = 'application/x-www-form-urlencoded';

export { stripeUrl };

export interface Made {
  reference: string;
  token: string;
  email: string;
  moveDate: string;
}

/** A tag in the customer's address asks the Stripe stand-in for one behaviour, for this quote's payments only. */
export async function makeQuote(tag?: string, overrides: { moveDate?: string; name?: string } = {}): Promise<Made> {
  const email = `${unique('pay')}${tag ? `+${tag}` : ''}@example.com`;
  const sent = validQuote({ email, ...overrides });
  const response = await call(API_PATHS.quote, sent);
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const url = new URL(answer.confirmationUrl, apiBase());
  return { reference: answer.reference, token: url.searchParams.get('t')!, email, moveDate: sent.moveDate };
}

/** The office sends a £495.00 written quote with `deposit` (pounds), as its form posts it. */
export const sendQuote = (quote: Made, deposit = '123.75') =>
  sendWrittenQuote({ base: apiBase(), session: ownerCookie() }, quote.reference, { lines: [['Removal', '495.00']], deposit });

/** Stripe's hosted page the customer was sent to: its URL, and the session's id. */
export function checkoutAt(url: URL): { url: URL; sessionId: string } {
  expect(url.origin).toBe(stripeUrl());
  const sessionId = url.pathname.split('/').at(-1)!;
  expect(sessionId).toMatch(/^cs_test_/);
  return { url, sessionId };
}

/** Sent, then accepted by the customer from the move page: the Checkout session for the deposit they were sent to. */
export async function acceptedToCheckout(quote: Made, deposit?: string): Promise<{ url: URL; sessionId: string }> {
  await sendQuote(quote, deposit);
  return checkoutAt(await acceptWrittenQuote(apiBase(), quote));
}

/** The customer presses Pay on the stand-in's page (with the name on the card, if given): answers where the browser is sent back to. */
export async function pressPay(sessionId: string, nameOnCard?: string): Promise<URL> {
  const page = await fetch(`${stripeUrl()}/pay/${sessionId}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('>Pay<');
  const paid = await fetch(`${stripeUrl()}/pay/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    ...(nameOnCard ? { headers: { 'Content-Type': FORM }, body: new URLSearchParams({ name: nameOnCard }).toString() } : {}),
  });
  expect(paid.status).toBe(303);
  return new URL(paid.headers.get('location')!);
}

export interface SentEvent {
  event: {
    id: string;
    type: string;
    data: {
      object: { id: string; amount_total: number; payment_intent: string; customer_details: { email: string; name: string | null } | null };
    };
  };
  payload: string;
  deliveries: Array<{ status: number | string }>;
  delivered: boolean;
  sessionId: string;
}

export const sentEvents = async (sessionId: string): Promise<SentEvent[]> =>
  ((await (await fetch(`${stripeUrl()}/events`)).json()) as { data: SentEvent[] }).data.filter((e) => e.sessionId === sessionId);

/** Waits for the stand-in's event for the session to be taken by the Worker (a 2xx answer). */
export async function deliveredEvent(sessionId: string): Promise<SentEvent> {
  await expect.poll(async () => (await sentEvents(sessionId)).some((e) => e.delivered), { timeout: 20_000, interval: 100 }).toBe(true);
  return (await sentEvents(sessionId)).find((e) => e.delivered)!;
}

export const quoteStatus = (reference: string) =>
  query<{ status: string }>('SELECT status FROM quote_requests WHERE reference = ?', reference)[0]!.status;

/** A booked move with `deposit` (pounds) paid by card: the Stripe payment's id. */
export async function paidAndBooked(
  quote: Made,
  deposit: string,
  nameOnCard?: string,
): Promise<{ sessionId: string; paymentIntent: string }> {
  const { sessionId } = await acceptedToCheckout(quote, deposit);
  await pressPay(sessionId, nameOnCard);
  const paymentIntent = (await deliveredEvent(sessionId)).event.data.object.payment_intent;
  await expect.poll(() => quoteStatus(quote.reference), { timeout: 20_000, interval: 100 }).toBe('booked');
  return { sessionId, paymentIntent };
}

/** The move page's own form post (cancel, cancel-confirm…), as if on `now` (the test environment's clock header). */
export const manageMove = (quote: Made, action: string, now?: string) =>
  fetch(`${apiBase()}/quote-confirmation`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client'), ...(now ? { 'X-Test-Now': now } : {}) },
    body: new URLSearchParams({ ref: quote.reference, t: quote.token, action }).toString(),
  });

/** The e-mail stored under `key`, once the mail catcher holds it: a test waits for its own e-mail, never another's. */
export const emailWithKey = (key: string): Promise<CapturedEmail> => waitForEmail({ key });

/** Waits until `read()` gives rows `ready` accepts (a row the Worker writes after answering, or a webhook's). */
export async function rowsWhen<T>(read: () => T[], ready: (rows: T[]) => boolean, timeout = 20_000): Promise<T[]> {
  await expect.poll(() => ready(read()), { timeout, interval: 100 }).toBe(true);
  return read();
}

/** The stand-in's events of `type` about a session or a payment intent, once the Worker has taken at least one. */
export async function takenEvents(about: string, type: string): Promise<SentEvent[]> {
  const matching = async () =>
    ((await (await fetch(`${stripeUrl()}/events`)).json()) as { data: Array<SentEvent & { paymentIntent: string | null }> }).data.filter(
      (e) => e.event.type === type && (e.sessionId === about || e.paymentIntent === about),
    );
  await expect.poll(async () => (await matching()).some((e) => e.delivered), { timeout: 20_000, interval: 100 }).toBe(true);
  return matching();
}

/** Stripe's API at the stand-in, as the SDK calls it (form-encoded, a test key). */
export async function stripeApi<T>(path: string, form?: Record<string, string>): Promise<T> {
  const response = await fetch(`${stripeUrl()}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: { Authorization: 'Bearer sk_test_api_tests', ...(form ? { 'Content-Type': FORM } : {}) },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return (await response.json()) as T;
}

/** What Stripe holds for a payment intent: its refunds, newest first. */
export const stripeRefunds = (paymentIntent: string) =>
  stripeApi<{ data: Array<{ id: string; amount: number; metadata: Record<string, string> }> }>(
    `/v1/refunds?${new URLSearchParams({ payment_intent: paymentIntent, limit: '100' })}`,
  ).then((list) => list.data);

/** A move's card payments as D1 keeps them. */
export const paymentRows = (reference: string) =>
  query<{
    id: number;
    purpose: string;
    amount_pence: number;
    status: string;
    refunded_pence: number;
    checkout_session_id: string | null;
    payment_intent: string | null;
    fulfilled_at: string | null;
  }>(
    'SELECT id, purpose, amount_pence, status, refunded_pence, checkout_session_id, payment_intent, fulfilled_at FROM payments WHERE reference = ? ORDER BY id',
    reference,
  );

export const refundRows = (reference: string) =>
  query<{
    id: number;
    payment_id: number;
    amount_pence: number;
    status: string;
    stripe_refund_id: string | null;
    attempts: number;
    source: string;
  }>(
    `SELECT r.id, r.payment_id, r.amount_pence, r.status, r.stripe_refund_id, r.attempts, r.source FROM refunds r
     JOIN payments p ON p.id = r.payment_id WHERE p.reference = ? ORDER BY r.id`,
    reference,
  );

export const openTasks = (reference: string, kind: string) =>
  query<{ detail: string }>('SELECT detail FROM office_tasks WHERE record_reference = ? AND kind = ? AND done_at IS NULL', reference, kind);
