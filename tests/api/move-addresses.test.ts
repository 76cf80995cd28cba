/**
 * The facts a job needs (issue 40 item 1) over HTTP: an estimate may leave the street address for later; the office
 * fills it in on the lead's page or on the written quote's page; a written quote is not sent, and a move not booked
 * (the staff link, the diary), without both. D1 holds the addresses and the audit line saying who changed what.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, londonToday } from '~/lib/dates';
import { ADDRESS_MESSAGES } from '~/lib/move-facts';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { confirmByStaffLink, requestBooking } from './bookings';
import { apiBase, call, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { OWNER_EMAIL, officeGet, officePost, ownerCookie } from './office';

/** A quote from the wizard with its postcodes only: the street address left for later, as the estimate allows. */
async function estimateWithoutAddresses(moveDate?: string): Promise<QuoteAnswer> {
  const response = await call(
    API_PATHS.quote,
    validQuote({
      email: `${unique('addr')}@example.com`,
      fromAddress: undefined,
      fromTown: undefined,
      toAddress: undefined,
      toTown: undefined,
      ...(moveDate ? { moveDate } : {}),
    }),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as QuoteAnswer;
}

const addressesOf = (reference: string) =>
  query<Record<string, string | null>>(
    'SELECT from_address, from_address2, from_town, to_address, to_address2, to_town FROM quote_requests WHERE reference = ?',
    reference,
  )[0]!;

const auditOf = (reference: string) =>
  query<{ actor: string; action: string; detail: string }>(
    "SELECT actor, action, detail FROM audit_log WHERE record_reference = ? AND action = 'addresses_changed' ORDER BY id",
    reference,
  );

/**
 * The written quote's form as the office posts it: the engine's base line, until tomorrow to accept (the move, on the
 * next open Wednesday, may be fewer than seven days away, and a quote never holds past its move date), and `rest`.
 */
function writtenQuote(reference: string, rest: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    ref: reference,
    label: 'Base service',
    amount: '349',
    deposit: '',
    validUntil: addDays(londonToday(), 1),
    included: 'Two movers and a Luton van',
    action: 'send',
    ...rest,
  });
}

const BOTH = {
  fromAddress: '1 Palace Street',
  fromTown: 'London',
  toAddress: '12 Canal Street',
  toAddress2: 'Flat 3',
  toTown: 'Manchester',
};

describe('the written quote needs both full addresses', () => {
  it('an estimate is stored without them; sending is refused at each missing field, nothing sent; given in the form, it is sent', async () => {
    const answer = await estimateWithoutAddresses();
    expect(addressesOf(answer.reference)).toEqual({
      from_address: null,
      from_address2: null,
      from_town: null,
      to_address: null,
      to_address2: null,
      to_town: null,
    });

    const page = await (await officeGet(`${OFFICE_PATHS.writtenQuote}?${new URLSearchParams({ ref: answer.reference })}`)).text();
    expect(page).toContain('Needed before you send');

    const refused = await officePost(OFFICE_PATHS.writtenQuote, writtenQuote(answer.reference));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const shown = readPage(html);
    expect(shown.filled('error:fromAddress')).toBe(ADDRESS_MESSAGES.line1('from'));
    expect(shown.filled('error:fromTown')).toBe(ADDRESS_MESSAGES.town('from'));
    expect(shown.filled('error:toAddress')).toBe(ADDRESS_MESSAGES.line1('to'));
    expect(shown.filled('error:toTown')).toBe(ADDRESS_MESSAGES.town('to'));
    // Each message is tied to its field, which the summary links to.
    expect(html).toMatch(/id="wq-fromTown"[^>]*aria-describedby="wq-fromTown-error"/);
    expect(html).toContain('href="#wq-fromTown"');
    expect(query('SELECT 1 FROM written_quotes WHERE reference = ?', answer.reference)).toEqual([]);

    // "Check the total" needs no address; it stores nothing either.
    expect((await officePost(OFFICE_PATHS.writtenQuote, writtenQuote(answer.reference, { action: 'preview' }))).status).toBe(200);

    const sent = await officePost(OFFICE_PATHS.writtenQuote, writtenQuote(answer.reference, BOTH));
    expect(sent.status).toBe(303);
    expect(addressesOf(answer.reference)).toEqual({
      from_address: '1 Palace Street',
      from_address2: null,
      from_town: 'London',
      to_address: '12 Canal Street',
      to_address2: 'Flat 3',
      to_town: 'Manchester',
    });
    expect(auditOf(answer.reference)).toEqual([
      {
        actor: OWNER_EMAIL,
        action: 'addresses_changed',
        detail:
          'Moving from: SW1A 1AA → 1 Palace Street, London, SW1A 1AA; Moving to: M1 1AE → 12 Canal Street, Flat 3, Manchester, M1 1AE',
      },
    ]);
    expect(query('SELECT version FROM written_quotes WHERE reference = ?', answer.reference)).toEqual([{ version: 1 }]);
  });
});

describe("the lead page's Addresses form", () => {
  it('stores what is given with an audit line, keeps the rest, and says which end is still missing', async () => {
    const answer = await estimateWithoutAddresses();
    const saved = await officePost(OFFICE_PATHS.addresses, {
      ref: answer.reference,
      fromAddress: '  1   Palace Street ',
      fromAddress2: '',
      fromTown: 'London',
      toAddress: '',
      toAddress2: '',
      toTown: '',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${leadPath(answer.reference)}&done=addresses`);
    expect(addressesOf(answer.reference)).toMatchObject({ from_address: '1 Palace Street', from_town: 'London', to_address: null });
    expect(auditOf(answer.reference)).toEqual([
      { actor: OWNER_EMAIL, action: 'addresses_changed', detail: 'Moving from: SW1A 1AA → 1 Palace Street, London, SW1A 1AA' },
    ]);
    const lead = await (await officeGet(saved.headers.get('location')!)).text();
    expect(lead).toContain('Addresses saved.');
    expect(lead).not.toContain('data-missing="from"');
    expect(lead).toContain('data-missing="to"');

    const tooLong = await officePost(OFFICE_PATHS.addresses, { ref: answer.reference, toTown: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(readPage(await tooLong.text()).filled('error:toTown')).toBe(ADDRESS_MESSAGES.tooLong(200));
    expect(addressesOf(answer.reference).to_town).toBe(null);
  });

  it('stores the town in its own field when line 1 already held it: the same words, other parts', async () => {
    // As a lead added from a phone call keeps it: the street and the town typed together in the one address box.
    const response = await call(
      API_PATHS.quote,
      validQuote({ email: `${unique('addr')}@example.com`, fromAddress: '4 Briggate, Leeds', fromTown: undefined }),
    );
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as QuoteAnswer;
    expect(addressesOf(reference)).toMatchObject({ from_address: '4 Briggate, Leeds', from_town: null });

    const saved = await officePost(OFFICE_PATHS.addresses, { ref: reference, fromAddress: '4 Briggate', fromTown: 'Leeds' });
    expect(saved.status).toBe(303);
    expect(addressesOf(reference)).toMatchObject({ from_address: '4 Briggate', from_town: 'Leeds' });
    expect(auditOf(reference)).toEqual([
      { actor: OWNER_EMAIL, action: 'addresses_changed', detail: 'Moving from: 4 Briggate, Leeds, SW1A 1AA, each part in its own field' },
    ]);
    const lead = await (await officeGet(saved.headers.get('location')!)).text();
    expect(lead).not.toContain('data-missing="from"');
  });

  it('is the office’s alone', async () => {
    const answer = await estimateWithoutAddresses();
    const response = await officePost(OFFICE_PATHS.addresses, { ref: answer.reference, fromTown: 'Nowhere' }, null);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
    expect(addressesOf(answer.reference).from_town).toBe(null);
  });
});

describe('a move is not booked without both full addresses', () => {
  it("the staff link's Confirm says why and books nothing", async () => {
    const answer = await estimateWithoutAddresses();
    await requestBooking(answer);
    const refused = await confirmByStaffLink(answer.reference);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This move cannot be booked until both full addresses are in');
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ status: 'booking_requested' }]);
  });

  it('the diary refuses to book it until the office has filled them in', async () => {
    const moveDate = diaryDay();
    const answer = await estimateWithoutAddresses(moveDate);
    const site = { base: apiBase(), session: ownerCookie() };
    const booking = () => ({ crewLead: `Ola ${unique('Reid')}`, crewSize: 2, van: `KX70 ${unique('ADR')}`, window: '08-10' });
    await expect(bookInDiary(site, { reference: answer.reference, moveDate }, booking())).rejects.toThrow(/answered 409/);
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ status: 'quoted' }]);
    await officePost(OFFICE_PATHS.addresses, { ref: answer.reference, ...BOTH });
    await bookInDiary(site, { reference: answer.reference, moveDate }, booking());
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ status: 'booked' }]);
  });
});
