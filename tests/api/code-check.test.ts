/**
 * Issue 30, item 7, over HTTP: a code is recognised only by the server's answer, and that answer never depends on an
 * e-mail address. POST /api/check-code answers the wizard as the quote itself would; "your own code" is said only to
 * the signed-in owner, through the session cookie; the plain form's price names a discount only for a code the server
 * takes.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';
import { referral } from '~/data/referral';
import { REFERRAL_MESSAGES } from '~/lib/referral';
import { promo } from '~/site.config';
import { ACCOUNT_PATHS } from '~/lib/account';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import { apiBase, call, expectLimitedAfter, nextWeekday, unique } from './helpers';
import { readPage } from './html';
import { COOKIE, signedInCustomer } from './sign-in';

const NOT_A_CODE = 'This promo code is not recognised.';

const check = (body: unknown, headers: Record<string, string> = {}, client?: string) =>
  call(API_PATHS.code, body, { headers, ...(client ? { client } : {}) });

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as unknown };
}

const refused = (message: string) => ({
  status: 400,
  body: { error: { code: 'validation_failed', message: 'Please check the highlighted fields.', fields: { promoCode: message } } },
});

/** A customer with a quote, signed in, and the referral code /account shows them. */
async function codeOwner(): Promise<{ email: string; cookie: string; code: string }> {
  const { email, cookie } = await signedInCustomer('owner');
  const account = await fetch(`${apiBase()}${ACCOUNT_PATHS.account}`, { headers: { Cookie: `${COOKIE}=${cookie}` } });
  const code = readPage(await account.text()).filled('referral-code');
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  return { email, cookie, code };
}

describe('POST /api/check-code', () => {
  it('takes FIRSTMOVE10, SHIFTFRIEND and a customer’s code however typed, each answered as we write it', async () => {
    const { code } = await codeOwner();
    const loosely = code.toLowerCase().replaceAll('-', ' ');
    expect(await answer(await check({ promoCode: ' firstmove10 ' }))).toEqual({ status: 200, body: { code: promo.code, kind: 'promo' } });
    expect(await answer(await check({ promoCode: referral.sharedCode.toLowerCase() }))).toEqual({
      status: 200,
      body: { code: referral.sharedCode, kind: 'friend' },
    });
    expect(await answer(await check({ promoCode: loosely }))).toEqual({ status: 200, body: { code, kind: 'friend' } });
  });

  it('refuses a made-up friend’s code, and what is not a code, on the code’s field', async () => {
    expect(await answer(await check({ promoCode: '2222 2222 2222' }))).toEqual(refused(REFERRAL_MESSAGES.unknown));
    expect(await answer(await check({ promoCode: 'HALFPRICE' }))).toEqual(refused(NOT_A_CODE));
    expect(await answer(await check({ promoCode: '' }))).toEqual(refused(NOT_A_CODE));
    expect(await answer(await check({}))).toEqual(refused(NOT_A_CODE));
    expect(await answer(await check({ promoCode: 42 }))).toEqual(refused(NOT_A_CODE));
  });

  it('answers the same whatever address comes with the code: only the signed-in owner hears it is their own', async () => {
    const owner = await codeOwner();
    const other = await codeOwner();
    const taken = { status: 200, body: { code: owner.code, kind: 'friend' } };
    // Signed out, with the owner's address, another address or none: one answer.
    for (const body of [{}, { email: owner.email }, { email: other.email }]) {
      expect(await answer(await check({ promoCode: owner.code, ...body })), JSON.stringify(body)).toEqual(taken);
    }
    expect(await answer(await check({ promoCode: owner.code }, { Cookie: `${COOKIE}=${other.cookie}` }))).toEqual(taken);
    expect(await answer(await check({ promoCode: owner.code }, { Cookie: `${COOKIE}=${owner.cookie}` }))).toEqual(
      refused(REFERRAL_MESSAGES.own),
    );
  });

  it('refuses what every endpoint refuses: another method, another media type, a body that is not JSON', async () => {
    expect((await answer(await call(API_PATHS.code, '', { method: 'GET' }))).status).toBe(405);
    expect(
      (await answer(await call(API_PATHS.code, 'promoCode=FIRSTMOVE10', { contentType: 'application/x-www-form-urlencoded' }))).status,
    ).toBe(415);
    expect((await answer(await call(API_PATHS.code, '{"promoCode":'))).body).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('takes 60 checks a minute from one client (the test environment’s limit), then 429 with Retry-After', async () => {
    const client = unique('codes');
    const limited = await expectLimitedAfter(60, () => check({ promoCode: promo.code }, {}, client), 60, 200);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a minute and try again.' },
    });
  });
});

describe('the plain form’s price with a code', () => {
  const FORM = 'application/x-www-form-urlencoded';
  async function priced(promoCode: string) {
    const body = new URLSearchParams({
      ...BLANK_QUOTE_FORM,
      action: 'price',
      propertyId: 'studio',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'M1 1AE',
      moveDate: nextWeekday(3),
      promoCode,
    });
    const posted = await call(PAGE_PATHS.quote, body.toString(), { contentType: FORM, headers: { Origin: apiBase() } });
    expect(posted.status).toBe(303);
    return readPage(await (await fetch(new URL(posted.headers.get('location')!, apiBase()))).text());
  }

  it('names the discount only for a code the server takes, and says at the field why another is not taken', async () => {
    const made = await priced('2222 2222 2222');
    expect(made.shown('price')).toBe(true);
    expect(made.shown('price:promo')).toBe(false);
    expect(made.filled('error:promoCode')).toBe(REFERRAL_MESSAGES.unknown);
    expect(made.value('promoCode')).toBe('2222 2222 2222');

    const { code } = await codeOwner();
    const real = await priced(code.toLowerCase());
    expect(real.shown('price:promo')).toBe(true);
    expect(real.filled('price:promo')).toMatch(
      new RegExp(`^£[\\d,]+\\.\\d\\d with ${code} when you book \\(${referral.friendDiscount} off`),
    );
    expect(real.shown('error:promoCode')).toBe(false);
  });
});
