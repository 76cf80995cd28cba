/**
 * Signing in without a password and /account (issue 19), over HTTP against the Worker, with the sign-in e-mails read
 * from the mail catcher and the stored hashes from D1.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, SESSION_DAYS, SIGN_IN_LINK_FIELD, SIGN_IN_LINK_MINUTES } from '~/lib/account';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, formatLongDate } from '~/lib/dates';
import { ERASURE_TEXT } from '~/lib/erasure';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import { openDay } from '../shared/dates';
import { bookingStaffLink, bookMove, BUSINESS, requestBooking } from './bookings';
import { apiBase, call, emailsTo, query, runCron, unique, validContact, validQuote } from './helpers';
import { readPage } from './html';
import { askForLink, COOKIE, get, linkPage, openLink, post, sessionFrom, signIn, signInEmails, signInLink } from './sign-in';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function makeQuote(email: string, overrides: Record<string, unknown> = {}): Promise<QuoteAnswer> {
  const response = await call(API_PATHS.quote, validQuote({ email, ...overrides }));
  expect(response.status).toBe(201);
  return (await response.json()) as QuoteAnswer;
}

describe('signing in with an e-mailed link', () => {
  it('sends a single-use link, stored hashed, that starts a 30-day session stored hashed', async () => {
    const email = `${unique('kim')}@example.com`;
    const quote = await makeQuote(email);

    // Typed with capitals and spaces: the account is the address, however it is written.
    const answer = await askForLink(`  ${email.toUpperCase()} `);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const page = readPage(await answer.text());
    expect(page.shown('sent')).toBe(true);
    expect(page.shown('errors')).toBe(false);

    const path = await signInLink(email);
    const token = new URL(path, apiBase()).searchParams.get('t')!;
    expect(Buffer.from(token, 'base64url').byteLength).toBeGreaterThanOrEqual(16);
    const [link] = query<{ token_hash: string; created_at: string; expires_at: string }>(
      'SELECT token_hash, created_at, expires_at FROM sign_in_links WHERE email = ?',
      email,
    );
    expect(link!.token_hash).toBe(sha256(token));
    expect(Date.parse(link!.expires_at) - Date.parse(link!.created_at)).toBe(SIGN_IN_LINK_MINUTES * 60_000);
    expect(JSON.stringify(query('SELECT * FROM email_outbox WHERE recipient = ?', email))).not.toContain(token);

    const session = await openLink(path);
    const [stored] = query<{ token_hash: string; email: string }>('SELECT token_hash, email FROM sessions WHERE email = ?', email);
    expect(stored!.token_hash).toBe(sha256(session));

    // Used once: the same link again is refused with the sign-in page and its notice.
    const again = await get(path);
    expect(again.status).toBe(400);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(readPage(await again.text()).shown('expired')).toBe(true);

    const account = await get(ACCOUNT_PATHS.account, session);
    expect(account.status).toBe(200);
    expect(account.headers.get('cache-control')).toBe('no-store');
    expect(account.headers.get('x-robots-tag')).toBe('noindex');
    const html = await account.text();
    expect(html).toContain(quote.reference);
    expect(readPage(html).filled('email')).toBe(email);
  });

  it('answers an unknown address with the same page, and sends it nothing', async () => {
    const known = `${unique('known')}@example.com`;
    const unknown = `${unique('unknown')}@example.com`;
    await makeQuote(known);
    const [forUnknown, forKnown] = await Promise.all([askForLink(unknown), askForLink(known)]);
    expect([forUnknown.status, forKnown.status]).toEqual([200, 200]);
    const bodies = await Promise.all([forUnknown.text(), forKnown.text()]);
    expect(bodies[0].replaceAll(unknown, 'ADDRESS')).toBe(bodies[1].replaceAll(known, 'ADDRESS'));
    await signInLink(known);
    expect(await emailsTo(unknown)).toEqual([]);
    expect(await signInEmails(known)).toHaveLength(1);
    expect(query('SELECT * FROM sign_in_links WHERE email = ?', unknown)).toEqual([]);
  });

  it('spends nothing when a link is opened (HEAD, then GET, as a mail scanner does); only the button’s post signs in, once', async () => {
    const email = `${unique('scanned')}@example.com`;
    await makeQuote(email);
    await askForLink(email);
    const path = await signInLink(email);
    const token = new URL(path, apiBase()).searchParams.get(SIGN_IN_LINK_FIELD)!;
    const unused = () => query('SELECT used_at FROM sign_in_links WHERE token_hash = ?', sha256(token));

    const head = await get(path, undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const { response: opened, token: inForm } = await linkPage(path);
    expect(unused()).toEqual([{ used_at: null }]);
    expect(inForm).toBe(token);
    for (const response of [head, opened]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // Opening it again (the customer, after the scanner) still shows the button.
    expect((await linkPage(path)).token).toBe(token);

    // Another site's form cannot spend it, whatever it claims; the link still works afterwards.
    const postToken = (origin: string, headers: Record<string, string> = {}) =>
      post(ACCOUNT_PATHS.verify, undefined, origin, { [SIGN_IN_LINK_FIELD]: token }, headers);
    for (const forged of [await postToken('https://evil.example'), await postToken('null', { 'Sec-Fetch-Site': 'cross-site' })]) {
      expect(forged.status).toBe(403);
      expect(forged.headers.getSetCookie()).toEqual([]);
    }
    expect(unused()).toEqual([{ used_at: null }]);

    // The page is no-referrer, so the browser posts `Origin: null`; its Fetch Metadata says it is this site's own page.
    const signIn = () => postToken('null', { 'Sec-Fetch-Site': 'same-origin' });
    const session = sessionFrom(await signIn());
    expect(query('SELECT email FROM sessions WHERE token_hash = ?', sha256(session))).toEqual([{ email }]);
    expect((await get(ACCOUNT_PATHS.account, session)).status).toBe(200);

    // Once: a second post, and a later opening, say the link cannot be used, and start nothing.
    const again = await signIn();
    expect(again.status).toBe(400);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(readPage(await again.text()).shown('expired')).toBe(true);
    const reopened = await get(path);
    expect(reopened.status).toBe(400);
    expect(readPage(await reopened.text()).shown('expired')).toBe(true);
    expect(query('SELECT email FROM sessions WHERE email = ?', email)).toHaveLength(1);
  });

  it('does the same work before answering a known and an unknown address: the e-mail work waits until after the answer', async () => {
    // Timing would be a flaky witness; the D1 round trips made before the answer are not (the test env counts them).
    for (let round = 0; round < 3; round += 1) {
      const known = `${unique('before-known')}@example.com`;
      const unknown = `${unique('before-unknown')}@example.com`;
      await makeQuote(known);
      const forKnown = await askForLink(known);
      const forUnknown = await askForLink(unknown);
      await Promise.all([forKnown.arrayBuffer(), forUnknown.arrayBuffer()]);
      // Not even the look-up of whether the address has quotes happens before the answer.
      expect([forKnown.headers.get('x-d1-round-trips'), forUnknown.headers.get('x-d1-round-trips')], `round ${round}`).toEqual(['0', '0']);
      await signInLink(known);
    }
  });

  it('refuses a link after 15 minutes (the cron trigger sweeps it) and a made-up one, alike', async () => {
    const email = `${unique('late')}@example.com`;
    await makeQuote(email);
    await askForLink(email);
    const path = await signInLink(email);
    await runCron(new Date(Date.now() + (SIGN_IN_LINK_MINUTES + 1) * 60_000));
    expect(query('SELECT * FROM sign_in_links WHERE email = ?', email)).toEqual([]);
    const late = await get(path);
    const madeUp = await get(`${ACCOUNT_PATHS.verify}?t=${'A'.repeat(32)}`);
    const missing = await get(ACCOUNT_PATHS.verify);
    const token = new URL(path, apiBase()).searchParams.get(SIGN_IN_LINK_FIELD)!;
    const latePost = await post(ACCOUNT_PATHS.verify, undefined, apiBase(), { [SIGN_IN_LINK_FIELD]: token });
    const missingPost = await post(ACCOUNT_PATHS.verify, undefined);
    // Not a token as made (32 letters, digits, - or _): the same notice.
    const malformedPost = await post(ACCOUNT_PATHS.verify, undefined, apiBase(), { [SIGN_IN_LINK_FIELD]: `${token.slice(1)}!` });
    for (const response of [late, madeUp, missing, latePost, missingPost, malformedPost]) {
      expect(response.status).toBe(400);
      expect(readPage(await response.text()).shown('expired')).toBe(true);
    }
  });

  it('shows the field message for an address that is not one, and keeps what was typed', async () => {
    const response = await askForLink('not-an-address');
    expect(response.status).toBe(400);
    const page = readPage(await response.text());
    expect(page.filled('error:email')).toBe('Please enter a valid email address.');
    expect(page.value('email')).toBe('not-an-address');
    expect(page.shown('sent')).toBe(false);
  });

  it('refuses a sign-in form posted from another site, and sends nothing', async () => {
    const email = `${unique('csrf')}@example.com`;
    await makeQuote(email);
    const response = await askForLink(email, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(readPage(await response.text()).filled('error:form')).toBe('This form can only be sent from our website.');
    const other = `${unique('after-csrf')}@example.com`;
    await makeQuote(other);
    await signIn(other);
    expect(await signInEmails(email)).toEqual([]);
  });

  it('limits sign-in requests per client', async () => {
    const client = unique('signin-client');
    let answered = 0;
    for (;;) {
      const response = await askForLink(`${unique('nobody')}@example.com`, { client });
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toBe('60');
        break;
      }
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      answered += 1;
      expect(answered).toBeLessThan(40);
    }
    expect(answered).toBeGreaterThanOrEqual(20);
  });
});

describe('/account', () => {
  it('lists every quote of its own address, newest first, and opens only those', async () => {
    const first = `${unique('first')}@example.com`;
    const second = `${unique('second')}@example.com`;
    const older = await makeQuote(first);
    const newer = await makeQuote(first);
    const theirs = await makeQuote(second);
    const mine = await signIn(first);
    const other = await signIn(second);

    const html = await (await get(ACCOUNT_PATHS.account, mine)).text();
    expect(html.indexOf(newer.reference)).toBeGreaterThan(-1);
    expect(html.indexOf(newer.reference)).toBeLessThan(html.indexOf(older.reference));
    expect(html).not.toContain(theirs.reference);
    const otherHtml = await (await get(ACCOUNT_PATHS.account, other)).text();
    expect(otherHtml).toContain(theirs.reference);
    expect(otherHtml).not.toContain(older.reference);

    // The owner opens a quote from the list; anyone else gets the same 404 as a wrong link.
    const own = await get(`/quote-confirmation?ref=${older.reference}`, mine);
    expect(own.status).toBe(200);
    expect(readPage(await own.text()).filled('reference')).toBe(older.reference);
    // Its calendar file too, linked from that page without a token.
    const calendar = await get(`/api/quote-calendar?ref=${older.reference}`, mine);
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toContain(older.reference);
    expect((await get(`/api/quote-calendar?ref=${older.reference}`, other)).status).toBe(404);
    for (const cookie of [other, undefined, 'A'.repeat(32)]) {
      // The same visitor's answer to a wrong link (a session's header reads "Your moves" on every page).
      const wrongLink = await (await get(`/quote-confirmation?ref=${older.reference}&t=${'A'.repeat(32)}`, cookie)).text();
      const refused = await get(`/quote-confirmation?ref=${older.reference}`, cookie);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe(wrongLink);
    }
  });

  it('sends a visitor without a session to /login, and shows the header link as "Your moves" to a session', async () => {
    for (const cookie of [undefined, 'A'.repeat(32)]) {
      const response = await get(ACCOUNT_PATHS.account, cookie);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(ACCOUNT_PATHS.login);
    }
    const email = `${unique('header')}@example.com`;
    await makeQuote(email);
    const session = await signIn(email);
    const signedIn = await get('/', session);
    const html = await signedIn.text();
    expect(html).toMatch(/<a href="\/account"[^>]*>Your moves<\/a>/);
    expect(html).not.toMatch(/<a href="\/login"/);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    const signedOut = await (await get('/')).text();
    expect(signedOut).toMatch(/<a href="\/login"[^>]*>\s*Sign in\s*<\/a>/);
  });

  it('signs out this device, or every device, from a page of this site only', async () => {
    const email = `${unique('out')}@example.com`;
    await makeQuote(email);
    const laptop = await signIn(email, 1);
    const phone = await signIn(email, 2);
    const tablet = await signIn(email, 3);

    const forged = await post(ACCOUNT_PATHS.signOut, laptop, 'https://evil.example');
    expect(forged.status).toBe(403);
    expect((await get(ACCOUNT_PATHS.account, laptop)).status).toBe(200);

    const out = await post(ACCOUNT_PATHS.signOut, laptop);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(ACCOUNT_PATHS.login);
    expect(out.headers.getSetCookie().join()).toMatch(new RegExp(`${COOKIE}=;.*Max-Age=0`, 'i'));
    expect((await get(ACCOUNT_PATHS.account, laptop)).status).toBe(303);
    expect((await get(ACCOUNT_PATHS.account, phone)).status).toBe(200);

    expect((await post(ACCOUNT_PATHS.signOutEverywhere, phone)).status).toBe(303);
    for (const cookie of [phone, tablet]) expect((await get(ACCOUNT_PATHS.account, cookie)).status).toBe(303);
    expect(query('SELECT * FROM sessions WHERE email = ?', email)).toEqual([]);
  });

  it('lets the cron trigger sweep sessions after 30 days', async () => {
    const email = `${unique('old')}@example.com`;
    await makeQuote(email);
    const session = await signIn(email);
    await runCron(new Date(Date.now() + (SESSION_DAYS + 1) * 86_400_000));
    expect(query('SELECT * FROM sessions WHERE email = ?', email)).toEqual([]);
    expect((await get(ACCOUNT_PATHS.account, session)).status).toBe(303);
  });
});

describe('Delete my data', () => {
  it('asks first, then deletes every quote and message of the address and e-mails to confirm', async () => {
    const email = `${unique('erase')}@example.com`;
    const keep = `${unique('keep')}@example.com`;
    const quotes = [await makeQuote(email), await makeQuote(email.toUpperCase())];
    const kept = await makeQuote(keep);
    expect((await call(API_PATHS.contact, validContact({ email }))).status).toBe(201);
    const session = await signIn(email);
    const references = quotes.map((quote) => quote.reference);

    const confirm = await get(ACCOUNT_PATHS.deleteData, session);
    expect(confirm.status).toBe(200);
    const page = readPage(await confirm.text());
    expect(page.shown('delete-confirm')).toBe(true);
    expect(page.filled('email')).toBe(email);
    expect(readPage(await (await get(ACCOUNT_PATHS.account, session)).text()).shown('delete-confirm')).toBe(false);

    expect((await post(ACCOUNT_PATHS.deleteData, session, 'https://evil.example')).status).toBe(403);
    expect(query('SELECT reference FROM quote_requests WHERE lower(email) = ?', email)).toHaveLength(2);
    // Showing /account made the address's referral code: it is the address's data too.
    expect(query('SELECT email FROM referral_codes WHERE email = ?', email)).toEqual([{ email }]);

    const deleted = await post(ACCOUNT_PATHS.deleteData, session);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().join()).toMatch(new RegExp(`${COOKIE}=;.*Max-Age=0`, 'i'));
    expect(readPage(await deleted.text()).shown('deleted')).toBe(true);

    expect(query('SELECT * FROM quote_requests WHERE lower(email) = ?', email)).toEqual([]);
    expect(query('SELECT * FROM contact_messages WHERE lower(email) = ?', email)).toEqual([]);
    expect(query('SELECT * FROM sessions WHERE email = ?', email)).toEqual([]);
    expect(query('SELECT * FROM sign_in_links WHERE email = ?', email)).toEqual([]);
    expect(query('SELECT * FROM referral_codes WHERE email = ?', email)).toEqual([]);
    for (const reference of references) {
      expect(query('SELECT * FROM quote_view_tokens WHERE reference = ?', reference)).toEqual([]);
      expect(query('SELECT * FROM email_outbox WHERE record_reference = ?', reference)).toEqual([]);
      expect((await get(quotes[references.indexOf(reference)]!.confirmationUrl)).status).toBe(404);
    }
    // Only the confirmation is left in the outbox for the address, and it arrives.
    expect(query<{ record_type: string }>('SELECT record_type FROM email_outbox WHERE lower(recipient) = ?', email)).toEqual([
      { record_type: 'account' },
    ]);
    await expect.poll(async () => (await emailsTo(email)).filter((e) => e.subject === 'Your Shiftly data has been deleted').length).toBe(1);
    const confirmation = (await emailsTo(email)).find((e) => e.subject === 'Your Shiftly data has been deleted')!;
    expect(confirmation.text).toContain('2 quotes and 1 message');

    expect((await get(ACCOUNT_PATHS.account, session)).status).toBe(303);
    expect(query('SELECT * FROM quote_requests WHERE reference = ?', kept.reference)).toHaveLength(1);
  });
});

describe('Delete my data keeps what must be kept (issue 30, item 3)', () => {
  const FORM = 'application/x-www-form-urlencoded';
  const erasureEmails = async (reference: string) =>
    (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference) && e.subject.includes('deleted their data'));
  const count = (sql: string, reference: string) => query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql}`, reference)[0]!.n;

  it('keeps a booked move whose day has not come, says what and why, tells the business; erases the rest, saved forms too', async () => {
    const email = `${unique('booked')}@example.com`;
    const bookedDate = openDay(5);
    const booked = await makeQuote(email, { moveDate: bookedDate });
    await bookMove(booked);
    const requestedDate = openDay(7);
    const requested = await makeQuote(email, { moveDate: requestedDate });
    await requestBooking(requested);
    const requestStaffLink = await bookingStaffLink(requested.reference);
    const quoted = await makeQuote(email);
    expect((await call(API_PATHS.contact, validContact({ email }))).status).toBe(201);
    // The plain quote form's saved state after "Check my price", typed with capitals and a space.
    const typed = { ...BLANK_QUOTE_FORM, action: 'price', propertyId: 'studio', fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE' };
    const saved = await call(
      PAGE_PATHS.quote,
      new URLSearchParams({
        ...typed,
        moveDate: bookedDate,
        name: 'Ada Lovelace',
        email: ` ${email.toUpperCase()}`,
        phone: '07700 900123',
      }).toString(),
      { contentType: FORM, client: unique('erase-form'), headers: { Origin: apiBase() } },
    );
    expect(saved.status).toBe(303);
    const formPage = saved.headers.get('location')!;
    expect(readPage(await (await get(formPage)).text()).value('phone')).toBe('07700 900123');
    const session = await signIn(email);
    const keptRows = () => ({
      tokens: count('quote_view_tokens WHERE reference = ?', booked.reference),
      events: count('quote_events WHERE reference = ?', booked.reference),
      emails: count('email_outbox WHERE record_reference = ?', booked.reference),
    });
    const before = keptRows();

    const deleted = await post(ACCOUNT_PATHS.deleteData, session);
    expect(deleted.status).toBe(200);
    const html = await deleted.text();
    const page = readPage(html);
    expect(page.shown('deleted')).toBe(true);
    expect(page.shown('deleted:all')).toBe(false);
    expect(page.shown('deleted:kept')).toBe(true);
    expect(page.filled('kept-moves')).toBe(`move ${booked.reference} on ${formatLongDate(bookedDate)}`);
    expect(html).toContain('UK GDPR Article 17(1)(a)');
    // Signed out everywhere: the header offers "Sign in" again, though the request still carried the old cookie.
    expect(html).toMatch(/<a href="\/login"[^>]*>\s*Sign in\s*<\/a>/);
    expect(page.shown('deleted:withdrawn')).toBe(true);
    expect(page.filled('withdrawn-requests')).toBe(`move ${requested.reference} on ${formatLongDate(requestedDate)}`);

    // Kept: the booked move, its links, history and e-mails; still the customer's to open.
    expect(query('SELECT reference, status FROM quote_requests WHERE lower(email) = ?', email)).toEqual([
      { reference: booked.reference, status: 'booked' },
    ]);
    expect(keptRows()).toEqual(before);
    expect(before.tokens * before.events * before.emails).toBeGreaterThan(0);
    const link = await get(booked.confirmationUrl);
    expect(link.status).toBe(200);
    expect(readPage(await link.text()).filled('reference')).toBe(booked.reference);

    // Everything else is gone, the saved form state included.
    for (const reference of [requested.reference, quoted.reference]) {
      for (const table of ['quote_view_tokens', 'quote_staff_tokens', 'quote_events', 'email_outbox']) {
        const column = table === 'email_outbox' ? 'record_reference' : 'reference';
        expect(count(`${table} WHERE ${column} = ?`, reference), `${table} ${reference}`).toBe(0);
      }
      expect((await get(`/quote-confirmation?ref=${reference}`)).status).toBe(404);
    }
    expect((await get(requestStaffLink.pathname + requestStaffLink.search)).status).toBe(404);
    for (const table of ['contact_messages WHERE lower(email) = ?', 'sessions WHERE email = ?', 'sign_in_links WHERE email = ?']) {
      expect(count(table, email), table).toBe(0);
    }
    expect(count('referral_codes WHERE email = ?', email)).toBe(0);
    const formAfter = await (await get(formPage)).text();
    expect(readPage(formAfter).value('email')).toBe('');
    expect(formAfter).not.toContain('07700 900123');
    expect((await get(ACCOUNT_PATHS.account, session)).status).toBe(303);

    // The business hears, by reference: one to carry out, one withdrawn; nothing about the plain quote, no address.
    await expect.poll(async () => (await erasureEmails(booked.reference)).length).toBe(1);
    const [business] = await erasureEmails(booked.reference);
    expect([business!.to].flat()).toEqual([BUSINESS]);
    expect(business!.subject).toContain(requested.reference);
    expect(business!.text).toContain(`${booked.reference}: Booked for ${formatLongDate(bookedDate)}: KEPT`);
    expect(business!.text).toContain(`${requested.reference}: Booking requested for`);
    expect(business!.text).toContain('WITHDRAWN');
    expect(business!.text).not.toContain(quoted.reference);
    expect(business!.text).not.toContain(email);
    // The customer's confirmation says the same.
    await expect.poll(async () => (await emailsTo(email)).filter((e) => e.subject === 'Your Shiftly data has been deleted').length).toBe(1);
    const confirmation = (await emailsTo(email)).find((e) => e.subject === 'Your Shiftly data has been deleted')!;
    expect(confirmation.text).toContain('2 quotes and 1 message');
    expect(confirmation.text).toContain(
      `We have kept your booked move ${booked.reference} on ${formatLongDate(bookedDate)}. ${ERASURE_TEXT.keptWhy}`,
    );
    expect(confirmation.text).toContain(`Your booking request for move ${requested.reference}`);
  });

  it('keeps a booked move through its day; once it is over, a later erasure removes it too', async () => {
    const email = `${unique('done')}@example.com`;
    const moveDate = openDay(3);
    const booked = await makeQuote(email, { moveDate });
    await bookMove(booked);
    const onTheDay = { 'X-Test-Now': `${moveDate}T12:00:00Z` };
    const kept = await post(ACCOUNT_PATHS.deleteData, await signIn(email), apiBase(), {}, onTheDay);
    expect(readPage(await kept.text()).shown('deleted:kept')).toBe(true);
    expect(count('quote_requests WHERE reference = ?', booked.reference)).toBe(1);

    // The kept move is still the address's: it can sign in again, and erase it once the day has passed.
    const session = await signIn(email, 2);
    const dayAfter = { 'X-Test-Now': `${addDays(moveDate, 1)}T12:00:00Z` };
    const erased = await post(ACCOUNT_PATHS.deleteData, session, apiBase(), {}, dayAfter);
    expect(erased.status).toBe(200);
    const page = readPage(await erased.text());
    expect(page.shown('deleted:all')).toBe(true);
    expect(page.shown('deleted:kept')).toBe(false);
    expect(count('quote_requests WHERE reference = ?', booked.reference)).toBe(0);
    expect(count('quote_view_tokens WHERE reference = ?', booked.reference)).toBe(0);
    expect((await get(booked.confirmationUrl)).status).toBe(404);
    // Only the first erasure told the business (the second left nothing to carry out): its e-mails are stored before they go.
    const businessRows = query<{ payload: string }>("SELECT payload FROM email_outbox WHERE record_type = 'account' AND kind = 'business'");
    expect(businessRows.filter((row) => row.payload.includes(booked.reference))).toHaveLength(1);
  });
});
