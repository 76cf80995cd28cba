// Stripe Connect in the Stripe stand-in (issue 43: partners paid by transfers, the firm the merchant of record), in
// Stripe's shapes so the official SDK works against it unchanged. server.mjs mounts it: `api()` answers
//   POST /v1/accounts                    type=express (others refused), country, email, capabilities[transfers][requested],
//                                        business_type, business_profile, metadata; a new account cannot take transfers
//   GET  /v1/accounts[/:id]              the list (newest first), or one; POST /v1/accounts/:id updates email, metadata,
//                                        business_profile and requests capabilities
//   POST /v1/account_links               account, type=account_onboarding, refresh_url, return_url: a single-use link to
//                                        the hosted onboarding page, live 300 s as Stripe's
//   POST /v1/transfers                   amount (pence), currency=gbp, destination, transfer_group, description, metadata,
//                                        source_transaction; only to an account whose transfers capability is active
//   GET  /v1/transfers[/:id]             list (destination, transfer_group, created[…]) or one; POST /v1/transfers/:id
//                                        updates description and metadata
//   POST /v1/transfers/:id/reversals     amount (default: all that is left), metadata; partial ones add up in the
//                                        transfer's amount_reversed, and `reversed` once it is all back
//   GET  /v1/transfers/:id/reversals[/:id]
//   GET  /v1/balance_transactions/:id    the platform's side of each transfer (type transfer, negative) and reversal
//                                        (type transfer_refund, positive); the list, with charges and refunds, is
//                                        server.mjs's (one `balance` array, shared)
// and `page()` the pages a partner's browser opens and what only Stripe's side does, for tests to ask for:
//   GET  /setup/e/:account/:token        the hosted onboarding page (plain forms): "Complete onboarding" (enabled),
//                                        "Submit for verification" (details submitted, verification pending) or "Save
//                                        and finish later" (nothing changes); each sends the browser to return_url. A
//                                        link already used or older than 300 s sends it to refresh_url, as Stripe's does.
//   POST /connect/accounts/:id/verify    Stripe finishes a pending verification: the account is enabled
//   POST /connect/accounts/:id/restrict  Stripe asks for a new document: payouts and transfers stop until onboarding again
//   GET  /transfers                      { data: [every transfer with its reversals] }, oldest first
// Every change to an account sends a signed account.updated event (with `account` and data.previous_attributes), a
// transfer transfer.created and a reversal transfer.reversed, to the same webhook as the stand-in's other events.
// No switch: a transfer fails by the tags of its destination account's e-mail (as the mail catcher reads tags), for
// that test's partner alone:
//   ada+onboarded@…           the account is created already enabled (no onboarding page needed)
//   ada+transferfail@…        transfers to it fail (500 api_error, kept under the idempotency key)
//   ada+transferfailtimes2@…  the first 2 transfer requests are refused as a burst is (429 rate_limit), then go through
//   ada+balanceinsufficient@… transfers are refused: the platform's available balance cannot cover them (400)
//   ada+reversalrefused@…     reversals are refused: the partner's balance cannot cover them (400)
import { randomBytes } from 'node:crypto';
import { escapeHtml, readText, sendHtml } from '../lib.mjs';
import {
  answer,
  createdSeconds,
  createdWithin,
  expanded,
  id,
  invalid,
  list,
  nowSeconds,
  pence,
  sendAnswer,
  stripeError,
  stripeEvent,
  tagsOf,
  timesTag,
} from './answers.mjs';

const LINK_SECONDS = 300;
/** What Stripe asks of a UK individual before an Express account can take transfers and be paid out. */
const ONBOARDING_DUE = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
const DOCUMENT_DUE = ['individual.verification.document'];

const requirements = ({ due = [], pending = [], disabled = null } = {}) => ({
  alternatives: [],
  current_deadline: null,
  currently_due: due,
  disabled_reason: disabled,
  errors: [],
  eventually_due: due,
  past_due: due,
  pending_verification: pending,
});

/**
 * Where an account stands, as Stripe shows it: `charges_enabled` follows card_payments (a partner paid only by transfers
 * never takes charges); a transfer needs capabilities.transfers 'active'.
 */
const STANDINGS = {
  new: {
    details: false,
    payouts: false,
    capability: 'inactive',
    requirements: requirements({ due: ONBOARDING_DUE, disabled: 'requirements.past_due' }),
  },
  pending: {
    details: true,
    payouts: false,
    capability: 'pending',
    requirements: requirements({ pending: DOCUMENT_DUE, disabled: 'requirements.pending_verification' }),
  },
  enabled: { details: true, payouts: true, capability: 'active', requirements: requirements() },
  restricted: {
    details: true,
    payouts: false,
    capability: 'inactive',
    requirements: requirements({ due: DOCUMENT_DUE, disabled: 'requirements.past_due' }),
  },
};
const WATCHED = ['capabilities', 'charges_enabled', 'details_submitted', 'payouts_enabled', 'requirements'];

const missing = (param) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/**
 * @param {{ publish: (event: object) => unknown, balance?: object[] }} options
 *   publish: stores an event and sends it to the webhook, as the stand-in's others
 *   balance: the account's one list of balance transactions, which server.mjs's charges and refunds join
 */
export function createConnect({ publish, balance = [] }) {
  const accounts = new Map();
  const links = new Map();
  const transfers = [];
  const balanceTransactions = balance;
  /** Destination account → transfer requests refused so far (+transferfailtimesN). */
  const refusedTransfers = new Map();

  const publicAccount = ({ tags: _, ...account }) => structuredClone(account);

  /** Puts an account in a standing; an actual change sends account.updated with what it was before. */
  function stand(account, standing, { quiet = false } = {}) {
    const before = publicAccount(account);
    const s = STANDINGS[standing];
    account.details_submitted = s.details;
    account.payouts_enabled = s.payouts;
    for (const name of Object.keys(account.capabilities)) account.capabilities[name] = s.capability;
    account.charges_enabled = account.capabilities.card_payments === 'active';
    account.requirements = structuredClone(s.requirements);
    if (s.details && !account.tos_acceptance.date) account.tos_acceptance = { date: nowSeconds(), ip: '127.0.0.1', user_agent: null };
    const previous = Object.fromEntries(
      WATCHED.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(account[key])).map((key) => [key, before[key]]),
    );
    if (!quiet && Object.keys(previous).length)
      publish(stripeEvent('account.updated', publicAccount(account), { account: account.id, previousAttributes: previous }));
  }

  const requestedCapabilities = (params) =>
    Object.entries(params.capabilities ?? {})
      .filter(([, value]) => String(value?.requested) === 'true')
      .map(([name]) => name);

  function createAccount(params) {
    if (params.type !== 'express') return invalid('This stand-in takes type=express only.', 'type');
    const accountId = `acct_${randomBytes(8).toString('hex')}`;
    const account = {
      id: accountId,
      object: 'account',
      business_profile: {
        mcc: null,
        name: null,
        product_description: null,
        support_email: null,
        support_phone: null,
        url: null,
        ...params.business_profile,
      },
      business_type: params.business_type ?? null,
      capabilities: Object.fromEntries(requestedCapabilities(params).map((name) => [name, 'inactive'])),
      charges_enabled: false,
      controller: { is_controller: true, type: 'application' },
      country: params.country ?? 'GB',
      created: nowSeconds(),
      default_currency: 'gbp',
      details_submitted: false,
      email: params.email ?? null,
      external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/accounts/${accountId}/external_accounts` },
      future_requirements: requirements(),
      metadata: params.metadata ?? {},
      payouts_enabled: false,
      requirements: requirements(),
      settings: { payouts: { debit_negative_balances: true, schedule: { delay_days: 7, interval: 'daily' }, statement_descriptor: null } },
      tos_acceptance: { date: null, ip: null, user_agent: null },
      type: 'express',
      tags: tagsOf(params.email),
    };
    accounts.set(accountId, account);
    stand(account, account.tags.includes('onboarded') ? 'enabled' : 'new', { quiet: true });
    return answer(200, publicAccount(account));
  }

  function updateAccount(account, params) {
    if (params.email !== undefined) {
      account.email = params.email || null;
      account.tags = tagsOf(params.email);
    }
    if (params.metadata !== undefined) account.metadata = params.metadata === '' ? {} : { ...account.metadata, ...params.metadata };
    if (params.business_profile) account.business_profile = { ...account.business_profile, ...params.business_profile };
    const added = requestedCapabilities(params).filter((name) => !(name in account.capabilities));
    if (added.length) {
      const before = structuredClone(account.capabilities);
      const status = account.payouts_enabled ? 'active' : account.details_submitted ? 'pending' : 'inactive';
      for (const name of added) account.capabilities[name] = status;
      account.charges_enabled = account.capabilities.card_payments === 'active';
      publish(
        stripeEvent('account.updated', publicAccount(account), { account: account.id, previousAttributes: { capabilities: before } }),
      );
    }
    return answer(200, publicAccount(account));
  }

  /** What Stripe answers for an account the key cannot see (it never says whether it exists). */
  const noAccess = (accountId) =>
    stripeError(
      403,
      'invalid_request_error',
      `The provided key 'sk_test_*****' does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`,
      { code: 'account_invalid' },
    );

  function createLink(params, base) {
    if (!params.account) return missing('account');
    if (!params.type) return missing('type');
    const account = accounts.get(params.account);
    if (!account) return noAccess(params.account);
    if (params.type !== 'account_onboarding')
      return invalid(`This stand-in takes type=account_onboarding only (asked: ${params.type}).`, 'type');
    if (!params.refresh_url) return missing('refresh_url');
    if (!params.return_url) return missing('return_url');
    const token = randomBytes(12).toString('hex');
    const created = nowSeconds();
    links.set(token, {
      account: account.id,
      refreshUrl: params.refresh_url,
      returnUrl: params.return_url,
      expiresAt: created + LINK_SECONDS,
      opened: false,
      used: false,
    });
    return answer(200, {
      object: 'account_link',
      created,
      expires_at: created + LINK_SECONDS,
      url: `${base}/setup/e/${account.id}/${token}`,
    });
  }

  function balanceTransaction(type, amount, source, description) {
    const created = createdSeconds();
    const txn = {
      id: id('txn'),
      object: 'balance_transaction',
      amount,
      available_on: created,
      balance_type: 'payments',
      created,
      currency: 'gbp',
      description: description ?? null,
      exchange_rate: null,
      fee: 0,
      fee_details: [],
      net: amount,
      reporting_category: type === 'transfer' ? 'transfer' : 'transfer_reversal',
      source,
      status: 'available',
      type,
    };
    balanceTransactions.push(txn);
    return txn;
  }

  /** The transfer as the API shows it: the balance transaction expanded when asked. */
  function shown(transfer, expand) {
    const copy = structuredClone(transfer);
    if (expand.includes('balance_transaction'))
      copy.balance_transaction = balanceTransactions.find((t) => t.id === transfer.balance_transaction);
    return copy;
  }

  function createTransfer(params, expand) {
    for (const param of ['amount', 'currency', 'destination']) if (params[param] === undefined) return missing(param);
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    if (params.currency !== 'gbp') return invalid('This stand-in takes GBP only.', 'currency');
    const account = accounts.get(params.destination);
    if (!account) return invalid(`No such destination: '${params.destination}'`, 'destination', 'resource_missing');
    const tags = account.tags;
    if (tags.includes('transferfail')) return stripeError(500, 'api_error', 'A reserved address: transfers to this account fail.');
    const refused = refusedTransfers.get(account.id) ?? 0;
    if (refused < timesTag(tags, 'transferfail')) {
      refusedTransfers.set(account.id, refused + 1);
      return stripeError(429, 'rate_limit_error', 'Too many requests hit the API too quickly.', { code: 'rate_limit' });
    }
    if (account.capabilities.transfers !== 'active')
      return invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      );
    if (tags.includes('balanceinsufficient'))
      return invalid(
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
        undefined,
        'balance_insufficient',
      );
    const transferId = id('tr');
    const transfer = {
      id: transferId,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: balanceTransaction('transfer', -amount, transferId, params.description).id,
      created: createdSeconds(), // as its balance transaction: a test booking a past month (POST /clock) dates both
      currency: 'gbp',
      description: params.description ?? null,
      destination: account.id,
      destination_payment: id('py'),
      livemode: false,
      metadata: params.metadata ?? {},
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${transferId}/reversals` },
      reversed: false,
      source_transaction: params.source_transaction ?? null,
      source_type: 'card',
      transfer_group: params.transfer_group ?? null,
    };
    transfers.push(transfer);
    publish(stripeEvent('transfer.created', structuredClone(transfer)));
    return answer(200, shown(transfer, expand));
  }

  function reverse(transfer, params) {
    if (accounts.get(transfer.destination)?.tags.includes('reversalrefused'))
      return invalid('Insufficient funds in the connected account to cover this reversal.', undefined, 'balance_insufficient');
    const left = transfer.amount - transfer.amount_reversed;
    const wanted = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > left)
      return invalid(
        `You requested a reversal of ${pence(wanted)}, but only ${pence(left)} of this transfer is left to reverse.`,
        'amount',
        'amount_too_large',
      );
    const reversalId = id('trr');
    const reversal = {
      id: reversalId,
      object: 'transfer_reversal',
      amount: wanted,
      balance_transaction: balanceTransaction('transfer_refund', wanted, reversalId, null).id,
      created: createdSeconds(),
      currency: transfer.currency,
      destination_payment_refund: id('pyr'),
      metadata: params.metadata ?? {},
      source_refund: null,
      transfer: transfer.id,
    };
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    transfer.amount_reversed += wanted;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    publish(
      stripeEvent('transfer.reversed', structuredClone(transfer), {
        previousAttributes: { amount_reversed: transfer.amount_reversed - wanted },
      }),
    );
    return answer(200, structuredClone(reversal));
  }

  const noSuch = (kind, objectId, param = 'id') => invalid(`No such ${kind}: '${objectId}'`, param, 'resource_missing');

  function transferApi(method, parts, params, query) {
    if (parts.length === 2) {
      if (method === 'POST') return createTransfer(params, expanded(query, params));
      const within = createdWithin(query);
      const found = transfers.filter(
        (t) =>
          (!query.get('destination') || t.destination === query.get('destination')) &&
          (!query.get('transfer_group') || t.transfer_group === query.get('transfer_group')) &&
          within(t.created),
      );
      return list('/v1/transfers', structuredClone(found), query);
    }
    const transfer = transfers.find((t) => t.id === parts[2]);
    if (!transfer) return noSuch('transfer', parts[2]);
    if (parts.length === 3) {
      if (method === 'POST') {
        if (params.description !== undefined) transfer.description = params.description || null;
        if (params.metadata !== undefined) transfer.metadata = params.metadata === '' ? {} : { ...transfer.metadata, ...params.metadata };
      }
      return answer(200, shown(transfer, expanded(query, params)));
    }
    if (parts[3] !== 'reversals') return undefined;
    if (parts.length === 4) {
      if (method === 'POST') return reverse(transfer, params);
      return list(`/v1/transfers/${transfer.id}/reversals`, structuredClone(transfer.reversals.data).toReversed(), query);
    }
    const reversal = transfer.reversals.data.find((r) => r.id === parts[4]);
    return reversal ? answer(200, structuredClone(reversal)) : noSuch('transfer_reversal', parts[4]);
  }

  function accountApi(method, parts, params, query) {
    if (parts.length === 2) {
      if (method === 'POST') return createAccount(params);
      return list('/v1/accounts', [...accounts.values()].map(publicAccount), query);
    }
    const account = accounts.get(parts[2]);
    if (!account) return noAccess(parts[2]);
    if (parts.length !== 3) return undefined;
    return method === 'POST' ? updateAccount(account, params) : answer(200, publicAccount(account));
  }

  function balanceApi(parts, query) {
    if (parts.length === 3) {
      const txn = balanceTransactions.find((t) => t.id === parts[2]);
      return txn ? answer(200, txn) : noSuch('balance transaction', parts[2]);
    }
    const found = balanceTransactions.filter(
      (t) => (!query.get('source') || t.source === query.get('source')) && (!query.get('type') || t.type === query.get('type')),
    );
    return list('/v1/balance_transactions', found, query);
  }

  // ---- the hosted onboarding page ----

  const redirect = (res, location) => {
    res.writeHead(303, { location, 'content-length': 0 });
    res.end();
    return true;
  };
  const html = (res, status, text) => {
    sendHtml(res, status, text);
    return true;
  };

  function onboardingPage(account, path) {
    const wanted = Object.keys(account.capabilities).join(', ') || 'none';
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set up payouts (Stripe stand-in)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;margin:.5rem 0}form{margin:0}</style>
</head><body><h1>Set up payouts</h1>
<p>This is the local Stripe Connect onboarding stand-in: nothing is checked and no bank account is needed.</p>
<p>Account <code data-fill="account">${escapeHtml(account.id)}</code>${account.email ? ` for ${escapeHtml(account.email)}` : ''}; capabilities asked for: ${escapeHtml(wanted)}.</p>
<form method="post" action="${path}/complete"><button type="submit">Complete onboarding</button></form>
<form method="post" action="${path}/submit"><button type="submit">Submit for verification</button></form>
<form method="post" action="${path}/leave"><button type="submit">Save and finish later</button></form>
</body></html>`;
  }

  async function onboarding(req, res, parts) {
    const [, , accountId, token, action] = parts;
    const link = links.get(token);
    const account = accounts.get(accountId);
    if (!link || !account || link.account !== accountId)
      return html(res, 404, '<!doctype html><title>Not found</title><p>No such onboarding link.</p>');
    const path = `/setup/e/${escapeHtml(accountId)}/${escapeHtml(token)}`;
    const expired = nowSeconds() >= link.expiresAt;
    if (req.method === 'GET' && !action) {
      // Single use, as Stripe's: opened again (a refresh, a shared link), it sends the partner back for a new one.
      if (expired || link.opened) return redirect(res, link.refreshUrl);
      link.opened = true;
      return html(res, 200, onboardingPage(account, path));
    }
    if (req.method !== 'POST' || !['complete', 'submit', 'leave'].includes(action)) return false;
    await readText(req);
    if (expired || link.used) return redirect(res, link.refreshUrl);
    link.used = true;
    if (action === 'complete') stand(account, 'enabled');
    if (action === 'submit') stand(account, 'pending');
    return redirect(res, link.returnUrl);
  }

  /** Stripe's side of an account, for tests: a pending verification finished, or a new document asked for. */
  function accountControl(account, action) {
    if (action === 'verify' && account.requirements.pending_verification.length === 0)
      return answer(400, { error: { message: 'Only an account whose verification is pending can be verified.' } });
    stand(account, action === 'verify' ? 'enabled' : 'restricted');
    return answer(200, publicAccount(account));
  }

  /** One API call, answered as Stripe would (before idempotency); undefined: not a path of Connect's. */
  function api(method, parts, params, query, base) {
    if (parts[1] === 'accounts') return accountApi(method, parts, params, query);
    if (parts[1] === 'account_links' && parts.length === 2 && method === 'POST') return createLink(params, base);
    if (parts[1] === 'transfers') return transferApi(method, parts, params, query);
    if (parts[1] === 'balance_transactions' && method === 'GET' && parts.length <= 3) return balanceApi(parts, query);
    return undefined;
  }

  return {
    /** Whether a /v1 path is Connect's (server.mjs checks the API key first). */
    owns: (parts) => parts[0] === 'v1' && ['accounts', 'account_links', 'transfers', 'balance_transactions'].includes(parts[1]),

    api,

    /** Answers a page or test control of Connect's (not /v1); false: not one. */
    async page(req, res, url, parts) {
      if (parts[0] === 'setup' && parts[1] === 'e') return onboarding(req, res, parts);
      if (req.method === 'POST' && parts[0] === 'connect' && parts[1] === 'accounts' && ['verify', 'restrict'].includes(parts[3])) {
        await readText(req);
        const account = accounts.get(parts[2]);
        sendAnswer(res, account ? accountControl(account, parts[3]) : answer(404, { error: { message: 'No such account.' } }));
        return true;
      }
      if (req.method === 'GET' && url.pathname === '/transfers') {
        sendAnswer(res, answer(200, { object: 'list', data: structuredClone(transfers) }));
        return true;
      }
      return false;
    },
  };
}
