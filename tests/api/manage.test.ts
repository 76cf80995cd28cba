/**
 * Managing a stored quote (issue 19, item 3) over HTTP against the Worker: the page's plain form posts (change the
 * date, priced first; access details; ask to book; cancel), the staff link in the business e-mail, the history and
 * e-mails of each change, and the refusals. Prices are the spec's, worked out by tests/shared/spec-pricing.ts from the
 * distance the Worker stored; e-mails come from the mail catcher, hashes and rows from D1.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, formatLongDate, isWeekend, londonToday } from '~/lib/dates';
import { validUntilLine } from '~/lib/estimate-validity';
import { formatMoney } from '~/lib/money';
import { CANCELLATION_RIGHTS, DONE_NOTICES, MOVE_REFUSALS, REQUEST_BOOKING_LABEL, STATUS_LABELS } from '~/lib/move-status';
import { specPricing } from '../shared/spec-pricing';
import { openDay } from '../shared/dates';
import { apiBase, call, emailsTo, query, unique, validQuote, type CapturedEmail } from './helpers';
import { readPage } from './html';

const FORM = 'application/x-www-form-urlencoded';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Made {
  reference: string;
  token: string;
  email: string;
  page: string;
}

async function makeQuote(overrides: Record<string, unknown> = {}): Promise<Made> {
  const email = `${unique('mo')}@example.com`;
  const response = await call(API_PATHS.quote, validQuote({ email, ...overrides }));
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const url = new URL(answer.confirmationUrl, apiBase());
  return { reference: answer.reference, token: url.searchParams.get('t')!, email, page: url.pathname + url.search };
}

const get = (path: string) => fetch(`${apiBase()}${path}`, { redirect: 'manual' });

function post(path: string, fields: Record<string, string>, origin = apiBase()): Promise<Response> {
  return fetch(`${apiBase()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: origin },
    body: new URLSearchParams(fields).toString(),
  });
}

const manage = (quote: Made, fields: Record<string, string>) =>
  post(PAGE_PATHS.confirmation, { ref: quote.reference, t: quote.token, ...fields });

const row = (reference: string) =>
  query<{ status: string; move_date: string; total: number; distance_miles: number; access: string | null; move_notes: string | null }>(
    'SELECT status, move_date, total, distance_miles, access, move_notes FROM quote_requests WHERE reference = ?',
    reference,
  )[0]!;

/** The e-mails to `to` about `reference` whose subject ends with `headline`, once `count` have arrived. */
async function mailed(to: string, reference: string, headline: string, count = 1): Promise<CapturedEmail[]> {
  const matching = async () => (await emailsTo(to)).filter((e) => e.subject.includes(reference) && e.subject.includes(headline));
  await expect.poll(async () => (await matching()).length, { timeout: 20_000 }).toBe(count);
  return matching();
}

const BUSINESS = 'leads@shiftly.example';

/** A weekday and a weekend day ahead that can both be booked. */
const weekday = () => openDay(10, 3);
const saturday = () => openDay(10, 6);

describe('the manage page', () => {
  it('shows the status, how long the estimate holds, and every action a new quote allows, with the page’s own hidden fields', async () => {
    const quote = await makeQuote();
    const response = await get(quote.page);
    expect(response.status).toBe(200);
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    const page = readPage(html, { button: 'book' });
    expect(page.filled('status')).toBe(STATUS_LABELS.quoted);
    expect(page.filled('valid-until')).toBe(validUntilLine(new Date().toISOString()));
    for (const action of ['change_date', 'access', 'request_booking', 'cancel']) expect(page.shown(`act:${action}`), action).toBe(true);
    expect(page.value('ref')).toBe(quote.reference);
    expect(page.value('t')).toBe(quote.token);
    expect(html).toContain(REQUEST_BOOKING_LABEL);
  });

  it('prices a new date before changing it, then changes it, records it and e-mails both sides', async () => {
    const quote = await makeQuote({ moveDate: weekday() });
    const miles = row(quote.reference).distance_miles;
    const before = specPricing('studio', miles, ['sofa', 'wardrobe'], weekday()).total;
    const newDate = saturday();
    expect(isWeekend(newDate)).toBe(true);
    const after = specPricing('studio', miles, ['sofa', 'wardrobe'], newDate).total;
    expect(after).toBeGreaterThan(before);

    const preview = await manage(quote, { action: 'date', moveDate: newDate });
    expect(preview.status).toBe(200);
    const shown = readPage(await preview.text(), { button: 'date-confirm' });
    expect(shown.shown('date-preview')).toBe(true);
    expect(shown.filled('preview:total')).toBe(formatMoney(after));
    expect(shown.filled('preview:was')).toBe(formatMoney(before));
    expect(shown.value('moveDate')).toBe(newDate);
    // Nothing has changed yet.
    expect(row(quote.reference)).toMatchObject({ move_date: weekday(), total: before });

    const confirmed = await manage(quote, { action: 'date-confirm', moveDate: newDate });
    expect(confirmed.status).toBe(303);
    const location = confirmed.headers.get('location')!;
    expect(location).toContain('done=date_changed');
    expect(row(quote.reference)).toMatchObject({ move_date: newDate, total: after, status: 'quoted' });

    const page = readPage(await (await get(location)).text());
    expect(page.filled('done')).toBe(DONE_NOTICES.date_changed);
    expect(page.filled('date')).toBe(formatLongDate(newDate));
    expect(page.filled('price:total')).toBe(formatMoney(after));
    const events = query<{ event: string }>('SELECT event FROM quote_events WHERE reference = ?', quote.reference);
    expect(events.map((e) => JSON.parse(e.event))).toEqual([{ kind: 'date_changed', from: weekday(), to: newDate, total: after }]);

    const [customer] = await mailed(quote.email, quote.reference, 'new move date');
    expect(customer!.text).toContain(formatMoney(after));
    // Its link opens the quote's page.
    const link = /https?:\/\/\S+\/quote-confirmation\?ref=[A-Z0-9-]+&t=[A-Za-z0-9_-]+/.exec(customer!.text)?.[0];
    expect(link).toBeDefined();
    expect((await get(new URL(link!).pathname + new URL(link!).search)).status).toBe(200);
    const [business] = await mailed(BUSINESS, quote.reference, 'new move date');
    expect(business!.text).toContain(formatLongDate(newDate));
    expect(business!.text).not.toContain(quote.token);
  });

  it('refuses a new date the booking rule refuses, on the date field, and changes nothing', async () => {
    const quote = await makeQuote();
    const today = londonToday();
    for (const moveDate of [today, addDays(today, -3), quote.reference]) {
      const response = await manage(quote, { action: 'date', moveDate });
      expect(response.status, moveDate).toBe(422);
      const page = readPage(await response.text());
      expect(page.shown('error:moveDate')).toBe(true);
      expect(page.title).toMatch(/^Error: /);
    }
    expect((await manage(quote, { action: 'date-confirm', moveDate: today })).status).toBe(422);
    expect(query('SELECT * FROM quote_events WHERE reference = ?', quote.reference)).toEqual([]);
  });

  it('stores access details and an item list for the mover without touching the price', async () => {
    const quote = await makeQuote();
    const { total } = row(quote.reference);
    const response = await manage(quote, {
      action: 'access',
      fromFloor: 'second',
      fromLift: 'no',
      fromParking: '',
      toFloor: 'ground',
      toLift: '',
      toParking: 'over-50m',
      awkward: 'Narrow stairs & a loft ladder',
      items: 'Piano\n12 boxes of books',
    });
    expect(response.status).toBe(303);
    const stored = row(quote.reference);
    expect(stored.total).toBe(total);
    expect(JSON.parse(stored.access!)).toEqual({ from: { floor: 'second', lift: 'no' }, to: { floor: 'ground', parking: 'over-50m' } });
    expect(JSON.parse(stored.move_notes!)).toEqual({ awkward: 'Narrow stairs & a loft ladder', items: 'Piano\n12 boxes of books' });
    // The form shows what is saved.
    const form = readPage(await (await get(response.headers.get('location')!)).text(), { button: 'access' });
    expect(form.value('fromFloor')).toBe('second');
    expect(form.value('toParking')).toBe('over-50m');
    expect(form.value('awkward')).toBe('Narrow stairs & a loft ladder');
    const [business] = await mailed(BUSINESS, quote.reference, 'access details updated');
    expect(business!.text).toContain('Narrow stairs & a loft ladder');
    expect(business!.html).toContain('Narrow stairs &amp; a loft ladder');
  });

  it('asks to book, and the staff link in the business e-mail confirms it once, with a note for the customer', async () => {
    const quote = await makeQuote();
    const booked = await manage(quote, { action: 'book' });
    expect(booked.status).toBe(303);
    expect(row(quote.reference).status).toBe('booking_requested');
    const page = readPage(await (await get(booked.headers.get('location')!)).text());
    expect(page.filled('status')).toBe(STATUS_LABELS.booking_requested);
    expect(page.shown('act:request_booking')).toBe(false);
    expect(page.shown('act:change_date')).toBe(false);
    expect(page.shown('act:cancel')).toBe(true);

    await mailed(quote.email, quote.reference, 'booking requested');
    const [business] = await mailed(BUSINESS, quote.reference, 'booking requested');
    const staffLink = /https?:\/\/\S+\/quote-staff\?ref=[A-Z0-9-]+&t=[A-Za-z0-9_-]+/.exec(business!.text)?.[0];
    expect(staffLink).toBeDefined();
    const staffUrl = new URL(staffLink!);
    const staffToken = staffUrl.searchParams.get('t')!;
    // Only its hash is kept, and it is not the customer's view token.
    expect(query('SELECT token_hash FROM quote_staff_tokens WHERE reference = ?', quote.reference)).toEqual([
      { token_hash: sha256(staffToken) },
    ]);
    expect(query('SELECT reference FROM quote_view_tokens WHERE token_hash = ?', sha256(staffToken))).toEqual([]);
    // A view token does not open the staff page, nor a staff token the quote's page.
    expect((await get(`${PAGE_PATHS.staff}?ref=${quote.reference}&t=${quote.token}`)).status).toBe(404);
    expect((await get(`${PAGE_PATHS.confirmation}?ref=${quote.reference}&t=${staffToken}`)).status).toBe(404);

    const staffPage = await get(staffUrl.pathname + staffUrl.search);
    expect(staffPage.status).toBe(200);
    expect(staffPage.headers.get('x-robots-tag')).toBe('noindex');
    const staff = readPage(await staffPage.text());
    expect(staff.shown('answer')).toBe(true);
    expect(staff.filled('name')).toBe('Ada Lovelace');

    const answered = await post(PAGE_PATHS.staff, {
      ref: quote.reference,
      t: staffToken,
      action: 'confirm',
      note: 'Crew of three, arriving 8am.',
    });
    expect(answered.status).toBe(200);
    expect(readPage(await answered.text()).shown('done')).toBe(true);
    expect(row(quote.reference).status).toBe('booked');
    const [confirmation] = await mailed(quote.email, quote.reference, 'booking confirmed');
    expect(confirmation!.text).toContain('Crew of three, arriving 8am.');
    await mailed(BUSINESS, quote.reference, 'booking confirmed');

    // Spent: the link is the 404 page now, and a second answer changes nothing.
    expect((await get(staffUrl.pathname + staffUrl.search)).status).toBe(404);
    expect((await post(PAGE_PATHS.staff, { ref: quote.reference, t: staffToken, action: 'decline', note: '' })).status).toBe(404);
    expect(row(quote.reference).status).toBe('booked');

    // A booked date is the mover's: changing it is a phone call.
    const refused = await manage(quote, { action: 'date', moveDate: saturday() });
    expect(refused.status).toBe(409);
    expect(readPage(await refused.text()).filled('error:form')).toBe(MOVE_REFUSALS.withMover);

    const history = readPage(await (await get(quote.page)).text());
    expect(history.filled('status')).toBe(STATUS_LABELS.booked);
  });

  it('a declined request asks for a new date, after which the customer can ask again', async () => {
    const quote = await makeQuote();
    expect((await manage(quote, { action: 'book' })).status).toBe(303);
    const [business] = await mailed(BUSINESS, quote.reference, 'booking requested');
    const staff = new URL(/https?:\/\/\S+\/quote-staff\?\S+/.exec(business!.text)![0]);
    const declined = await post(PAGE_PATHS.staff, {
      ref: quote.reference,
      t: staff.searchParams.get('t')!,
      action: 'decline',
      note: 'No crew that day.',
    });
    expect(declined.status).toBe(200);
    expect(row(quote.reference).status).toBe('declined');
    const [told] = await mailed(quote.email, quote.reference, 'booking declined');
    expect(told!.text).toContain('No crew that day.');
    expect((await manage(quote, { action: 'book' })).status).toBe(409);
    expect((await manage(quote, { action: 'date-confirm', moveDate: saturday() })).status).toBe(303);
    expect(row(quote.reference).status).toBe('quoted');
    expect((await manage(quote, { action: 'book' })).status).toBe(303);
  });

  it('cancels after asking, quotes the cancellation terms, and then changes nothing', async () => {
    const quote = await makeQuote();
    const asked = await manage(quote, { action: 'cancel' });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(readPage(html).shown('cancel-confirm')).toBe(true);
    expect(readPage(html).shown('act:cancel')).toBe(true);
    expect(html).toContain(CANCELLATION_RIGHTS);
    expect(CANCELLATION_RIGHTS).toContain('nothing to pay');
    expect(row(quote.reference).status).toBe('quoted');

    expect((await manage(quote, { action: 'cancel-confirm' })).status).toBe(303);
    expect(row(quote.reference).status).toBe('cancelled');
    await mailed(quote.email, quote.reference, 'move cancelled');
    await mailed(BUSINESS, quote.reference, 'move cancelled');
    const page = readPage(await (await get(quote.page)).text());
    for (const action of ['change_date', 'access', 'request_booking', 'cancel']) expect(page.shown(`act:${action}`), action).toBe(false);
    const refused = await manage(quote, { action: 'date', moveDate: saturday() });
    expect(refused.status).toBe(409);
    expect(readPage(await refused.text()).filled('error:form')).toBe(MOVE_REFUSALS.cancelled);
  });

  it('two posts racing change the quote once and send one pair of e-mails', async () => {
    const quote = await makeQuote();
    const answers = await Promise.all([manage(quote, { action: 'book' }), manage(quote, { action: 'book' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    await mailed(quote.email, quote.reference, 'booking requested');
    await mailed(BUSINESS, quote.reference, 'booking requested');
    expect(query('SELECT COUNT(*) AS n FROM quote_events WHERE reference = ?', quote.reference)).toEqual([{ n: 1 }]);
    expect(
      query("SELECT COUNT(*) AS n FROM email_outbox WHERE record_reference = ? AND record_type IN ('move', 'staff')", quote.reference),
    ).toEqual([{ n: 2 }]);
  });

  it('refuses a wrong token, another site and a bad body, as the page’s link would', async () => {
    const quote = await makeQuote();
    const wrong = await post(PAGE_PATHS.confirmation, { ref: quote.reference, t: 'A'.repeat(32), action: 'book' });
    expect(wrong.status).toBe(404);
    const none = await post(PAGE_PATHS.confirmation, { ref: quote.reference, action: 'book' });
    expect(none.status).toBe(404);
    const foreign = await post(PAGE_PATHS.confirmation, { ref: quote.reference, t: quote.token, action: 'book' }, 'https://evil.example');
    expect(foreign.status).toBe(403);
    const unknown = await manage(quote, { action: 'teleport' });
    expect(unknown.status).toBe(400);
    const json = await fetch(`${apiBase()}${PAGE_PATHS.confirmation}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: apiBase() },
      body: JSON.stringify({ ref: quote.reference, t: quote.token, action: 'book' }),
    });
    expect(json.status).toBe(415);
    expect(row(quote.reference).status).toBe('quoted');
  });
});

describe('reviews only from real moves (issue 19, item 6)', () => {
  /** A booked quote: asked to book and confirmed through the staff link. */
  async function bookedQuote(moveDate: string): Promise<Made> {
    const quote = await makeQuote({ moveDate });
    expect((await manage(quote, { action: 'book' })).status).toBe(303);
    const [business] = await mailed(BUSINESS, quote.reference, 'booking requested');
    const staff = new URL(/https?:\/\/\S+\/quote-staff\?\S+/.exec(business!.text)![0]);
    const confirmed = await post(PAGE_PATHS.staff, { ref: quote.reference, t: staff.searchParams.get('t')!, action: 'confirm', note: '' });
    expect(confirmed.status).toBe(200);
    return quote;
  }

  /** As if on the day after the move (the test environment's clock header). */
  const dayAfter = (moveDate: string) => ({ 'X-Test-Now': `${addDays(moveDate, 1)}T12:00:00Z` });

  function postAt(headers: Record<string, string>, quote: Made, fields: Record<string, string>): Promise<Response> {
    return fetch(`${apiBase()}${PAGE_PATHS.confirmation}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': FORM, Origin: apiBase(), ...headers },
      body: new URLSearchParams({ ref: quote.reference, t: quote.token, ...fields }).toString(),
    });
  }

  it('invites a review after a booked move’s date, publishes it from the staff link as a verified move, and takes one only', async () => {
    const moveDate = openDay(3);
    const quote = await bookedQuote(moveDate);
    const after = dayAfter(moveDate);
    // Before the day: no invitation, and a post is refused.
    expect(readPage(await (await get(quote.page)).text()).shown('act:review')).toBe(false);
    const early = await postAt({}, quote, { action: 'review', rating: '4', reviewText: 'Careful crew, on time, and the price held.' });
    expect(early.status).toBe(409);
    expect(readPage(await early.text()).filled('error:form')).toBe(MOVE_REFUSALS.notMovedYet);

    const invited = await fetch(`${apiBase()}${quote.page}`, { headers: after });
    expect(readPage(await invited.text()).shown('act:review')).toBe(true);

    // Too short: refused on its field, with the words and stars kept as typed.
    const short = await postAt(after, quote, { action: 'review', rating: '4', reviewText: 'Good.' });
    expect(short.status).toBe(400);
    const kept = readPage(await short.text(), { button: 'review' });
    expect(kept.shown('error:reviewText')).toBe(true);
    expect(kept.value('reviewText')).toBe('Good.');
    expect(kept.value('rating')).toBe('4');

    const words = 'Careful crew, on time, and the price <held> exactly.';
    const sent = await postAt(after, quote, { action: 'review', rating: '4', reviewText: words });
    expect(sent.status).toBe(303);
    expect(query('SELECT rating, text, name, status FROM move_reviews WHERE reference = ?', quote.reference)).toEqual([
      { rating: 4, text: words, name: 'Ada L.', status: 'pending' },
    ]);
    // Once only.
    const again = await postAt(after, quote, { action: 'review', rating: '5', reviewText: 'A second go at the same review, please.' });
    expect(again.status).toBe(409);

    // Not on /reviews until a staff link publishes it.
    expect(await (await get('/reviews')).text()).not.toContain(words.replace('<', '&lt;').replace('>', '&gt;'));
    const [business] = await mailed(BUSINESS, quote.reference, 'review received');
    expect(business!.text).toContain(words);
    const staffUrl = new URL(/https?:\/\/\S+\/quote-staff\?\S+/.exec(business!.text)![0]);
    const staffToken = staffUrl.searchParams.get('t')!;
    expect(query('SELECT purpose FROM quote_staff_tokens WHERE token_hash = ?', sha256(staffToken))).toEqual([{ purpose: 'review' }]);
    const staffPage = readPage(await (await get(staffUrl.pathname + staffUrl.search)).text());
    expect(staffPage.filled('review:text')).toBe(words);
    expect(staffPage.shown('review-answer')).toBe(true);
    // A review's link cannot answer a booking, and a booking's buttons are not on it.
    expect(staffPage.shown('answer')).toBe(false);
    expect((await post(PAGE_PATHS.staff, { ref: quote.reference, t: staffToken, action: 'decline', note: '' })).status).toBe(400);

    const published = await post(PAGE_PATHS.staff, { ref: quote.reference, t: staffToken, action: 'publish', note: '' });
    expect(published.status).toBe(200);
    expect(query('SELECT status FROM move_reviews WHERE reference = ?', quote.reference)).toEqual([{ status: 'published' }]);
    expect((await get(staffUrl.pathname + staffUrl.search)).status).toBe(404);

    const reviews = await get('/reviews');
    expect(reviews.status).toBe(200);
    const html = await reviews.text();
    const month = new Date(`${moveDate}T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(html).toContain(`Verified move, ${month}`);
    expect(html).toContain(words.replace('<', '&lt;').replace('>', '&gt;'));
    expect(html).not.toContain('Sample review');
    expect(html).not.toContain('These are sample reviews');
    const ratings = query<{ rating: number }>("SELECT rating FROM move_reviews WHERE status = 'published'").map((r) => r.rating);
    const average = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
    const page = readPage(html);
    expect(page.filled('rating:overall')).toBe((Math.round(average * 10) / 10).toFixed(1));
    expect(page.filled('rating:label')).toContain(`from ${ratings.length} verified`);
    const history = readPage(await (await get(quote.page)).text());
    expect(history.filled('status')).toBe(STATUS_LABELS.booked);
  });

  it('two review posts racing store one review and send one pair of e-mails', async () => {
    const moveDate = openDay(3);
    const quote = await bookedQuote(moveDate);
    const after = dayAfter(moveDate);
    const answers = await Promise.all(
      ['Careful crew and a fair price for the day.', 'The same review, sent twice by a double click.'].map((reviewText) =>
        postAt(after, quote, { action: 'review', rating: '5', reviewText }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(query('SELECT COUNT(*) AS n FROM move_reviews WHERE reference = ?', quote.reference)).toEqual([{ n: 1 }]);
    await mailed(quote.email, quote.reference, 'review received');
    await mailed(BUSINESS, quote.reference, 'review received');
    expect(
      query(
        "SELECT COUNT(*) AS n FROM email_outbox WHERE record_reference = ? AND record_type IN ('move', 'review') AND created_at >= (SELECT created_at FROM move_reviews WHERE reference = ?)",
        quote.reference,
        quote.reference,
      ),
    ).toEqual([{ n: 2 }]);
  });

  it('cancelling a move waiting for its booking spends the staff link', async () => {
    const quote = await makeQuote();
    expect((await manage(quote, { action: 'book' })).status).toBe(303);
    const [business] = await mailed(BUSINESS, quote.reference, 'booking requested');
    const staff = new URL(/https?:\/\/\S+\/quote-staff\?\S+/.exec(business!.text)![0]);
    expect((await get(staff.pathname + staff.search)).status).toBe(200);
    expect((await manage(quote, { action: 'cancel-confirm' })).status).toBe(303);
    expect((await get(staff.pathname + staff.search)).status).toBe(404);
  });

  it('takes no review of a move that was not booked with us', async () => {
    const moveDate = openDay(3);
    const quote = await makeQuote({ moveDate });
    const refused = await postAt(dayAfter(moveDate), quote, {
      action: 'review',
      rating: '5',
      reviewText: 'Never moved, but here is a review anyway.',
    });
    expect(refused.status).toBe(409);
    expect(readPage(await refused.text()).filled('error:form')).toBe(MOVE_REFUSALS.notBooked);
    expect(query('SELECT * FROM move_reviews WHERE reference = ?', quote.reference)).toEqual([]);
  });
});
