// Stripe's answer shapes for the stand-in's modules: an answer is built first ({ status, body }) and sent once, so an
// idempotent one can be kept and replayed (idempotency.mjs). Shapes from Stripe's API reference: errors
// `{ error: { type, message, param?, code? } }`, lists `{ object: 'list', url, has_more, data }` newest first.
import { randomBytes } from 'node:crypto';
import { sendJson } from '../lib.mjs';

export const id = (prefix) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The instant money moves at, for a test that books a past month (POST /clock): charges, refunds, their balance
 * transactions and events are dated by it, and each delivery names it in the Worker's test clock header. Sessions'
 * expiry and webhook signatures keep the real time, as the SDK checks a signature's age against it.
 */
let clock = null;
export const setClock = (iso) => {
  clock = iso ? Date.parse(iso) : null;
  return clock === null || !Number.isNaN(clock);
};
export const clockIso = () => (clock === null ? null : new Date(clock).toISOString());
export const createdSeconds = () => (clock === null ? nowSeconds() : Math.floor(clock / 1000));

/** The tags after '+' in an address's local part: `ada+transferfail@…` → ['transferfail']. */
export const tagsOf = (address) =>
  String(address ?? '')
    .split('@')[0]
    .toLowerCase()
    .split('+')
    .slice(1);

/** `transferfailtimes2` → 2; 0 without the tag. */
export const timesTag = (tags, name) => Number(tags.find((tag) => tag.startsWith(`${name}times`))?.slice(name.length + 5) ?? 0);

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** Pence as Stripe's messages and pages show pounds: 12375 → £123.75. */
export const pence = (amount) => money.format(amount / 100);

export const answer = (status, body) => ({ status, body });
export const stripeError = (status, type, message, extra = {}) => answer(status, { error: { type, message, ...extra } });
export const invalid = (message, param, code) =>
  stripeError(400, 'invalid_request_error', message, { ...(param ? { param } : {}), ...(code ? { code } : {}) });

/** Stripe's list object, newest first, paged by id as its cursors are. */
export function list(url, all, query) {
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10) || 10));
  let items = all.toReversed();
  const after = query.get('starting_after');
  const before = query.get('ending_before');
  if (after) items = items.slice(items.findIndex((item) => item.id === after) + 1);
  if (before)
    items = items.slice(
      0,
      Math.max(
        0,
        items.findIndex((item) => item.id === before),
      ),
    );
  return answer(200, { object: 'list', url, has_more: items.length > limit, data: items.slice(0, limit) });
}

/** `created[gte]=…` and the like, as the list endpoints take them. */
export function createdWithin(query) {
  const bounds = ['gt', 'gte', 'lt', 'lte'].map((op) => [op, query.get(`created[${op}]`)]).filter(([, v]) => v !== null);
  const exact = query.get('created');
  return (created) =>
    (exact === null || created === Number(exact)) &&
    bounds.every(([op, v]) => {
      const n = Number(v);
      return op === 'gt' ? created > n : op === 'gte' ? created >= n : op === 'lt' ? created < n : created <= n;
    });
}

/** The `expand[]` values of a query or of form parameters (the SDK writes `expand[0]=…`). */
export const expanded = (query, params = {}) => [
  ...[...query].filter(([name]) => /^expand(\[\d*\])?$/.test(name)).map(([, value]) => value),
  ...(Array.isArray(params.expand) ? params.expand : []),
];

/** An answer as Stripe sends it: a request id, and a 5xx marked not worth retrying (as Stripe's replayed ones are). */
export const sendAnswer = (res, result) =>
  sendJson(res, result.status, result.body, {
    'request-id': id('req'),
    ...(result.status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
    ...(result.replayed ? { 'idempotent-replayed': 'true' } : {}),
  });

/** An event as Stripe sends it to a webhook endpoint (`account` for an event about a connected account). */
export function stripeEvent(type, object, { account, previousAttributes } = {}) {
  return {
    id: id('evt'),
    object: 'event',
    ...(account ? { account } : {}),
    api_version: '2026-01-01',
    created: createdSeconds(),
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
