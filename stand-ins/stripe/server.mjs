#!/usr/bin/env node
// A Stripe stand-in for offline development and tests: the HTTP the official `stripe` SDK speaks, for the calls the
// Worker makes, and the hosted Checkout page a customer pays on. It keeps state as Stripe does and answers in Stripe's
// shapes (lists, errors, idempotent replays), so the Worker's code cannot tell it from Stripe in test mode.
//   POST /v1/checkout/sessions            form-encoded as the SDK sends it; answers a Checkout Session (cs_test_…, open)
//   GET  /v1/checkout/sessions            a list, newest first: payment_intent, status, created[gt|gte|lt|lte], limit,
//                                         starting_after, ending_before
//   GET  /v1/checkout/sessions/:id        the session as it stands (expand[]=payment_intent gives the PaymentIntent)
//   POST /v1/checkout/sessions/:id/expire only an open session (else 400); sends checkout.session.expired
//   POST /v1/refunds                      payment_intent and amount (pence); answers a refund and sends charge.refunded
//   GET  /v1/refunds                      a list, newest first (payment_intent, limit)
//   GET  /v1/balance_transactions         a list, newest first: type, source, created[gt|gte|lt|lte], limit,
//                                         starting_after, ending_before, expand[]=data.source (the charge or refund).
//                                         A charge is a 'charge' of +amount less Stripe's fee (fee, fee_details, net:
//                                         see cardFee), a refund a 'refund' of -amount with no fee (Stripe keeps the
//                                         charge's fee); transfers to partners are on the same list (./connect.mjs)
//   GET  /v1/payment_intents/:id          the PaymentIntent; expand[]=latest_charge gives its Charge, and
//                                         expand[]=latest_charge.balance_transaction that charge's balance transaction
//   GET  /pay/:id                         the hosted page: "Pay" and "Cancel", plain forms
//   POST /pay/:id/pay                     pays it (pi_test_…; the form's optional `name` is the name on the card, kept in
//                                         customer_details as Stripe does), sends a signed checkout.session.completed
//                                         event (retried with backoff while the Worker answers non-2xx), and redirects
//                                         to success_url; POST /pay/:id/cancel redirects to cancel_url
// What happens in Stripe's dashboard or at the customer's bank, for tests to ask for:
//   POST /sessions/:id/lapse              the session's 24 hours run out: expired, checkout.session.expired sent
//   POST /sessions/:id/settle             a delayed payment (+asyncpay) settles: `outcome=succeeded` (default) sends
//                                         checkout.session.async_payment_succeeded, `outcome=failed` …_failed
//   POST /dashboard/refunds               payment_intent, amount: a refund made by hand in the dashboard (no metadata)
//   POST /dashboard/disputes              payment_intent, reason: the card holder disputes it (charge.dispute.created)
//   GET  /events                          { data: [every event, with each delivery's status] }, oldest first
//   POST /events/:sessionId/release       sends a held event (see +webhookheld) and answers once the Worker took it
//   POST /clock                           `at` (ISO): money moves on that instant from now on, and each delivery names it
//                                         in the Worker's test clock header (X-Test-Now); `at` empty: the real time
// Connect (Express accounts, onboarding links and page, transfers, reversals, account.updated): ./connect.mjs.
// Idempotency as Stripe's API v1, one key space for every endpoint (./idempotency.mjs). A 5xx says
// Stripe-Should-Retry: false, as Stripe's replayed ones do (./answers.mjs).
// No switch: a request fails or behaves differently by the tags in the customer's address (customer_email, as the mail
// catcher reads tags), for that test's sessions alone:
//   ada+checkoutfail@…     creating the session fails (500, an api_error)
//   ada+emailrefused@…     creating the session is refused as Stripe refuses an address it finds invalid (400, quoting it)
//   ada+webhookheld@…      the completed event is kept until POST /events/:sessionId/release: the customer returns first
//   ada+webhookfirst@…     the browser is redirected only after the Worker took the event
//   ada+webhookforged@…    the first delivery is signed with a wrong secret (the Worker must refuse it), then the true one
//   ada+webhooklost@…      no event about this customer's payments ever reaches the Worker (as if it were down throughout)
//   ada+refundfail@…       refunds of this customer's payments fail (500, kept under the key: a retry gets it again)
//   ada+refundfailtimes2@… the first 2 refund requests are refused as a burst is (429 rate_limit, not kept), then pass
//   ada+intentfailtimes1@… the first 1 read of this customer's PaymentIntent (GET /v1/payment_intents/:id) fails (500)
//   ada+asyncpay@…         paying completes the session unpaid (a bank debit): POST /sessions/:id/settle decides
//   ada+pennyshort@…       the customer pays a penny less than the session asked (a code taken on Stripe's page)
//   ada+euros@…            the customer pays the same number in euros (Stripe's local-currency pricing)
// Signatures are Stripe's: Stripe-Signature `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`.
// Options: webhookUrl (where events go), webhookSecret (whsec_…). Port: --port N, env STRIPE_STANDIN_PORT, default 8792.
import { createServer } from 'node:http';
import { createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { escapeHtml, listen, portFrom, readText, sendHtml, sendJson } from '../lib.mjs';
import {
  answer,
  clockIso,
  createdSeconds,
  createdWithin,
  expanded,
  id,
  invalid,
  list,
  nowSeconds,
  pence,
  sendAnswer,
  setClock,
  stripeError,
  stripeEvent,
  tagsOf,
  timesTag,
} from './answers.mjs';
import { createConnect } from './connect.mjs';
import { createIdempotency } from './idempotency.mjs';

/**
 * The stand-in's fee on a card charge: 1.5 % + 20p, Stripe's published rate for a standard UK card, the percentage
 * rounded to the nearest penny with a half penny up (the stand-in's rule: Stripe does not publish its own). £123.75:
 * 185.625p → 186p, + 20p = 206p. Its own figure, for tests: real fees vary by card.
 */
export const cardFee = (amount) => Math.round((amount * 15) / 1000) + 20;

/** Any key works here; the Worker's test environment and `npm start` use these (scripts/lib/stand-ins.mjs). */
export const STAND_IN_SECRET_KEY = 'sk_test_local_stripe_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_local_stripe_stand_in';

/** Stripe's signature of a payload: the SDK's `webhooks.constructEvent` checks exactly this. */
export function stripeSignature(payload, secret, timestamp = nowSeconds()) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** `a[b][0][c]=x` as the SDK form-encodes nested parameters, back into objects and arrays. */
export function parseStripeForm(text) {
  const root = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

/** What Stripe checks of a payment-mode session with price_data line items, in its words. */
function sessionProblem(params) {
  if (params.mode !== 'payment') return ['mode', 'This stand-in takes mode=payment only.'];
  if (!params.success_url) return ['success_url', 'Missing required param: success_url.'];
  const items = Array.isArray(params.line_items) ? params.line_items : [];
  if (items.length === 0) return ['line_items', 'Missing required param: line_items.'];
  for (const item of items) {
    const amount = Number(item.price_data?.unit_amount);
    if (item.price_data?.currency !== 'gbp') return ['line_items[0][price_data][currency]', 'This stand-in takes GBP only.'];
    if (!Number.isInteger(amount) || amount < 30) return ['line_items[0][price_data][unit_amount]', 'Invalid integer: unit_amount.'];
    if (!Number.isInteger(Number(item.quantity ?? 1)) || Number(item.quantity ?? 1) < 1)
      return ['line_items[0][quantity]', 'Invalid quantity.'];
  }
  if (params.expires_at !== undefined) {
    const at = Number(params.expires_at);
    if (!Number.isInteger(at) || at < nowSeconds() + 30 * 60 - 60 || at > nowSeconds() + 24 * 60 * 60 + 60)
      return ['expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.'];
  }
  return null;
}

/**
 * @param {{ webhookUrl?: string | (() => string | undefined), webhookSecret?: string, retryBaseMs?: number, maxAttempts?: number }} [options]
 *   webhookUrl: a function is asked at each delivery (a server on a port it is given later: scripts/lib/start-site.mjs)
 */
export function createStripeStandIn({ webhookUrl, webhookSecret = STAND_IN_WEBHOOK_SECRET, retryBaseMs = 200, maxAttempts = 8 } = {}) {
  const sessions = new Map();
  const intents = new Map();
  const charges = new Map();
  const refunds = [];
  const disputes = [];
  /** Every money movement on the account, oldest first, as Stripe's balance transactions. */
  const balance = [];
  const idempotency = createIdempotency();
  /** Payment intent → reads of it failed so far (+intentfailtimesN). */
  const failedReads = new Map();
  /** Payment intent → refund requests refused so far (+refundfailtimesN). */
  const refusedRefunds = new Map();
  /** Each event with its deliveries: { event, payload, deliveries: [{ status, at }], delivered, held, sessionId, paymentIntent } */
  const events = [];
  const held = new Map();

  const webhookTarget = () => (typeof webhookUrl === 'function' ? webhookUrl() : webhookUrl);

  async function deliverOnce(payload, secret) {
    try {
      const response = await fetch(webhookTarget(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(payload, secret),
          ...(clockIso() ? { 'x-test-now': clockIso() } : {}),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      return `network: ${error?.message ?? error}`;
    }
  }

  /** As Stripe does: again after a delay growing each time, until the Worker answers 2xx (or attempts run out). */
  async function deliver(record, { forgedFirst = false } = {}) {
    if (!webhookTarget()) {
      record.deliveries.push({ status: 'no webhook URL configured', at: new Date().toISOString() });
      return record;
    }
    if (record.lost) {
      record.deliveries.push({ status: 'lost: the Worker never answered (+webhooklost)', at: new Date().toISOString() });
      return record;
    }
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const secret = forgedFirst && attempt === 0 ? `${webhookSecret}_forged` : webhookSecret;
      const status = await deliverOnce(record.payload, secret);
      record.deliveries.push({ status, at: new Date().toISOString() });
      if (typeof status === 'number' && status >= 200 && status < 300) {
        record.delivered = true;
        return record;
      }
      await new Promise((resolve) => setTimeout(resolve, retryBaseMs * 2 ** attempt));
    }
    return record;
  }

  const publicSession = ({ line_items_shown: _, tags: _t, ...session }) => session;
  const sessionOfIntent = (intentId) => [...sessions.values()].find((s) => s.payment_intent === intentId);

  /** An event about `object`, stored and (unless `hold`) sent at once; `sessionId` and `paymentIntent` find it in /events. */
  function emit(type, object, { session, hold = false, wait = false } = {}) {
    const event = stripeEvent(type, object);
    const tags = session?.tags ?? [];
    const record = {
      event,
      payload: JSON.stringify(event),
      deliveries: [],
      delivered: false,
      held: hold,
      lost: tags.includes('webhooklost'),
      sessionId: session?.id ?? null,
      paymentIntent: typeof object.payment_intent === 'string' ? object.payment_intent : null,
    };
    events.push(record);
    const forgedFirst = tags.includes('webhookforged');
    if (hold) {
      held.set(session.id, () => deliver(record, { forgedFirst }));
      return Promise.resolve(record);
    }
    const sending = deliver(record, { forgedFirst });
    return wait ? sending : Promise.resolve(record);
  }

  function createSession(params, base) {
    const items = params.line_items;
    const amountTotal = items.reduce((sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity ?? 1), 0);
    const sessionId = id('cs');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: nowSeconds(),
      currency: 'gbp',
      customer_email: params.customer_email ?? null,
      // Stripe fills it in from what the customer types on its page: the e-mail address and the name on the card.
      customer_details: null,
      expires_at: params.expires_at !== undefined ? Number(params.expires_at) : nowSeconds() + 24 * 60 * 60,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `${base}/pay/${sessionId}`,
      // Kept for the hosted page, as Stripe shows the line items there.
      line_items_shown: items.map((item) => ({
        name: item.price_data.product_data?.name ?? 'Payment',
        amount: Number(item.price_data.unit_amount) * Number(item.quantity ?? 1),
      })),
      tags: tagsOf(params.customer_email),
    };
    sessions.set(sessionId, session);
    return session;
  }

  /** A session past its expires_at is expired when next looked at, as Stripe's would be. */
  function current(session) {
    if (session.status === 'open' && session.expires_at <= nowSeconds()) expire(session);
    return session;
  }

  function expire(session) {
    session.status = 'expired';
    session.url = null;
    void emit('checkout.session.expired', publicSession(session), { session });
  }

  /** The balance transaction of a charge (+) or a refund (-), as Stripe adds one for each, net of Stripe's `fee`. */
  function moved(type, source, amount, currency, fee = 0) {
    const created = createdSeconds();
    const txn = {
      id: id('txn'),
      object: 'balance_transaction',
      amount,
      available_on: created + 7 * 24 * 60 * 60,
      created,
      currency,
      description: null,
      exchange_rate: null,
      fee,
      fee_details: fee ? [{ amount: fee, application: null, currency, description: 'Stripe processing fees', type: 'stripe_fee' }] : [],
      net: amount - fee,
      reporting_category: type,
      source: source.id,
      status: 'pending',
      type,
    };
    balance.push(txn);
    source.balance_transaction = txn.id;
  }

  function chargeFor(intent) {
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      balance_transaction: null,
      captured: true,
      created: createdSeconds(),
      currency: intent.currency,
      disputed: false,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      status: 'succeeded',
    };
    charges.set(charge.id, charge);
    moved('charge', charge, charge.amount, charge.currency, cardFee(charge.amount));
    intent.latest_charge = charge.id;
    intent.amount_received = intent.amount;
    intent.status = 'succeeded';
    return charge;
  }

  // Connect's events go to the same webhook, never held or lost (no customer's tags apply to them).
  const connect = createConnect({
    balance,
    publish(event) {
      const record = { event, payload: JSON.stringify(event), deliveries: [], delivered: false, sessionId: null, paymentIntent: null };
      events.push(record);
      return deliver(record);
    },
  });

  function payPage(session) {
    const rows = session.line_items_shown.map((item) => `<li>${escapeHtml(item.name)}: ${pence(item.amount)}</li>`).join('');
    const done = session.status !== 'open';
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${pence(session.amount_total)} (Stripe stand-in)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;margin:.5rem .5rem 0 0}</style>
</head><body><h1>Pay <span data-fill="amount">${pence(session.amount_total)}</span></h1>
<p>This is the local Stripe Checkout stand-in: no card is charged.</p><ul>${rows}</ul>
${
  done
    ? `<p data-fill="status">This payment is ${escapeHtml(session.status)}.</p>`
    : `<form method="post" action="/pay/${escapeHtml(session.id)}/pay"><p><label for="name">Name on card</label><br><input id="name" name="name" autocomplete="cc-name"></p><button type="submit">Pay</button></form>
<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button type="submit">Cancel</button></form>`
}
</body></html>`;
  }

  const redirect = (res, location) => {
    res.writeHead(303, { location, 'content-length': 0 });
    res.end();
  };
  const backTo = (session) => session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);

  async function pay(session, form, res) {
    current(session);
    // Paid already: Stripe's page sends the customer back; expired: it says so, and nothing is taken.
    if (session.status === 'complete') return redirect(res, backTo(session));
    if (session.status !== 'open') return sendHtml(res, 200, payPage(session));
    const tags = session.tags;
    session.customer_details = { address: null, email: session.customer_email, name: form.get('name') || null, phone: null };
    session.status = 'complete';
    if (tags.includes('pennyshort')) {
      session.amount_total -= 1;
      session.total_details = { ...session.total_details, amount_discount: 1 };
    }
    if (tags.includes('euros')) session.currency = 'eur';
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      created: nowSeconds(),
      currency: session.currency,
      latest_charge: null,
      livemode: false,
      metadata: {},
      status: 'processing',
    };
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    if (tags.includes('asyncpay')) {
      // A bank debit: the session is complete, the money not yet through (POST /sessions/:id/settle).
      session.payment_status = 'unpaid';
    } else {
      chargeFor(intent);
      session.payment_status = 'paid';
    }
    await emit('checkout.session.completed', publicSession(session), {
      session,
      hold: tags.includes('webhookheld'),
      wait: tags.includes('webhookfirst'),
    });
    return redirect(res, backTo(session));
  }

  function settle(session, outcome) {
    const intent = intents.get(session.payment_intent);
    if (session.status !== 'complete' || !intent || intent.status !== 'processing')
      return answer(400, { error: { message: 'Only a completed session whose payment is processing can settle.' } });
    if (outcome === 'failed') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { code: 'payment_method_provider_decline', message: 'The bank declined the debit.' };
      void emit('checkout.session.async_payment_failed', publicSession(session), { session });
    } else {
      chargeFor(intent);
      session.payment_status = 'paid';
      void emit('checkout.session.async_payment_succeeded', publicSession(session), { session });
    }
    return answer(200, publicSession(session));
  }

  /** A refund of `amount` (all that is left when undefined) of the intent's charge; charge.refunded follows, as Stripe's does. */
  function makeRefund(intentId, amountParam, metadata, reason) {
    const intent = intents.get(intentId);
    const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : null;
    if (!intent || !charge) return invalid(`No such payment_intent: '${intentId}'`, 'payment_intent', 'resource_missing');
    if (charge.disputed) return invalid(`Charge ${charge.id} has been charged back; cannot issue a refund.`, undefined, 'charge_disputed');
    const left = charge.amount - charge.amount_refunded;
    const wanted = amountParam === undefined ? left : Number(amountParam);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > left) {
      return invalid(
        `Refund amount (${pence(wanted)}) is greater than unrefunded amount on charge (${pence(left)})`,
        'amount',
        'amount_too_large',
      );
    }
    const made = {
      id: id('re'),
      object: 'refund',
      amount: wanted,
      balance_transaction: null,
      charge: charge.id,
      created: createdSeconds(),
      currency: charge.currency,
      metadata: metadata ?? {},
      payment_intent: intent.id,
      reason: reason ?? null,
      status: 'succeeded',
    };
    refunds.push(made);
    moved('refund', made, -wanted, charge.currency);
    charge.amount_refunded += wanted;
    charge.refunded = charge.amount_refunded === charge.amount;
    void emit('charge.refunded', { ...charge }, { session: sessionOfIntent(intent.id) });
    return answer(200, made);
  }

  function refundByApi(params) {
    const session = sessionOfIntent(params.payment_intent);
    const tags = session?.tags ?? [];
    if (tags.includes('refundfail')) return stripeError(500, 'api_error', 'A reserved address: this refund fails.');
    const refused = refusedRefunds.get(params.payment_intent) ?? 0;
    if (refused < timesTag(tags, 'refundfail')) {
      refusedRefunds.set(params.payment_intent, refused + 1);
      return stripeError(429, 'rate_limit_error', 'Too many requests hit the API too quickly.', { code: 'rate_limit' });
    }
    return makeRefund(params.payment_intent, params.amount, params.metadata, params.reason);
  }

  function dispute(params) {
    const intent = intents.get(params.payment_intent);
    const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : null;
    if (!charge) return invalid(`No such payment_intent: '${params.payment_intent}'`, 'payment_intent');
    charge.disputed = true;
    const made = {
      id: id('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      evidence_details: { due_by: nowSeconds() + 7 * 24 * 60 * 60, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: intent.id,
      reason: params.reason ?? 'fraudulent',
      status: 'needs_response',
    };
    disputes.push(made);
    void emit('charge.dispute.created', made, { session: sessionOfIntent(intent.id) });
    return answer(200, made);
  }

  /** The Stripe API, each call answered with what it would answer (before idempotency); `text`: the body as sent. */
  function api(method, url, parts, text, base) {
    const query = url.searchParams;
    // One list for the whole account: charges and refunds here, transfers and their reversals in ./connect.mjs.
    if (method === 'GET' && parts[1] === 'balance_transactions' && parts.length === 2) return balanceList(query);
    if (connect.owns(parts)) {
      const params = method === 'POST' ? parseStripeForm(text) : {};
      return connect.api(method, parts, params, query, base) ?? invalid(`Unrecognized request URL (${method}: ${url.pathname}).`);
    }
    const sessionPath = parts[1] === 'checkout' && parts[2] === 'sessions';
    if (method === 'POST' && sessionPath && parts.length === 3) {
      const params = parseStripeForm(text);
      const tags = tagsOf(params.customer_email);
      if (tags.includes('checkoutfail')) return stripeError(500, 'api_error', 'A reserved address: creating this session fails.');
      if (tags.includes('emailrefused'))
        return invalid(`Invalid email address: ${params.customer_email}`, 'customer_email', 'email_invalid');
      const problem = sessionProblem(params);
      if (problem) return invalid(problem[1], problem[0], 'parameter_invalid_integer');
      return answer(200, publicSession(createSession(params, base)));
    }
    if (method === 'GET' && sessionPath && parts.length === 3) {
      const within = createdWithin(query);
      const all = [...sessions.values()]
        .map(current)
        .filter(
          (s) =>
            (!query.get('payment_intent') || s.payment_intent === query.get('payment_intent')) &&
            (!query.get('status') || s.status === query.get('status')) &&
            within(s.created),
        );
      return list('/v1/checkout/sessions', all.map(publicSession), query);
    }
    if (sessionPath && parts[3]) {
      const session = sessions.get(parts[3]);
      if (!session) return invalid(`No such checkout.session: '${parts[3]}'`, 'session', 'resource_missing');
      current(session);
      if (method === 'GET' && parts.length === 4) {
        const shown = publicSession(session);
        // The SDK writes `expand[0]=…`; `expand[]=…` is the curl spelling.
        const expand = [...query].filter(([name]) => /^expand(\[\d*\])?$/.test(name)).map(([, value]) => value);
        if (expand.includes('payment_intent') && session.payment_intent) shown.payment_intent = { ...intents.get(session.payment_intent) };
        return answer(200, shown);
      }
      if (method === 'POST' && parts[4] === 'expire') {
        if (session.status !== 'open')
          return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`);
        expire(session);
        return answer(200, publicSession(session));
      }
    }
    if (method === 'GET' && parts[1] === 'payment_intents' && parts.length === 3) return intentAnswer(parts[2], expanded(query));
    if (parts[1] === 'refunds' && parts.length === 2) {
      if (method === 'POST') return refundByApi(parseStripeForm(text));
      if (method === 'GET') {
        const intent = query.get('payment_intent');
        return list('/v1/refunds', intent ? refunds.filter((r) => r.payment_intent === intent) : refunds, query);
      }
    }
    return invalid(`Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  /** A PaymentIntent as Stripe answers it, its latest charge (and that charge's balance transaction) expanded if asked. */
  function intentAnswer(intentId, expand) {
    const intent = intents.get(intentId);
    if (!intent) return invalid(`No such payment_intent: '${intentId}'`, 'intent', 'resource_missing');
    const failed = failedReads.get(intentId) ?? 0;
    if (failed < timesTag(sessionOfIntent(intentId)?.tags ?? [], 'intentfail')) {
      failedReads.set(intentId, failed + 1);
      return stripeError(500, 'api_error', 'A reserved address: reading this PaymentIntent fails this time.');
    }
    const shown = { ...intent };
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : null;
    if (charge && (expand.includes('latest_charge') || expand.includes('latest_charge.balance_transaction'))) {
      shown.latest_charge = { ...charge };
      if (expand.includes('latest_charge.balance_transaction'))
        shown.latest_charge.balance_transaction = { ...balance.find((txn) => txn.id === charge.balance_transaction) };
    }
    return answer(200, shown);
  }

  /** The balance transactions asked for, a page of them; `expand[]=data.source` gives each its charge or refund. */
  function balanceList(query) {
    const within = createdWithin(query);
    const [type, source] = [query.get('type'), query.get('source')];
    const all = balance.filter((txn) => (!type || txn.type === type) && (!source || txn.source === source) && within(txn.created));
    const page = list('/v1/balance_transactions', all, query);
    if (!expanded(query).includes('data.source')) return page;
    const objectOf = (txn) =>
      txn.type === 'charge' ? charges.get(txn.source) : txn.type === 'refund' ? refunds.find((r) => r.id === txn.source) : undefined;
    return answer(200, {
      ...page.body,
      data: page.body.data.map((txn) => ({ ...txn, source: objectOf(txn) ? { ...objectOf(txn) } : txn.source })),
    });
  }

  /** Stripe's idempotency layer over `api` (./idempotency.mjs): a key is honoured on a POST only. */
  async function idempotent(req, url, parts, base) {
    const text = await readText(req);
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    return idempotency.run(key, url.pathname, text, async () => api(req.method, url, parts, text, base));
  }

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const base = `http://${req.headers.host ?? 'localhost'}`;
    const parts = url.pathname.split('/').filter(Boolean);
    const send = (result) => sendAnswer(res, result);
    try {
      if (parts[0] === 'v1') {
        if (!/^Bearer sk_test_\S+/.test(req.headers.authorization ?? '')) {
          return send(stripeError(401, 'invalid_request_error', 'Invalid API Key provided (a test key, sk_test_…, is needed here).'));
        }
        return send(await idempotent(req, url, parts, base));
      }
      if (parts[0] === 'pay' && parts[1]) {
        const session = sessions.get(parts[1]);
        if (!session) return sendHtml(res, 404, '<!doctype html><title>Not found</title><p>No such checkout session.</p>');
        if (req.method === 'GET' && parts.length === 2) return sendHtml(res, 200, payPage(current(session)));
        if (req.method === 'POST' && parts[2] === 'pay') return pay(session, new URLSearchParams(await readText(req)), res);
        if (req.method === 'POST' && parts[2] === 'cancel') return redirect(res, session.cancel_url ?? base);
      }
      if (req.method === 'POST' && parts[0] === 'sessions' && parts[1]) {
        const session = sessions.get(parts[1]);
        const form = parseBody(await readText(req));
        if (!session) return send(answer(404, { error: { message: 'No such checkout session.' } }));
        if (parts[2] === 'lapse') {
          if (current(session).status !== 'open') return send(answer(400, { error: { message: 'Only an open session can lapse.' } }));
          expire(session);
          return send(answer(200, publicSession(session)));
        }
        if (parts[2] === 'settle') return send(settle(session, form.outcome));
      }
      if (req.method === 'POST' && parts[0] === 'dashboard') {
        const form = parseBody(await readText(req));
        if (parts[1] === 'refunds') return send(makeRefund(form.payment_intent, form.amount, {}, 'requested_by_customer'));
        if (parts[1] === 'disputes') return send(dispute(form));
      }
      if (req.method === 'GET' && url.pathname === '/events') {
        return sendJson(res, 200, {
          object: 'list',
          data: events.map(({ event, payload, deliveries, delivered, held: wasHeld, sessionId, paymentIntent }) => ({
            event,
            payload,
            deliveries,
            delivered,
            held: !!wasHeld,
            sessionId,
            paymentIntent,
          })),
        });
      }
      if (req.method === 'POST' && url.pathname === '/clock') {
        const { at } = parseBody(await readText(req));
        if (!setClock(at)) return sendJson(res, 400, { error: { message: 'Give `at` as an ISO instant, or empty for the real time.' } });
        return sendJson(res, 200, { at: clockIso() });
      }
      if (req.method === 'GET' && url.pathname === '/refunds') return sendJson(res, 200, { object: 'list', data: refunds });
      if (req.method === 'POST' && parts[0] === 'events' && parts[2] === 'release') {
        const sendHeld = held.get(parts[1]);
        if (!sendHeld) return sendJson(res, 404, { error: { message: 'No event is held for that session.' } });
        held.delete(parts[1]);
        const record = await sendHeld();
        return sendJson(res, 200, { delivered: record.delivered, deliveries: record.deliveries });
      }
      if (await connect.page(req, res, url, parts)) return;
      return sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'The requested endpoint does not exist.' } });
    } catch (error) {
      return send(invalid(String(error?.message ?? error)));
    }
  });
}

/** The test controls take a form or JSON. */
const parseBody = (text) => (text.trim().startsWith('{') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text)));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = portFrom(process.argv, 'STRIPE_STANDIN_PORT', 8792);
  const server = await listen(createStripeStandIn({ webhookUrl: process.env.STRIPE_WEBHOOK_URL }), port, 'Stripe stand-in');
  console.log(`Events sent: http://127.0.0.1:${server.address().port}/events`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
