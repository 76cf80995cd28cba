import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { API_PATHS } from '~/lib/api';
import { apiBase, call, unique, validContact, validQuote } from './helpers';

const PATHS = ['/api/send-quote-email', '/api/send-contact-email', '/api/request-callback'] as const;
const RUNS = 2_000;

/** Strings that have broken parsers before: control characters, huge numbers, lone surrogates, markup, SQL. */
const nasty = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\r\n',
    '\ud800',
    '<script>alert(1)</script>',
    "'; DROP TABLE quote_requests; --",
    '1e309',
    'NaN',
    '__proto__',
    'x'.repeat(6000),
  ),
);

const anyValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 5 }),
  fc.dictionary(nasty, nasty, { maxKeys: 4 }),
);

/** A valid body with some fields replaced by nonsense or removed. */
function mutated(base: Record<string, unknown>) {
  const keys = Object.keys(base);
  return fc
    .record({
      changes: fc.array(fc.tuple(fc.constantFrom(...keys, 'website', 'extra', '__proto__'), fc.option(anyValue, { nil: undefined })), {
        minLength: 1,
        maxLength: 4,
      }),
    })
    .map(({ changes }) => {
      const body: Record<string, unknown> = { ...base };
      for (const [key, value] of changes) {
        if (value === undefined) delete body[key];
        else body[key] = value;
      }
      // Keep a filled honeypot rare: it answers before validation and would hide the interesting paths.
      if (typeof body.website === 'string' && body.website.trim() !== '') delete body.website;
      return JSON.stringify(body);
    });
}

const bodies = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...PATHS)
      .chain((path) =>
        mutated(
          path === PATHS[0]
            ? validQuote({ idempotencyKey: 'fuzz-key-fixed-0001' })
            : path === PATHS[1]
              ? validContact()
              : { name: 'Alan', phone: '0161 496 0000' },
        ).map((body) => ({ path, body, type: 'application/json' })),
      ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      path: fc.constantFrom(...PATHS),
      body: fc.jsonValue().map((v) => JSON.stringify(v)),
      type: fc.constant('application/json'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      path: fc.constantFrom(...PATHS),
      body: nasty,
      type: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data', ''),
    }),
  },
);

describe('fuzz: malformed bodies never cause a 5xx', () => {
  it(`sends ${RUNS} malformed bodies to the three endpoints`, async () => {
    const samples = fc.sample(bodies, { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    async function worker() {
      while (next < samples.length) {
        const sample = samples[next++]!;
        const response = await call(sample.path, sample.body, {
          contentType: sample.type,
          headers: sample.type === 'application/x-www-form-urlencoded' ? { Origin: 'http://127.0.0.1' } : {},
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${response.status} ${sample.path} ${sample.type} ${sample.body.slice(0, 200)}`);
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log('fuzz answers by status:', Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
  }, 300_000);
});

/** The sign-in, account and referral routes (issue 19): form bodies, link tokens and session cookies of any shape. */
const accountRequests = fc.oneof(
  fc.record({
    kind: fc.constant('login' as const),
    body: fc.oneof(
      nasty.map((email) => new URLSearchParams({ email }).toString()),
      fc.dictionary(nasty, nasty, { maxKeys: 4 }).map((fields) => new URLSearchParams(fields).toString()),
      nasty,
    ),
    type: fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'multipart/form-data', ''),
    sameOrigin: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('verify' as const), token: nasty }),
  fc.record({
    kind: fc.constantFrom('account' as const, 'referral' as const, 'signOut' as const, 'signOutEverywhere' as const),
    // Printable ASCII as it is (quotes, commas, backslashes), every other byte of the UTF-8 percent-encoded.
    cookie: nasty.map((value) =>
      [...Buffer.from(value)]
        .map((b) => (b > 0x20 && b < 0x7f && b !== 0x3b && b !== 0x25 ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`))
        .join(''),
    ),
  }),
);

/** Sends every sample, four at a time, and answers the ones the Worker met with a 5xx. */
async function serverErrors<T>(samples: T[], send: (sample: T) => Promise<Response>): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  async function worker() {
    while (next < samples.length) {
      const sample = samples[next++]!;
      const response = await send(sample);
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`${response.status} ${JSON.stringify(sample).slice(0, 200)}`);
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}

const ACCOUNT_RUNS = 400;

describe('fuzz: the sign-in and account routes never cause a 5xx', () => {
  it(`sends ${ACCOUNT_RUNS} odd requests to them`, async () => {
    const samples = fc.sample(accountRequests, { numRuns: ACCOUNT_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) });
    async function send(sample: (typeof samples)[number]): Promise<Response> {
      switch (sample.kind) {
        case 'login':
          return call(ACCOUNT_PATHS.login, sample.body, {
            contentType: sample.type,
            client: unique('fuzz-login'),
            headers: sample.sameOrigin ? { Origin: apiBase() } : {},
          });
        case 'verify':
          return fetch(`${apiBase()}${ACCOUNT_PATHS.verify}?${new URLSearchParams({ t: sample.token })}`, { redirect: 'manual' });
        default:
          return fetch(`${apiBase()}${ACCOUNT_PATHS[sample.kind]}`, {
            method: sample.kind === 'account' || sample.kind === 'referral' ? 'GET' : 'POST',
            redirect: 'manual',
            headers: { Cookie: `shiftly-session=${sample.cookie}`, Origin: apiBase() },
          });
      }
    }
    expect(await serverErrors(samples, send)).toEqual([]);
  }, 300_000);
});

const MANAGE_RUNS = 300;

describe('fuzz: the manage page and the staff link never cause a 5xx', () => {
  it(`sends ${MANAGE_RUNS} odd posts and links to them`, async () => {
    const made = await call('/api/send-quote-email', validQuote());
    expect(made.status).toBe(201);
    const url = new URL(((await made.json()) as { confirmationUrl: string }).confirmationUrl, apiBase());
    const [ref, t] = [url.searchParams.get('ref')!, url.searchParams.get('t')!];
    const actions = ['date', 'date-confirm', 'access', 'book', 'book-confirm', 'cancel', 'cancel-confirm', 'confirm', 'decline'];
    const field = fc.oneof(nasty, fc.constantFrom(...actions, '2026-12-12', 'second', 'over-50m', ''));
    const requests = fc.oneof(
      fc.record({
        kind: fc.constantFrom('manage' as const, 'staff' as const),
        // The quote's own reference and token most of the time, so the posts get past the link check.
        ref: fc.oneof(fc.constant(ref), nasty),
        t: fc.oneof(fc.constant(t), nasty),
        fields: fc.dictionary(
          fc.constantFrom('action', 'moveDate', 'fromFloor', 'toParking', 'awkward', 'items', 'note', 'website', 'extra'),
          field,
          { maxKeys: 5 },
        ),
        type: fc.constantFrom('application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'application/json', ''),
      }),
      fc.record({ kind: fc.constant('staffLink' as const), ref: nasty, t: nasty }),
    );
    const samples = fc.sample(requests, { numRuns: MANAGE_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261124) });
    async function send(sample: (typeof samples)[number]): Promise<Response> {
      if (sample.kind === 'staffLink') {
        return fetch(`${apiBase()}/quote-staff?${new URLSearchParams({ ref: sample.ref, t: sample.t })}`, { redirect: 'manual' });
      }
      const path = sample.kind === 'manage' ? '/quote-confirmation' : '/quote-staff';
      return call(path, new URLSearchParams({ ref: sample.ref, t: sample.t, ...sample.fields }).toString(), {
        contentType: sample.type,
        client: unique('fuzz-manage'),
        headers: { Origin: apiBase() },
      });
    }
    expect(await serverErrors(samples, send)).toEqual([]);
  }, 300_000);
});

const CODE_RUNS = 300;

describe('fuzz: the code check never causes a 5xx', () => {
  it(`sends ${CODE_RUNS} odd bodies and session cookies to ${API_PATHS.code}`, async () => {
    const requests = fc.record({
      body: fc.oneof(
        fc
          .oneof(nasty, fc.constantFrom('FIRSTMOVE10', 'shiftfriend', '2222 2222 2222', '7K2M-9XH4-QR3T'))
          .map((promoCode) => JSON.stringify({ promoCode })),
        fc.jsonValue().map((value) => JSON.stringify(value)),
        nasty,
      ),
      cookie: fc.option(fc.stringMatching(/^[\w-]{0,60}$/), { nil: undefined }),
    });
    const samples = fc.sample(requests, { numRuns: CODE_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261126) });
    const send = (sample: (typeof samples)[number]) =>
      call(API_PATHS.code, sample.body, { headers: sample.cookie === undefined ? {} : { Cookie: `shiftly-session=${sample.cookie}` } });
    expect(await serverErrors(samples, send)).toEqual([]);
  }, 300_000);
});
