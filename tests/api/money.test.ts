/**
 * Money never taken twice or kept wrongly (issue 39), over real HTTP: the Worker, the Stripe stand-in (its hosted page,
 * its signed events, its dashboard), D1, the mail catcher and the office. Every wait is for the row, event or e-mail the
 * test asserts, by its key. Amounts worked by hand: a £495.00 written quote, a £123.75 deposit (25 %), so a £371.25
 * balance; or a £300.00 deposit, where cancelling under 24 hours keeps 50 % of £495.00 = £247.50 and £52.50 goes back,
 * and from 24 to 48 hours keeps 25 % = £123.75 and £176.25 goes back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, londonInstant } from '~/lib/dates';
import { WRITTEN_QUOTE_MESSAGES } from '~/lib/office/written-quote';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { PAY_PATH, PAYMENT_WORDS, STRIPE_WEBHOOK_PATH } from '~/lib/payments';
import { STAND_IN_WEBHOOK_SECRET, stripeSignature } from '../../stand-ins/stripe/server.mjs';
import { openDay } from '../shared/dates';
import { pageText } from '../shared/page-text';
import { promiseProblems } from '../shared/promise-rules';
import { acceptWrittenQuote, formPost } from '../shared/office-posts';
import { apiBase, query, runCron, secondsFromNow, unique } from './helpers';
import { readPage } from './html';
import { officeGet, ownerCookie, ownerSignedIn } from './office';
import {
  checkoutAt,
  emailWithKey,
  FORM,
  makeQuote,
  manageMove,
  openTasks,
  paidAndBooked,
  paymentRows,
  pressPay,
  quoteStatus,
  refundRows,
  rowsWhen,
  sendQuote,
  sentEvents,
  stripeApi,
  stripeRefunds,
  stripeUrl,
  takenEvents,
  type Made,
} from './card-payments';

// A cron run a day ahead ends the owner's office session: the next test signs in again.
beforeEach(ownerSignedIn);

const DEPOSIT = 12_375;
const BALANCE = 37_125;

const movePage = async (quote: Made, extra = '') => {
  const response = await fetch(`${apiBase()}/quote-confirmation?ref=${quote.reference}&t=${quote.token}${extra}`);
  expect(response.status).toBe(200);
  return readPage(await response.text());
};

const payPost = (quote: Made, purpose: string) =>
  fetch(`${apiBase()}${PAY_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
    body: new URLSearchParams({ ref: quote.reference, t: quote.token, purpose }).toString(),
  });

const acceptPost = (quote: Made) =>
  fetch(`${apiBase()}/quote-confirmation`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
    body: new URLSearchParams({ ref: quote.reference, t: quote.token, action: 'accept-quote', version: '1' }).toString(),
  });

const location = (response: Response) => new URL(response.headers.get('location')!, apiBase());

/** A session for the move made straight at Stripe, as an older deployment or another device's old link would have made it. */
const straySession = (quote: Made, purpose: string, pence: number) =>
  stripeApi<{ id: string }>('/v1/checkout/sessions', {
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'gbp',
    'line_items[0][price_data][unit_amount]': String(pence),
    'line_items[0][price_data][product_data][name]': `${purpose} for ${quote.reference}`,
    customer_email: quote.email,
    'metadata[reference]': quote.reference,
    'metadata[purpose]': purpose,
    success_url: `${apiBase()}/quote-confirmation?ref=${quote.reference}&t=${quote.token}&payment={CHECKOUT_SESSION_ID}`,
  });

describe('one open payment per purpose', () => {
  it('sends three deposit posts and two balance tabs to one session each, and takes each once', async () => {
    // A Wednesday some 40 days ahead: the balance is owed once the deposit is paid.
    const quote = await makeQuote(undefined, { moveDate: openDay(40, 3) });
    await sendQuote(quote);
    // Accepted in one tab, accepted again in a second, and "Pay the deposit" posted from a third.
    const first = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    const second = await acceptPost(quote);
    expect(second.status).toBe(303);
    const third = await payPost(quote, 'deposit');
    expect(third.status).toBe(303);
    expect([location(second).pathname, location(third).pathname]).toEqual([first.url.pathname, first.url.pathname]);
    expect(paymentRows(quote.reference).map((row) => [row.purpose, row.amount_pence, row.status])).toEqual([
      ['deposit', DEPOSIT, 'created'],
    ]);

    // Paid in one tab, then Pay pressed on the same page in another: Stripe takes it once and sends the customer back.
    await pressPay(first.sessionId);
    const again = await fetch(`${stripeUrl()}/pay/${first.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    await takenEvents(first.sessionId, 'checkout.session.completed');
    await expect.poll(() => quoteStatus(quote.reference), { timeout: 20_000 }).toBe('booked');
    expect((await takenEvents(first.sessionId, 'checkout.session.completed')).length).toBe(1);

    // Two tabs press "Pay the balance": one session, paid once.
    const tabs = await Promise.all([payPost(quote, 'balance'), payPost(quote, 'balance')]);
    expect(tabs.map((tab) => tab.status)).toEqual([303, 303]);
    expect(location(tabs[0]!).href).toBe(location(tabs[1]!).href);
    const balance = checkoutAt(location(tabs[0]!));
    await pressPay(balance.sessionId);
    expect((await fetch(`${stripeUrl()}/pay/${balance.sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await rowsWhen(
      () => paymentRows(quote.reference),
      (rows) => rows.some((row) => row.purpose === 'balance' && row.status === 'paid'),
    );
    expect(paymentRows(quote.reference).map((row) => [row.purpose, row.amount_pence, row.status])).toEqual([
      ['deposit', DEPOSIT, 'paid'],
      ['balance', BALANCE, 'paid'],
    ]);
    // Nothing left to pay, and no button.
    const page = await movePage(quote);
    expect(page.shown('act:pay-balance')).toBe(false);
    expect((await payPost(quote, 'balance')).status).toBe(409);
    expect(refundRows(quote.reference)).toEqual([]);
  });

  it('refunds in full a second payment for a deposit already paid, tells the customer and gives the office both payments', async () => {
    const quote = await makeQuote();
    const { paymentIntent: kept } = await paidAndBooked(quote, '123.75');
    const stray = await straySession(quote, 'deposit', DEPOSIT);
    await pressPay(stray.id);
    const rows = await rowsWhen(
      () => paymentRows(quote.reference),
      (found) => found.length === 2 && found[1]!.status === 'refunded',
    );
    const duplicate = rows[1]!;
    expect(rows.map((row) => [row.amount_pence, row.status, row.refunded_pence])).toEqual([
      [DEPOSIT, 'paid', 0],
      [DEPOSIT, 'refunded', DEPOSIT],
    ]);
    // The refund at Stripe, in D1 and in the e-mail: £123.75 each.
    const [refund] = refundRows(quote.reference);
    expect(refund).toMatchObject({ payment_id: duplicate.id, amount_pence: DEPOSIT, status: 'succeeded', source: 'site' });
    expect((await stripeRefunds(duplicate.payment_intent!)).map((r) => [r.id, r.amount])).toEqual([[refund!.stripe_refund_id, DEPOSIT]]);
    expect(await stripeRefunds(kept)).toEqual([]);
    const email = await emailWithKey(`move:${quote.reference}:payment:${duplicate.id}:not-owed`);
    expect(email.subject).toBe(`Your Shiftly refund: £123.75 for move ${quote.reference}`);
    expect(email.text).toContain('Ada, we have refunded the £123.75 you paid to your card.');
    expect(email.text).toContain('We did not need this payment: the deposit had been paid already.');
    expect(email.text).toContain(`Refund reference: ${refund!.stripe_refund_id}`);
    expect([...promiseProblems(email.text), ...promiseProblems(pageText(email.html))]).toEqual([]);
    // No receipt for money not kept; one for the deposit kept.
    expect(query('SELECT idempotency_key FROM email_outbox WHERE idempotency_key LIKE ?', `%:payment:${duplicate.id}:receipt`)).toEqual([]);
    const [task] = openTasks(quote.reference, 'payment_not_owed');
    expect(task!.detail).toContain(`Deposit of £123.75 (${duplicate.payment_intent}`);
    expect(task!.detail).toContain(`The payment before it: Deposit of £123.75 (${kept}`);
    expect(task!.detail).toContain('£123.75 goes back to the card automatically.');
    // Still booked once.
    expect(quoteStatus(quote.reference)).toBe('booked');
    expect(query('SELECT id FROM quote_events WHERE reference = ? AND event LIKE \'%"confirmed"%\'', quote.reference)).toHaveLength(1);
  });
});

describe('money paid for a cancelled move', () => {
  it('closes the open Checkout on cancelling, and refunds in full at once a payment made meanwhile', async () => {
    // Paid on Stripe's page, its news held back (+webhookheld), then the move cancelled before it arrived.
    const quote = await makeQuote('webhookheld');
    await sendQuote(quote);
    const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    await pressPay(sessionId);
    expect((await manageMove(quote, 'cancel-confirm')).status).toBe(303);
    expect(quoteStatus(quote.reference)).toBe('cancelled');
    // At once: the cancellation found it paid at Stripe and sent it back.
    const [payment] = paymentRows(quote.reference);
    expect(payment).toMatchObject({ amount_pence: DEPOSIT, status: 'refunded', refunded_pence: DEPOSIT });
    expect((await stripeRefunds(payment!.payment_intent!)).map((r) => r.amount)).toEqual([DEPOSIT]);
    const email = await emailWithKey(`move:${quote.reference}:payment:${payment!.id}:not-owed`);
    expect(email.text).toContain('We did not need this payment: the move had been cancelled when it arrived.');
    expect(openTasks(quote.reference, 'payment_not_owed')).toHaveLength(1);
    // The held event, delivered late, changes nothing.
    await fetch(`${stripeUrl()}/events/${sessionId}/release`, { method: 'POST' });
    await takenEvents(sessionId, 'checkout.session.completed');
    expect(refundRows(quote.reference)).toHaveLength(1);
    expect(quoteStatus(quote.reference)).toBe('cancelled');

    // A second session, opened for it and never paid, was expired at Stripe by the cancellation.
    const other = await makeQuote();
    await sendQuote(other);
    const open = checkoutAt(await acceptWrittenQuote(apiBase(), other));
    expect((await manageMove(other, 'cancel-confirm')).status).toBe(303);
    expect(paymentRows(other.reference).map((row) => row.status)).toEqual(['expired']);
    expect((await stripeApi<{ status: string }>(`/v1/checkout/sessions/${open.sessionId}`)).status).toBe('expired');
    expect(await (await fetch(`${stripeUrl()}/pay/${open.sessionId}/pay`, { method: 'POST', redirect: 'manual' })).text()).toContain(
      'This payment is expired.',
    );
    // Paid after cancelling through any other session: refunded in full.
    const late = await straySession(other, 'deposit', DEPOSIT);
    await pressPay(late.id);
    const rows = await rowsWhen(
      () => paymentRows(other.reference),
      (found) => found.some((row) => row.status === 'refunded'),
    );
    expect(rows.map((row) => [row.status, row.refunded_pence])).toEqual([
      ['expired', 0],
      ['refunded', DEPOSIT],
    ]);
  });
});

describe('a lost webhook', () => {
  it('books the move when the customer comes back, and never offers Pay for a payment in flight', async () => {
    const quote = await makeQuote('webhooklost');
    await sendQuote(quote);
    const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    const back = await pressPay(sessionId);
    // Its event was sent, and never reached the Worker.
    expect((await sentEvents(sessionId)).map((e) => [e.event.type, e.delivered])).toEqual([['checkout.session.completed', false]]);
    expect(quoteStatus(quote.reference)).toBe('quoted');
    // The return page asks Stripe: paid, so booked now.
    const page = await movePage(quote, `&payment=${back.searchParams.get('payment')}`);
    expect(page.filled('payment:notice')).toBe(`${PAYMENT_WORDS.received('deposit', DEPOSIT)}. Thank you!`);
    expect(page.shown('act:pay-deposit')).toBe(false);
    expect(quoteStatus(quote.reference)).toBe('booked');
    const [payment] = paymentRows(quote.reference);
    expect(payment).toMatchObject({ status: 'paid', amount_pence: DEPOSIT });
    await emailWithKey(`move:${quote.reference}:payment:${payment!.id}:receipt`);
  });

  it('books it by the cron within 15 minutes when the customer never comes back', async () => {
    const quote = await makeQuote('webhooklost');
    await sendQuote(quote);
    const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    await pressPay(sessionId);
    expect(quoteStatus(quote.reference)).toBe('quoted');
    // The cron runs every 5 minutes: the first run at least 10 minutes after the session opened (at most 15 after the
    // payment) books it.
    await runCron(secondsFromNow(10 * 60 + 5));
    expect(quoteStatus(quote.reference)).toBe('booked');
    expect(paymentRows(quote.reference).map((row) => [row.status, row.fulfilled_at !== null])).toEqual([['paid', true]]);
    // Opened from its e-mail afterwards: booked, no Pay for the deposit.
    expect((await movePage(quote)).shown('act:pay-deposit')).toBe(false);
  });

  it('asks Stripe from the move page while a session is open, so a payment whose news was lost shows as paid', async () => {
    const quote = await makeQuote('webhooklost');
    await sendQuote(quote);
    const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    await pressPay(sessionId);
    const page = await movePage(quote);
    expect(page.shown('act:pay-deposit')).toBe(false);
    expect(page.filled('status')).toBe('Booked');
    expect(page.filled('top:Paid')).toBe('£123.75');
  });
});

describe('a payment that does not match', () => {
  for (const [tag, said] of [
    ['pennyshort', '123.74 GBP'],
    ['euros', '123.75 EUR'],
  ] as const) {
    it(`is never taken as paid (${tag}): an urgent task, an alert to the business, and it stays on the lead's page`, async () => {
      const quote = await makeQuote(tag);
      await sendQuote(quote);
      const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
      await pressPay(sessionId);
      const [payment] = await rowsWhen(
        () => paymentRows(quote.reference),
        (rows) => rows[0]?.status === 'mismatch',
      );
      expect(quoteStatus(quote.reference)).toBe('quoted');
      const [task] = openTasks(quote.reference, 'payment_mismatch');
      expect(task!.detail).toBe(
        `£123.75 asked for the deposit; Stripe took ${said} (${payment!.payment_intent}): NOT counted as paid. Check it in Stripe, then refund it or ask for the difference.`,
      );
      const alert = await emailWithKey(`alert:${quote.reference}:payment:${payment!.id}:mismatch`);
      expect(alert.subject).toBe(`URGENT ${quote.reference}: a card payment did not match what was asked`);
      expect([alert.to].flat()).not.toContain(quote.email);
      const lead = await officeGet(leadPath(quote.reference));
      const html = await lead.text();
      expect(html).toContain(`data-task="payment_mismatch" data-reference="${quote.reference}"`);
      expect(readPage(html).filled('payment:deposit:received').trim()).toBe(`Stripe took ${said}`);
      const page = await movePage(quote, `&payment=${sessionId}`);
      expect(page.filled('payment:notice')).toBe(PAYMENT_WORDS.mismatch);
      // No Pay button and no second session meanwhile: the office decides, and the page says so.
      const later = await movePage(quote);
      expect(later.filled('payment:pending')).toBe(PAYMENT_WORDS.mismatch);
      expect(later.shown('act:pay-deposit')).toBe(false);
      expect((await payPost(quote, 'deposit')).status).toBe(409);
      expect(paymentRows(quote.reference)).toHaveLength(1);
      // No receipt.
      expect(
        query('SELECT id FROM email_outbox WHERE idempotency_key = ?', `move:${quote.reference}:payment:${payment!.id}:receipt`),
      ).toEqual([]);
    });
  }
});

describe('a refund Stripe refuses', () => {
  /** Booked with £300.00 paid and cancelled now, more than 48 hours ahead: nothing to pay, so all £300.00 goes back. */
  async function cancelledInGoodTime(quote: Made): Promise<void> {
    await paidAndBooked(quote, '300.00');
    expect((await manageMove(quote, 'cancel-confirm')).status).toBe(303);
  }

  it('refused twice then made, the customer told it is on its way, then that it has gone through', async () => {
    const quote = await makeQuote('refundfailtimes2', { moveDate: openDay(10) });
    await cancelledInGoodTime(quote);
    const [refund] = refundRows(quote.reference);
    expect(refund).toMatchObject({ amount_pence: 30_000, status: 'failed', attempts: 1, stripe_refund_id: null });
    const onItsWay = await emailWithKey(`move:${quote.reference}:refund:${refund!.id}`);
    expect(onItsWay.text).toContain('Ada, your refund of £300.00 is on its way to your card.');
    expect(onItsWay.text).toContain('Refund on its way: £300.00');
    expect(promiseProblems(onItsWay.text)).toEqual([]);
    // Not "nothing to pay" with no word of the money: the page says it is coming back.
    expect((await movePage(quote)).filled('payment:paid')).toContain('; £300.00 refund on its way to your card');
    expect(openTasks(quote.reference, 'refund_failed')).toEqual([]);

    await runCron(secondsFromNow(6 * 60));
    expect(refundRows(quote.reference)[0]).toMatchObject({ status: 'failed', attempts: 2 });
    await runCron(secondsFromNow(21 * 60 + 30));
    const [made] = refundRows(quote.reference);
    expect(made).toMatchObject({ amount_pence: 30_000, status: 'succeeded', attempts: 3 });
    const [payment] = paymentRows(quote.reference);
    expect(payment).toMatchObject({ status: 'refunded', refunded_pence: 30_000 });
    expect((await stripeRefunds(payment!.payment_intent!)).map((r) => [r.id, r.amount, r.metadata.refund_id])).toEqual([
      [made!.stripe_refund_id, 30_000, String(made!.id)],
    ]);
    const arrived = await emailWithKey(`move:${quote.reference}:refund:${made!.id}:arrived`);
    expect(arrived.text).toContain('Ada, your refund of £300.00 has gone through to your card.');
    expect(arrived.text).toContain(`Refund reference: ${made!.stripe_refund_id}`);
    expect((await movePage(quote)).filled('payment:paid')).toContain('; £300.00 refunded to your card');
  });

  it('refused at every try for a day, becomes the office’s urgent task and the customer hears the office will make it', async () => {
    const quote = await makeQuote('refundfail', { moveDate: openDay(10) });
    await cancelledInGoodTime(quote);
    // The retries come 5, 20, 65, 185, 545 and 1,265 minutes after the first try.
    for (const minutes of [6, 21, 66, 186, 546, 1_266]) await runCron(secondsFromNow(minutes * 60 + 30));
    const [refund] = refundRows(quote.reference);
    expect(refund).toMatchObject({ status: 'failed', attempts: 7, stripe_refund_id: null });
    const [task] = openTasks(quote.reference, 'refund_failed');
    expect(task!.detail).toMatch(
      /^Deposit: £300\.00 to refund by hand on card payment pi_test_\w+: Stripe refused it 7 times over 21 hours\./,
    );
    const byHand = await emailWithKey(`move:${quote.reference}:refund:${refund!.id}:by-hand`);
    expect(byHand.text).toContain('Ada, our office is making your refund of £300.00 by hand.');
    expect(promiseProblems(byHand.text)).toEqual([]);
    await ownerSignedIn();
    const lead = await officeGet(leadPath(quote.reference));
    const html = await lead.text();
    expect(html).toMatch(new RegExp(`data-task="refund_failed" data-reference="${quote.reference}"[^>]*data-urgent`));
  });
});

describe('notice by the clock', () => {
  it('cancels free a move 56 hours ahead of its 8 am start at 00:01 as at 23:59 the evening before', async () => {
    for (const at of ['23:59', '00:01'] as const) {
      const quote = await makeQuote();
      await paidAndBooked(quote, '300.00');
      // 8 am on the move day less 56 hours is midnight two days before.
      const day = addDays(quote.moveDate, at === '23:59' ? -3 : -2);
      const now = londonInstant(day, at).toISOString();
      const asked = await manageMove(quote, 'cancel', now);
      expect(readPage(await asked.text()).filled('cancel-cost')).toBe(
        'Cancelling now costs £0.00: we refund £300.00 of the £300.00 you paid to your card.',
      );
      expect((await manageMove(quote, 'cancel-confirm', now)).status).toBe(303);
      expect(refundRows(quote.reference).map((r) => [r.amount_pence, r.status])).toEqual([[30_000, 'succeeded']]);
    }
  });

  it('says after a late cancellation what was kept and what is coming back', async () => {
    const quote = await makeQuote();
    await paidAndBooked(quote, '300.00');
    const now = londonInstant(addDays(quote.moveDate, -1), '12:00').toISOString();
    const done = await manageMove(quote, 'cancel-confirm', now);
    expect(done.status).toBe(303);
    const page = await movePage(quote, `&done=${location(done).searchParams.get('done')}`);
    expect(page.filled('done').trim()).toBe(
      'Your move is cancelled, and we have e-mailed you to confirm. It was less than 48 hours before your arrival time, so we keep £247.50 of the £300.00 you paid under our cancellation terms, and £52.50 is coming back to your card.',
    );
  });
});

describe("Stripe's other events", () => {
  /** The deposit paid by bank (+asyncpay): Stripe has it, the bank has not yet said. */
  async function paidByBank(): Promise<{ quote: Made; sessionId: string }> {
    const quote = await makeQuote('asyncpay');
    await sendQuote(quote);
    const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    await pressPay(sessionId);
    await rowsWhen(
      () => paymentRows(quote.reference),
      (rows) => rows[0]?.status === 'processing',
    );
    return { quote, sessionId };
  }

  /** The bank's answer, as Stripe's dashboard would show it settle. */
  const settle = (sessionId: string, outcome: 'succeeded' | 'failed') =>
    fetch(`${stripeUrl()}/sessions/${sessionId}/settle`, { method: 'POST', headers: { 'Content-Type': FORM }, body: `outcome=${outcome}` });

  it('holds Pay while a bank payment is waiting for the bank, then books on its success', async () => {
    const { quote, sessionId } = await paidByBank();
    const waiting = await movePage(quote, `&payment=${sessionId}`);
    expect(waiting.filled('payment:notice')).toBe(PAYMENT_WORDS.waiting);
    expect(waiting.filled('payment:pending')).toBe(PAYMENT_WORDS.pending('deposit', DEPOSIT));
    expect(waiting.shown('act:pay-deposit')).toBe(false);
    expect((await payPost(quote, 'deposit')).status).toBe(409);

    await settle(sessionId, 'succeeded');
    await takenEvents(sessionId, 'checkout.session.async_payment_succeeded');
    expect(quoteStatus(quote.reference)).toBe('booked');
    expect(paymentRows(quote.reference).map((row) => row.status)).toEqual(['paid']);
  });

  it('lets the deposit be paid again after the bank refuses it, and tells the customer', async () => {
    const { quote, sessionId } = await paidByBank();
    await settle(sessionId, 'failed');
    await takenEvents(sessionId, 'checkout.session.async_payment_failed');
    const [payment] = paymentRows(quote.reference);
    expect(payment!.status).toBe('payment_failed');
    const email = await emailWithKey(`move:${quote.reference}:payment:${payment!.id}:refused`);
    expect(email.text).toContain('Nothing was taken. You can pay the deposit of £123.75 on your move page whenever you are ready.');
    expect((await movePage(quote)).shown('act:pay-deposit')).toBe(true);
    const again = await payPost(quote, 'deposit');
    expect(again.status).toBe(303);
    expect(checkoutAt(location(again)).sessionId).not.toBe(sessionId);
  });

  it('frees a purpose whose Checkout ran out of time, and tells the customer it is still to pay', async () => {
    const quote = await makeQuote();
    await sendQuote(quote);
    const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    expect((await fetch(`${stripeUrl()}/sessions/${sessionId}/lapse`, { method: 'POST' })).status).toBe(200);
    await takenEvents(sessionId, 'checkout.session.expired');
    const [payment] = paymentRows(quote.reference);
    expect(payment!.status).toBe('expired');
    const email = await emailWithKey(`move:${quote.reference}:payment:${payment!.id}:expired`);
    expect(email.subject).toBe(`Your deposit of £123.75 is still to pay for move ${quote.reference}`);
    const again = await payPost(quote, 'deposit');
    expect(checkoutAt(location(again)).sessionId).not.toBe(sessionId);
  });

  it("records a refund made in Stripe's dashboard: the ledger, the customer and the office", async () => {
    const quote = await makeQuote();
    const { paymentIntent } = await paidAndBooked(quote, '123.75');
    await fetch(`${stripeUrl()}/dashboard/refunds`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: new URLSearchParams({ payment_intent: paymentIntent, amount: '2000' }).toString(),
    });
    const [refund] = await rowsWhen(
      () => refundRows(quote.reference),
      (rows) => rows.length === 1,
    );
    const [atStripe] = await stripeRefunds(paymentIntent);
    expect(refund).toMatchObject({ amount_pence: 2_000, status: 'succeeded', source: 'stripe', stripe_refund_id: atStripe!.id });
    expect(paymentRows(quote.reference)[0]).toMatchObject({ status: 'partially_refunded', refunded_pence: 2_000 });
    const email = await emailWithKey(`move:${quote.reference}:refund:${atStripe!.id}:outside`);
    expect(email.text).toContain('Ada, we have refunded £20.00 to your card.');
    expect(openTasks(quote.reference, 'refund_outside')[0]!.detail).toBe(
      `£20.00 of the deposit (${paymentIntent}) refunded in Stripe's dashboard (${atStripe!.id}): recorded.`,
    );
    const lead = readPage(await (await officeGet(leadPath(quote.reference))).text());
    expect(lead.filled('refund:deposit:1').replace(/\s+/g, ' ').trim()).toBe("Refund £20.00: Refunded in Stripe's dashboard");
    // The same event again records nothing twice.
    const [event] = await takenEvents(paymentIntent, 'charge.refunded');
    const replay = await fetch(`${apiBase()}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(event!.payload, STAND_IN_WEBHOOK_SECRET) },
      body: event!.payload,
    });
    expect(replay.status).toBe(200);
    expect(refundRows(quote.reference)).toHaveLength(1);
  });

  it('makes a dispute an urgent task with an alert to the business', async () => {
    const quote = await makeQuote();
    const { paymentIntent } = await paidAndBooked(quote, '123.75');
    await fetch(`${stripeUrl()}/dashboard/disputes`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: new URLSearchParams({ payment_intent: paymentIntent }).toString(),
    });
    const [task] = await rowsWhen(
      () => openTasks(quote.reference, 'payment_disputed'),
      (rows) => rows.length === 1,
    );
    expect(task!.detail).toMatch(
      new RegExp(
        `^£123\\.75 of the deposit \\(${paymentIntent}\\) disputed by the card holder \\(dp_test_\\w+, reason: fraudulent\\)\\. Answer it in Stripe by `,
      ),
    );
    const [event] = await takenEvents(paymentIntent, 'charge.dispute.created');
    const alert = await emailWithKey(`alert:${quote.reference}:dispute:${event!.event.data.object.id}`);
    expect(alert.subject).toBe(`URGENT ${quote.reference}: a card payment is disputed`);
  });
});

describe('what the webhook refuses', () => {
  const post = (payload: string, signature = stripeSignature(payload, STAND_IN_WEBHOOK_SECRET)) =>
    fetch(`${apiBase()}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
  const event = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: `evt_test_${unique('e').replace(/\W/g, '')}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'cus_1', object: 'customer' } },
      ...over,
    });
  const code = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

  it('answers 400 to signed junk, to events dated ahead and to live events on test keys; 200 to types it does not use', async () => {
    for (const junk of ['[]', 'null', '{}', '{"id":"evt_1","type":"x"}', event({ data: null })]) {
      const response = await post(junk);
      expect(response.status).toBe(400);
      expect(await code(response)).toBe('malformed_event');
    }
    const ahead = Math.floor(Date.now() / 1000) + 600;
    const future = await post(event({ created: ahead }));
    expect([future.status, await code(future)]).toEqual([400, 'event_in_future']);
    const payload = event();
    const signedAhead = await post(payload, stripeSignature(payload, STAND_IN_WEBHOOK_SECRET, ahead));
    expect([signedAhead.status, await code(signedAhead)]).toEqual([400, 'event_in_future']);
    const live = await post(event({ livemode: true }));
    expect([live.status, await code(live)]).toEqual([400, 'wrong_mode']);
    const unknown = event();
    expect((await post(unknown)).status).toBe(200);
    expect(query('SELECT type FROM stripe_events WHERE id = ?', JSON.parse(unknown).id)).toEqual([{ type: 'customer.created' }]);
  });
});

describe("the office's written quote asks nothing a card cannot pay", () => {
  const send = (reference: string, amount: string, deposit: string) =>
    formPost(
      apiBase(),
      OFFICE_PATHS.writtenQuote,
      // validUntil empty: the usual last day, never after the move date (issue 41 item 1).
      { ref: reference, label: 'Removal', amount, deposit, validUntil: '', included: '', action: 'send' },
      ownerCookie(),
    );

  it('refuses a deposit of £0 or 29p, a total of 29p, and a rest under 30p, each with its reason at its field', async () => {
    const quote = await makeQuote();
    for (const [amount, deposit, field, message] of [
      ['495.00', '0', 'deposit', WRITTEN_QUOTE_MESSAGES.depositSmall],
      ['495.00', '0.29', 'deposit', WRITTEN_QUOTE_MESSAGES.depositSmall],
      ['0.29', '', 'lines', WRITTEN_QUOTE_MESSAGES.total],
      ['1.00', '0.75', 'deposit', WRITTEN_QUOTE_MESSAGES.depositRest(25)],
    ] as const) {
      const refused = await send(quote.reference, amount, deposit);
      expect(refused.status).toBe(400);
      expect(
        readPage(await refused.text())
          .filled(`error:${field}`)
          .trim(),
      ).toBe(message);
    }
    expect(query('SELECT version FROM written_quotes WHERE reference = ?', quote.reference)).toEqual([]);
    // £1.00 with the usual deposit left empty: 30p, the least a card takes, and the customer can pay it.
    expect((await send(quote.reference, '1.00', '')).status).toBe(303);
    expect(query('SELECT total_pence, deposit_pence FROM written_quotes WHERE reference = ?', quote.reference)).toEqual([
      { total_pence: 100, deposit_pence: 30 },
    ]);
    const checkout = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    expect((await stripeApi<{ amount_total: number }>(`/v1/checkout/sessions/${checkout.sessionId}`)).amount_total).toBe(30);
  });
});
