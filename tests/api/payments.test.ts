/**
 * Card payments through Stripe Checkout (issue 34 items 1 and 6) over real HTTP: the office sends a written quote, the
 * customer accepts it from the move page and is sent to Checkout for its deposit (or comes back and presses the plain
 * "Pay the deposit"), the Stripe stand-in's hosted page and its signed events to the Worker's webhook, D1, the move
 * page the customer comes back to and the receipt in the mail catcher. Amounts are worked by hand: a £495.00 written
 * quote with a £123.75 deposit (25 %), 12375 pence.
 */
import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate } from '~/lib/dates';
import { PAY_PATH, PAYMENT_WORDS, STRIPE_WEBHOOK_PATH } from '~/lib/payments';
import { STAND_IN_WEBHOOK_SECRET, stripeSignature } from '../../stand-ins/stripe/server.mjs';
import { apiBase, delivered, emailsTo, query, unique } from './helpers';
import { readPage } from './html';
import { openDay } from '../shared/dates';
import { acceptWrittenQuote, postAcceptQuote } from '../shared/office-posts';
import {
  acceptedToCheckout,
  checkoutAt,
  deliveredEvent,
  emailWithKey,
  FORM,
  makeQuote,
  manageMove,
  paidAndBooked,
  pressPay,
  quoteStatus,
  sendQuote,
  sentEvents,
  stripeUrl,
  type Made,
} from './card-payments';

const TOTAL_PENCE = 49_500;
const DEPOSIT_PENCE = 12_375;
const DEPOSIT_SHOWN = '£123.75';
/** £495.00 less the £123.75 deposit. */
const BALANCE_PENCE = 37_125;
const BALANCE_SHOWN = '£371.25';

const movePage = (quote: Made, extra = '') =>
  fetch(`${apiBase()}/quote-confirmation?ref=${quote.reference}&t=${quote.token}${extra}`, { redirect: 'manual' });

const payDeposit = (quote: Made, purpose = 'deposit') =>
  fetch(`${apiBase()}${PAY_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
    body: new URLSearchParams({ ref: quote.reference, t: quote.token, purpose }).toString(),
  });

/** "Pay the deposit" (or the balance) on the move page, then Stripe's hosted page. */
async function toCheckout(quote: Made, purpose = 'deposit'): Promise<{ url: URL; sessionId: string }> {
  const response = await payDeposit(quote, purpose);
  expect(response.status).toBe(303);
  return checkoutAt(new URL(response.headers.get('location')!));
}

const payments = (reference: string) =>
  query<{ purpose: string; amount_pence: number; status: string; checkout_session_id: string | null; payment_intent: string | null }>(
    'SELECT purpose, amount_pence, status, checkout_session_id, payment_intent FROM payments WHERE reference = ? ORDER BY id',
    reference,
  );
const storedEvents = (id: string) => query<{ id: string; type: string }>('SELECT id, type FROM stripe_events WHERE id = ?', id);
const confirmations = (reference: string) =>
  query<{ event: string }>('SELECT event FROM quote_events WHERE reference = ?', reference).filter(
    (row) => JSON.parse(row.event).kind === 'confirmed',
  );

const postWebhook = (payload: string, signature: string) =>
  fetch(`${apiBase()}${STRIPE_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });

async function pageSays(quote: Made, extra = '') {
  const response = await movePage(quote, extra);
  expect(response.status).toBe(200);
  return readPage(await response.text());
}

describe('paying the deposit by card', () => {
  it('offers the deposit of an accepted written quote, takes it on Stripe, and books the move only once the signed event arrives', async () => {
    const quote = await makeQuote();
    // No accepted written quote: nothing to pay, and no button.
    expect((await pageSays(quote)).shown('act:pay-deposit')).toBe(false);
    const refused = await payDeposit(quote);
    expect(refused.status).toBe(409);
    expect(payments(quote.reference)).toEqual([]);

    await sendQuote(quote);
    expect(query('SELECT total_pence, deposit_pence FROM written_quotes WHERE reference = ?', quote.reference)).toEqual([
      { total_pence: TOTAL_PENCE, deposit_pence: DEPOSIT_PENCE },
    ]);
    // Sent, not yet accepted: still nothing to pay.
    expect((await pageSays(quote)).shown('act:pay-deposit')).toBe(false);
    expect((await payDeposit(quote)).status).toBe(409);

    const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
    // Stored before Stripe was asked, and not paid until the event says so.
    expect(payments(quote.reference)).toEqual([
      { purpose: 'deposit', amount_pence: DEPOSIT_PENCE, status: 'created', checkout_session_id: sessionId, payment_intent: null },
    ]);
    const session = (await (
      await fetch(`${stripeUrl()}/v1/checkout/sessions/${sessionId}`, { headers: { Authorization: 'Bearer sk_test_reader' } })
    ).json()) as { amount_total: number; currency: string; client_reference_id: string; metadata: Record<string, string> };
    expect(session).toMatchObject({ amount_total: DEPOSIT_PENCE, currency: 'gbp', client_reference_id: quote.reference });
    expect(session.metadata).toMatchObject({ reference: quote.reference, purpose: 'deposit' });
    expect(quoteStatus(quote.reference)).toBe('quoted');
    // Back from Checkout without paying (or from the e-mail later), the move page offers the deposit by card.
    expect((await pageSays(quote)).shown('act:pay-deposit')).toBe(true);
    expect(await (await movePage(quote)).text()).toContain(`Pay the ${DEPOSIT_SHOWN} deposit by card`);

    const back = await pressPay(sessionId);
    expect(back.searchParams.get('payment')).toBe(sessionId);
    expect(back.searchParams.get('ref')).toBe(quote.reference);
    const sent = await deliveredEvent(sessionId);
    expect(sent.event.type).toBe('checkout.session.completed');
    expect(sent.event.data.object.amount_total).toBe(DEPOSIT_PENCE);

    expect(payments(quote.reference)).toEqual([
      {
        purpose: 'deposit',
        amount_pence: DEPOSIT_PENCE,
        status: 'paid',
        checkout_session_id: sessionId,
        payment_intent: sent.event.data.object.payment_intent,
      },
    ]);
    expect(storedEvents(sent.event.id)).toEqual([{ id: sent.event.id, type: 'checkout.session.completed' }]);
    expect(quoteStatus(quote.reference)).toBe('booked');
    expect(confirmations(quote.reference)).toHaveLength(1);

    const page = await pageSays(quote, `&payment=${sessionId}`);
    // The page's top follows: booked, the deposit paid, the rest left (issue 41 item 1).
    expect(page.filled('status')).toBe('Booked');
    expect(page.filled('top:Paid')).toBe(DEPOSIT_SHOWN);
    expect(page.shown('payment:received')).toBe(true);
    expect(page.filled('payment:notice')).toBe(`Payment received: deposit of ${DEPOSIT_SHOWN} paid. Thank you!`);
    expect(page.shown('act:pay-deposit')).toBe(false);
    // This move is under a week away: its balance is owed at once.
    expect(page.filled('top:Left to pay')).toBe(`${BALANCE_SHOWN}, due now`);

    // The receipt itself, by its key (issue 39 item 9), then no other.
    const paymentId = query<{ id: number }>('SELECT id FROM payments WHERE reference = ?', quote.reference)[0]!.id;
    const receipt = await emailWithKey(`move:${quote.reference}:payment:${paymentId}:receipt`);
    expect(receipt.subject).toContain(`deposit ${DEPOSIT_SHOWN} for move ${quote.reference}`);
    expect(receipt.text).toContain(`Paid: ${DEPOSIT_SHOWN}`);
    expect(receipt.text).toContain(`Card payment: ${sent.event.data.object.payment_intent}`);
    await delivered(quote.reference);
    expect((await emailsTo(quote.email)).filter((e) => e.subject.includes('receipt'))).toHaveLength(1);
  });

  it('then takes the balance (the written total less the deposit) the same way, due 7 days before the move', async () => {
    // A Wednesday some 40 days ahead: its balance is due a week before (the nearer moves of the other tests owe it now).
    const quote = await makeQuote(undefined, { moveDate: openDay(40, 3) });
    const deposit = await acceptedToCheckout(quote);
    // No balance before the deposit.
    expect((await payDeposit(quote, 'balance')).status).toBe(409);
    await pressPay(deposit.sessionId);
    await expect.poll(() => quoteStatus(quote.reference), { timeout: 20_000, interval: 100 }).toBe('booked');

    const owed = await pageSays(quote);
    expect(owed.shown('act:pay-deposit')).toBe(false);
    expect(owed.shown('act:pay-balance')).toBe(true);
    expect(owed.filled('top:Left to pay')).toBe(`${BALANCE_SHOWN} by ${formatLongDate(addDays(quote.moveDate, -7))}`);
    expect(await (await movePage(quote)).text()).toContain(`Pay the ${BALANCE_SHOWN} balance by card`);

    const { sessionId } = await toCheckout(quote, 'balance');
    const back = await pressPay(sessionId);
    const sent = await deliveredEvent(sessionId);
    expect(sent.event.data.object.amount_total).toBe(BALANCE_PENCE);
    expect(payments(quote.reference).map((p) => [p.purpose, p.amount_pence, p.status])).toEqual([
      ['deposit', DEPOSIT_PENCE, 'paid'],
      ['balance', BALANCE_PENCE, 'paid'],
    ]);
    const page = await pageSays(quote, `&payment=${back.searchParams.get('payment')}`);
    expect(page.filled('payment:notice')).toBe(`Payment received: balance of ${BALANCE_SHOWN} paid. Thank you!`);
    expect(page.shown('act:pay-balance')).toBe(false);
    // Paid in full: the badge and the top say so.
    expect(page.filled('status')).toBe('Booked and paid');
    expect(page.filled('top:Paid')).toBe('£495.00: paid in full');
    const balanceId = query<{ id: number }>("SELECT id FROM payments WHERE reference = ? AND purpose = 'balance'", quote.reference)[0]!.id;
    expect((await emailWithKey(`move:${quote.reference}:payment:${balanceId}:receipt`)).subject).toContain(`balance ${BALANCE_SHOWN}`);
    // Nothing more to pay.
    expect((await payDeposit(quote, 'balance')).status).toBe(409);
  });

  it('cancelling a paid, booked move inside a fee window keeps the fee the terms set and refunds the rest through Stripe', async () => {
    // A £300.00 deposit on £495.00. Two days before the move is 24 hours' notice (counted from the end of today): the
    // 24-48 hour tier charges 25 % of £495.00 = £123.75, so £300.00 - £123.75 = £176.25 goes back to the card.
    const quote = await makeQuote();
    const { paymentIntent: paidIntent } = await paidAndBooked(quote, '300.00');
    const manage = (action: string) => manageMove(quote, action, `${addDays(quote.moveDate, -2)}T12:00:00.000Z`);
    const asked = await manage('cancel');
    expect(asked.status).toBe(200);
    expect(readPage(await asked.text()).filled('cancel-cost')).toBe(
      'Cancelling now costs £123.75: we refund £176.25 of the £300.00 you paid to your card.',
    );
    expect(query('SELECT r.id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ?', quote.reference)).toEqual([]);

    expect((await manage('cancel-confirm')).status).toBe(303);
    expect(quoteStatus(quote.reference)).toBe('cancelled');
    expect(
      query('SELECT r.amount_pence, r.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ?', quote.reference),
    ).toEqual([{ amount_pence: 17_625, status: 'succeeded' }]);
    expect(query('SELECT status, refunded_pence FROM payments WHERE reference = ?', quote.reference)).toEqual([
      { status: 'partially_refunded', refunded_pence: 17_625 },
    ]);
    const atStripe = ((await (await fetch(`${stripeUrl()}/refunds`)).json()) as { data: Array<{ amount: number; payment_intent: string }> })
      .data;
    expect(atStripe.filter((r) => r.payment_intent === paidIntent).map((r) => r.amount)).toEqual([17_625]);
    expect((await pageSays(quote)).filled('payment:paid')).toContain('Deposit £300.00 paid on');
    expect((await pageSays(quote)).filled('payment:paid')).toContain('; £176.25 refunded to your card');
    const office = query<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE record_reference = ? AND action = 'payment_refunded'",
      quote.reference,
    );
    expect(office.map((row) => row.detail)).toEqual(['Cancelled with £123.75 to pay from £300.00 paid by card: £176.25 refunded']);
  });

  it('refuses an event with a wrong signature (400) and changes nothing', async () => {
    const quote = await makeQuote();
    const { sessionId } = await acceptedToCheckout(quote);
    const paymentId = query<{ id: number }>('SELECT id FROM payments WHERE checkout_session_id = ?', sessionId)[0]!.id;
    const forged = JSON.stringify({
      id: `evt_forged_${unique('e')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_total: DEPOSIT_PENCE,
          payment_status: 'paid',
          status: 'complete',
          payment_intent: 'pi_forged',
          metadata: { payment_id: String(paymentId), reference: quote.reference, purpose: 'deposit' },
        },
      },
    });
    const eventId = JSON.parse(forged).id as string;
    for (const signature of [
      stripeSignature(forged, 'whsec_someone_else'),
      // Signed right, then altered: the signature no longer matches what arrives.
      stripeSignature(forged.replace('"payment_status":"paid"', '"payment_status":"unpaid"'), STAND_IN_WEBHOOK_SECRET),
      '',
      't=1,v1=00',
    ]) {
      const response = await postWebhook(forged, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_signature');
    }
    expect(storedEvents(eventId)).toEqual([]);
    expect(payments(quote.reference).map((p) => p.status)).toEqual(['created']);
    expect(quoteStatus(quote.reference)).toBe('quoted');
  });

  it('handles an event delivered twice (a replay, and a retry after a forged first delivery) once', async () => {
    // The stand-in signs its first delivery with a wrong secret: the Worker refuses it, the stand-in retries.
    const quote = await makeQuote('webhookforged');
    const { sessionId } = await acceptedToCheckout(quote);
    await pressPay(sessionId);
    const sent = await deliveredEvent(sessionId);
    expect(sent.deliveries.map((d) => d.status)).toEqual([400, 200]);

    // The same event again, byte for byte with its signature: taken (200), and nothing changes twice.
    const replay = await postWebhook(sent.payload, stripeSignature(sent.payload, STAND_IN_WEBHOOK_SECRET));
    expect(replay.status).toBe(200);
    expect(payments(quote.reference).map((p) => p.status)).toEqual(['paid']);
    expect(storedEvents(sent.event.id)).toHaveLength(1);
    expect(confirmations(quote.reference)).toHaveLength(1);
    const outbox = await delivered(quote.reference);
    expect(outbox.length).toBeGreaterThan(0);
    const receipts = query(
      'SELECT id FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE ?',
      quote.reference,
      '%:receipt',
    );
    expect(receipts).toHaveLength(1);
  });

  it('says "payment received" when the event arrived before the customer came back', async () => {
    const quote = await makeQuote('webhookfirst');
    const { sessionId } = await acceptedToCheckout(quote);
    const back = await pressPay(sessionId);
    // The stand-in sent the browser back only after the Worker took the event.
    expect((await sentEvents(sessionId)).map((e) => e.delivered)).toEqual([true]);
    const page = await pageSays(quote, `&payment=${back.searchParams.get('payment')}`);
    expect(page.shown('payment:received')).toBe(true);
    expect(page.filled('status')).toBe('Booked');
  });

  it('books the move when the customer comes back before the event, and the late event changes nothing (issue 39)', async () => {
    const quote = await makeQuote('webhookheld');
    const { sessionId } = await acceptedToCheckout(quote);
    await pressPay(sessionId);
    // Its event is held at Stripe; the page asks Stripe how the session stands.
    const back = await pageSays(quote, `&payment=${sessionId}`);
    expect(back.shown('payment:received')).toBe(true);
    expect(back.filled('status')).toBe('Booked');
    expect(back.filled('top:Paid')).toBe(DEPOSIT_SHOWN);
    expect(quoteStatus(quote.reference)).toBe('booked');

    const released = await fetch(`${stripeUrl()}/events/${sessionId}/release`, { method: 'POST' });
    expect(((await released.json()) as { delivered: boolean }).delivered).toBe(true);
    expect(payments(quote.reference).map((p) => p.status)).toEqual(['paid']);
    expect(confirmations(quote.reference)).toHaveLength(1);
    expect(
      query('SELECT id FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE ?', quote.reference, '%:receipt'),
    ).toHaveLength(1);
  });

  it('comes back from Cancel with nothing paid, and keeps the payment it stored when Stripe refuses the session', async () => {
    const quote = await makeQuote();
    const { sessionId } = await acceptedToCheckout(quote);
    const cancelled = await fetch(`${stripeUrl()}/pay/${sessionId}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('payment')).toBe('cancelled');
    const page = await pageSays(quote, '&payment=cancelled');
    expect(page.filled('payment:notice')).toBe(PAYMENT_WORDS.cancelled);
    expect(page.shown('act:pay-deposit')).toBe(true);
    expect(payments(quote.reference).map((p) => p.status)).toEqual(['created']);

    // Accepted, but Stripe refuses the session: the page says so, and the payment row says why.
    const refusedQuote = await makeQuote('checkoutfail');
    await sendQuote(refusedQuote);
    const refused = await postAcceptQuote(apiBase(), refusedQuote);
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(PAYMENT_WORDS.unavailable);
    expect(query('SELECT accepted_at IS NOT NULL AS accepted FROM written_quotes WHERE reference = ?', refusedQuote.reference)).toEqual([
      { accepted: 1 },
    ]);
    expect(payments(refusedQuote.reference)).toEqual([
      { purpose: 'deposit', amount_pence: DEPOSIT_PENCE, status: 'failed', checkout_session_id: null, payment_intent: null },
    ]);
  });
});
