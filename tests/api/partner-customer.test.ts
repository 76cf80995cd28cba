/**
 * A partner driver who is also a customer, with one e-mail address (issue 43, with the one session system of issue 42):
 * one browser holds the customer's session and the partner's at once, each cookie its own role; signing out of one
 * leaves the other, and so does "Sign out everywhere" (the customer's or the partner's), which ends every session of its
 * own role only. The three sign-ins stay within the address's three links a minute (SIGN_IN_ADDRESS_LIMITER). A partner is
 * never offered a move they booked themselves (the quote's address is theirs), and a crafted accept of one is refused
 * with a clear message and an audit line.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { editLeadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { bookInDiary } from '../shared/office-posts';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { apiBase, call, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, ownerCookie, ownerSignedIn } from './office';
import { approvedPartner, partnerSession, PARTNER_COOKIE } from './partner-apply';
import { COOKIE, openLink, signInLink } from './sign-in';

const LEEDS_TO_YORK = { fromTown: 'Leeds', toTown: 'York', fromPostcode: 'LS1 1UR', toPostcode: 'YO1 7HH', propertyId: 'studio' };
const FITS = { districts: 'LS1 YO1', van_tonnes: '3.5' };
const ACCEPT = { answer: 'accept', window: '10-12', crewSize: '2' };

/** The one browser: whichever of its two cookies it holds, sent together as a browser sends them. */
const browser = (cookies: { customer?: string; partner?: string }) =>
  [cookies.customer && `${COOKIE}=${cookies.customer}`, cookies.partner && `${PARTNER_COOKIE}=${cookies.partner}`]
    .filter(Boolean)
    .join('; ');
const visit = (path: string, cookie: string) => fetch(`${apiBase()}${path}`, { redirect: 'manual', headers: { Cookie: cookie } });
const press = (path: string, cookie: string, fields: Record<string, string> = {}) =>
  fetch(`${apiBase()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase() },
    body: new URLSearchParams(fields).toString(),
  });

const sessionsOf = (email: string) =>
  query<{ role: string; n: number }>('SELECT role, COUNT(*) AS n FROM sessions WHERE email = ? GROUP BY role ORDER BY role', email);
const trail = (reference: string, action: string) =>
  query<{ actor: string; detail: string }>(
    'SELECT actor, detail FROM audit_log WHERE record_reference = ? AND action = ? ORDER BY id',
    reference,
    action,
  );

/** A Leeds to York studio move booked by `email`, booked in the diary by the owner with a crew of the firm's. */
async function bookedBy(email: string): Promise<{ reference: string; answer: QuoteAnswer }> {
  const moveDate = diaryDay(WEEKDAY);
  const response = await call(API_PATHS.quote, validQuote({ ...LEEDS_TO_YORK, email, moveDate }));
  if (response.status !== 201) throw new Error(`the quote answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as QuoteAnswer;
  await bookInDiary(
    { base: apiBase(), session: ownerCookie() },
    { reference: answer.reference, moveDate },
    { crewLead: `Samira ${unique('Khan')}`, crewSize: 2, van: `LV71 ${unique('KFP')}`, window: '08-10' },
  );
  return { reference: answer.reference, answer };
}

beforeEach(ownerSignedIn);

describe('a partner who is also a customer', () => {
  it('holds both sessions in one browser; signing out of one, or everywhere in one role, leaves the other', async () => {
    const email = `${unique('both')}@example.com`;
    // A customer first (a quote with the address), then a partner with the same address.
    expect((await call(API_PATHS.quote, validQuote({ email }))).status).toBe(201);
    const driver = await approvedPartner('Ffion Both', FITS, { email });
    // That sign-in sent two e-mails, one per role: the partner's link (read above) and the customer's, read here.
    const customer = await openLink(await signInLink(email, 1));
    const both = browser({ customer, partner: driver.cookie });
    expect(sessionsOf(email)).toEqual([
      { role: 'customer', n: 1 },
      { role: 'partner', n: 1 },
    ]);
    expect((await visit(ACCOUNT_PATHS.account, both)).status).toBe(200);
    expect((await visit('/partner', both)).status).toBe(200);

    // The customer signs out on this browser: the partner's page stays open in it.
    const out = await press(ACCOUNT_PATHS.signOut, both);
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual([COOKIE]);
    const partnerOnly = browser({ partner: driver.cookie });
    expect((await visit('/partner', partnerOnly)).status).toBe(200);
    expect(sessionsOf(email)).toEqual([{ role: 'partner', n: 1 }]);

    // Signed in again as both (one more ask: two links again), on a second device the partner's session is new.
    const secondPartner = await partnerSession(email);
    const again = await openLink(await signInLink(email, 2));
    // The partner signs out on the first device: only that partner session ends; the customer's and the second device's stay.
    const first = browser({ customer: again, partner: driver.cookie });
    const partnerOut = await press('/partner/sign-out', first);
    expect(partnerOut.status).toBe(303);
    expect(partnerOut.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual([PARTNER_COOKIE]);
    expect(trail(driver.reference, 'partner_signed_out')).toEqual([{ actor: email, detail: 'Signed out of the partner page' }]);
    expect((await visit(ACCOUNT_PATHS.account, browser({ customer: again }))).status).toBe(200);
    expect((await visit('/partner', browser({ partner: secondPartner }))).status).toBe(200);
    // The ended partner cookie, still sent, opens nothing (the customer's cookie beside it: the ordinary 404).
    expect((await visit('/partner', first)).status).toBe(404);

    // "Sign out everywhere" as the customer ends every customer session of the address, and no partner session.
    const everywhere = await press(ACCOUNT_PATHS.signOutEverywhere, browser({ customer: again, partner: secondPartner }));
    expect(everywhere.status).toBe(303);
    expect(sessionsOf(email)).toEqual([{ role: 'partner', n: 1 }]);
    expect((await visit(ACCOUNT_PATHS.account, browser({ customer: again }))).status).not.toBe(200);
    expect((await visit('/partner', browser({ partner: secondPartner }))).status).toBe(200);

    // And the other way round: signed in once more (a third device's partner session), "Sign out everywhere" on the
    // partner page ends every partner session of the address, and the customer's session beside it stays.
    const thirdPartner = await partnerSession(email);
    const customerAgain = await openLink(await signInLink(email, 3));
    const partnerEverywhere = await press('/partner/sign-out-everywhere', browser({ customer: customerAgain, partner: secondPartner }));
    expect(partnerEverywhere.status).toBe(303);
    expect(partnerEverywhere.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual([PARTNER_COOKIE]);
    expect(sessionsOf(email)).toEqual([{ role: 'customer', n: 1 }]);
    expect((await visit(ACCOUNT_PATHS.account, browser({ customer: customerAgain }))).status).toBe(200);
    for (const ended of [secondPartner, thirdPartner]) expect((await visit('/partner', browser({ partner: ended }))).status).toBe(404);
    expect(trail(driver.reference, 'partner_signed_out_everywhere')).toEqual([
      { actor: email, detail: 'Signed out of the partner page on every device' },
    ]);
  });

  it('is never offered a move they booked themselves, and a crafted accept of one is refused and audited', async () => {
    const email = `${unique('own')}@example.com`;
    const [driver, other] = await Promise.all([approvedPartner('Gwen Ownmove', FITS, { email }), approvedPartner('Hal Othermove', FITS)]);
    const own = await bookedBy(email);

    // The lead page lists the other partner who fits, not the one who booked it; an offer to them makes none.
    const lead = await (await officeGet(`/office/lead?ref=${own.reference}`)).text();
    expect(lead).toContain(`data-partner="${other.reference}"`);
    expect(lead).not.toContain(`data-partner="${driver.reference}"`);
    const toThem = await officePost('/office/partners/offer', { ref: own.reference, partner: driver.reference });
    expect(toThem.headers.get('location')).toBe(`/office/lead?ref=${own.reference}&done=offer_none`);
    expect((await officePost('/office/partners/offer', { ref: own.reference, partner: 'all' })).status).toBe(303);
    const offered = query<{ partner: string }>(
      'SELECT partner_reference AS partner FROM partner_offers WHERE reference = ?',
      own.reference,
    );
    expect(offered.map((row) => row.partner)).toContain(other.reference);
    expect(offered.map((row) => row.partner)).not.toContain(driver.reference);

    // A move offered to them while its address was another's; then the office corrects the customer's address to theirs
    // (the same person, who had given another address).
    const later = await bookedBy(`${unique('before')}@example.com`);
    expect((await officePost('/office/partners/offer', { ref: later.reference, partner: driver.reference })).status).toBe(303);
    const offerId = query<{ id: number }>(
      'SELECT id FROM partner_offers WHERE reference = ? AND partner_reference = ?',
      later.reference,
      driver.reference,
    )[0]!.id;
    expect(await (await visit('/partner', browser({ partner: driver.cookie }))).text()).toContain(`data-offer="${offerId}"`);
    const editPage = await (await officeGet(editLeadPath(later.reference))).text();
    const form = readPage(editPage);
    const fields = new URLSearchParams();
    const names = new Set([...editPage.matchAll(/\sname="([^"]+)"/g)].map((match) => match[1]!));
    for (const name of names) for (const value of form.values(name)) fields.append(name, value);
    fields.set('email', email.toUpperCase());
    fields.set('action', 'save');
    const saved = await officePost(OFFICE_PATHS.editLead, fields);
    expect(saved.status).toBe(303);
    expect(query<{ email: string }>('SELECT email FROM quote_requests WHERE reference = ?', later.reference)[0]!.email.toLowerCase()).toBe(
      email,
    );

    // Their offers leave it out now; the accept posted all the same is refused, and nothing is claimed.
    const page = await (await visit('/partner', browser({ partner: driver.cookie }))).text();
    expect(page).not.toContain(`data-offer="${offerId}"`);
    const crafted = await press('/partner/offer', browser({ partner: driver.cookie }), { offer: String(offerId), ...ACCEPT });
    expect(crafted.status).toBe(403);
    expect(await crafted.text()).toContain('You booked this move yourself as a customer, so you cannot take it as a partner.');
    expect(query('SELECT 1 FROM partner_jobs WHERE reference = ?', later.reference)).toEqual([]);
    expect(trail(later.reference, 'partner_own_move')).toEqual([
      { actor: email, detail: 'Partner Gwen Ownmove tried to take a move they booked themselves as the customer: refused' },
    ]);
  });
});
