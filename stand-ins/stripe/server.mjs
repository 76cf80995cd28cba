#!/usr/bin/env node
// A Stripe stand-in for offline development and tests: the HTTP the official `stripe` SDK speaks, for the calls the
// Worker makes, and the hosted Checkout page a customer pays on.
//   POST /v1/checkout/sessions      form-encoded as the SDK sends it; answers a Checkout Session (cs_test_…, status open)
//   GET  /v1/checkout/sessions/:id  the session as it stands
//   POST /v1/refunds                payment_intent and amount (pence); answers a refund object
//   GET  /pay/:id                   the hosted page: "Pay" and "Cancel", plain forms
//   POST /pay/:id/pay               marks it paid (pi_test_…; the form's optional `name` is the name on the card, kept in
//                                   customer_details as Stripe does), sends a signed checkout.session.completed event to the
//                                   webhook URL (retried with backoff while the Worker answers non-2xx), and redirects
//                                   the browser to success_url; POST /pay/:id/cancel redirects to cancel_url
//   GET  /events                    { data: [every event, with each delivery's status] }, oldest first
//   POST /events/:sessionId/release sends a held event (see +webhookheld) and answers once the Worker took it
// No switch: a request fails or behaves differently by the tags in the customer's address (customer_email, as the mail
// catcher reads tags), for that test's sessions alone:
//   ada+checkoutfail@…   creating the session fails (500, an api_error)
//   ada+emailrefused@…   creating the session is refused as Stripe refuses an address it finds invalid (400, quoting it)
//   ada+webhookheld@…    the event is kept until POST /events/:sessionId/release: the customer returns before it
//   ada+webhookfirst@…   the browser is redirected only after the Worker took the event
//   ada+webhookforged@…  the first delivery is signed with a wrong secret (the Worker must refuse it), then the true one
//   ada+refundfail@…     refunds of this customer's payments fail (500)
// Signatures are Stripe's: Stripe-Signature `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`.
// Options: webhookUrl (where events go), webhookSecret (whsec_…). Port: --port N, env STRIPE_STANDIN_PORT, default 8792.
import { createServer } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { escapeHtml, listen, portFrom, readText, sendHtml, sendJson } from '../lib.mjs';

/** Any key works here; the Worker's test environment and `npm start` use these (scripts/lib/stand-ins.mjs). */
export const STAND_IN_SECRET_KEY = 'sk_test_local_stripe_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_local_stripe_stand_in';

const id = (prefix) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The tags after '+' in an address's local part. */
const tagsOf = (address) =>
  String(address ?? '')
    .split('@')[0]
    .toLowerCase()
    .split('+')
    .slice(1);

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

const stripeError = (res, status, type, message, param) =>
  sendJson(res, status, { error: { type, message, ...(param ? { param } : {}) } }, { 'request-id': id('req') });

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
  return null;
}

/**
 * @param {{ webhookUrl?: string | (() => string | undefined), webhookSecret?: string, retryBaseMs?: number, maxAttempts?: number }} [options]
 *   webhookUrl: a function is asked at each delivery (a server on a port it is given later: scripts/lib/start-site.mjs)
 */
export function createStripeStandIn({ webhookUrl, webhookSecret = STAND_IN_WEBHOOK_SECRET, retryBaseMs = 200, maxAttempts = 8 } = {}) {
  const sessions = new Map();
  const refunds = [];
  /** Each event with its deliveries: { event, payload, deliveries: [{ status, at }], delivered, held } */
  const events = [];
  const held = new Map();

  const webhookTarget = () => (typeof webhookUrl === 'function' ? webhookUrl() : webhookUrl);

  async function deliverOnce(payload, secret) {
    try {
      const response = await fetch(webhookTarget(), {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignature(payload, secret) },
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

  function sessionEvent(session, type) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-01-01',
      created: nowSeconds(),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record = { event, payload: JSON.stringify(event), deliveries: [], delivered: false, sessionId: session.id };
    events.push(record);
    return record;
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
      expires_at: nowSeconds() + 24 * 60 * 60,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: `${base}/pay/${sessionId}`,
      // Kept for the hosted page, as Stripe shows the line items there.
      line_items_shown: items.map((item) => ({
        name: item.price_data.product_data?.name ?? 'Payment',
        amount: Number(item.price_data.unit_amount) * Number(item.quantity ?? 1),
      })),
    };
    sessions.set(sessionId, session);
    return session;
  }

  const publicSession = ({ line_items_shown: _, ...session }) => session;
  const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  const pence = (amount) => money.format(amount / 100);

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

  async function pay(session, form, res) {
    if (session.status !== 'open') return redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
    session.customer_details = { address: null, email: session.customer_email, name: form.get('name') || null, phone: null };
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = id('pi');
    const tags = tagsOf(session.customer_email);
    const record = sessionEvent(publicSession(session), 'checkout.session.completed');
    const forgedFirst = tags.includes('webhookforged');
    if (tags.includes('webhookheld')) {
      record.held = true;
      held.set(session.id, () => deliver(record, { forgedFirst }));
    } else if (tags.includes('webhookfirst')) {
      await deliver(record, { forgedFirst });
    } else {
      void deliver(record, { forgedFirst });
    }
    return redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
  }

  function refund(params, res) {
    const amount = Number(params.amount);
    const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === params.payment_intent);
    if (!session)
      return stripeError(res, 400, 'invalid_request_error', `No such payment_intent: '${params.payment_intent}'`, 'payment_intent');
    if (tagsOf(session.customer_email).includes('refundfail'))
      return stripeError(res, 500, 'api_error', 'A reserved address: this refund fails.');
    const refunded = refunds.filter((r) => r.payment_intent === session.payment_intent).reduce((sum, r) => sum + r.amount, 0);
    const left = session.amount_total - refunded;
    const wanted = params.amount === undefined ? left : amount;
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > left) {
      return stripeError(
        res,
        400,
        'invalid_request_error',
        `Refund amount (${pence(wanted)}) is greater than unrefunded amount on charge (${pence(left)})`,
        'amount',
      );
    }
    const made = {
      id: id('re'),
      object: 'refund',
      amount: wanted,
      currency: 'gbp',
      created: nowSeconds(),
      metadata: params.metadata ?? {},
      payment_intent: session.payment_intent,
      reason: params.reason ?? null,
      status: 'succeeded',
    };
    refunds.push(made);
    return sendJson(res, 200, made, { 'request-id': id('req') });
  }

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const base = `http://${req.headers.host ?? 'localhost'}`;
    const parts = url.pathname.split('/').filter(Boolean);
    try {
      if (parts[0] === 'v1') {
        if (!/^Bearer sk_test_\S+/.test(req.headers.authorization ?? '')) {
          return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided (a test key, sk_test_…, is needed here).');
        }
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const params = parseStripeForm(await readText(req));
          if (tagsOf(params.customer_email).includes('checkoutfail')) {
            return stripeError(res, 500, 'api_error', 'A reserved address: creating this session fails.');
          }
          if (tagsOf(params.customer_email).includes('emailrefused')) {
            return stripeError(res, 400, 'invalid_request_error', `Invalid email address: ${params.customer_email}`, 'customer_email');
          }
          const problem = sessionProblem(params);
          if (problem) return stripeError(res, 400, 'invalid_request_error', problem[1], problem[0]);
          return sendJson(res, 200, publicSession(createSession(params, base)), { 'request-id': id('req') });
        }
        if (req.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
          const session = sessions.get(parts[3]);
          if (!session) return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${parts[3]}'`, 'id');
          return sendJson(res, 200, publicSession(session), { 'request-id': id('req') });
        }
        if (req.method === 'POST' && url.pathname === '/v1/refunds') return refund(parseStripeForm(await readText(req)), res);
        return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
      }
      if (parts[0] === 'pay' && parts[1]) {
        const session = sessions.get(parts[1]);
        if (!session) return sendHtml(res, 404, '<!doctype html><title>Not found</title><p>No such checkout session.</p>');
        if (req.method === 'GET' && parts.length === 2) return sendHtml(res, 200, payPage(session));
        if (req.method === 'POST' && parts[2] === 'pay') return pay(session, new URLSearchParams(await readText(req)), res);
        if (req.method === 'POST' && parts[2] === 'cancel') return redirect(res, session.cancel_url ?? base);
      }
      if (req.method === 'GET' && url.pathname === '/events') {
        return sendJson(res, 200, {
          object: 'list',
          data: events.map(({ event, payload, deliveries, delivered, held: wasHeld, sessionId }) => ({
            event,
            payload,
            deliveries,
            delivered,
            held: !!wasHeld,
            sessionId,
          })),
        });
      }
      if (req.method === 'GET' && url.pathname === '/refunds') return sendJson(res, 200, { object: 'list', data: refunds });
      if (req.method === 'POST' && parts[0] === 'events' && parts[2] === 'release') {
        const send = held.get(parts[1]);
        if (!send) return sendJson(res, 404, { error: { message: 'No event is held for that session.' } });
        held.delete(parts[1]);
        const record = await send();
        return sendJson(res, 200, { delivered: record.delivered, deliveries: record.deliveries });
      }
      return sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'The requested endpoint does not exist.' } });
    } catch (error) {
      return stripeError(res, 400, 'invalid_request_error', String(error?.message ?? error));
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = portFrom(process.argv, 'STRIPE_STANDIN_PORT', 8792);
  const server = await listen(createStripeStandIn({ webhookUrl: process.env.STRIPE_WEBHOOK_URL }), port, 'Stripe stand-in');
  console.log(`Events sent: http://127.0.0.1:${server.address().port}/events`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
