/**
 * Extras only by a signed change (issue 44 item 6) over HTTP, through the crew's real job sheet link: the crew choose an
 * extra wardrobe from the price table, the customer signs on the crew's phone with their typed name and a tick, and
 * only then does the written quote get its next version and the balance rise; refused, nothing changes but the office's
 * to-do list; a double post accepts once; a typed price is refused. With JavaScript the customer also draws their
 * signature on the pad: the office gets that PNG byte for byte; anything but a PNG under 100 KB is refused by its field.
 *
 * Figures worked by hand: the card tests' written quote is £495.00 with a £123.75 deposit paid, leaving £371.25
 * (tests/api/card-payments.ts). The price table (src/data/furniture.ts) has a wardrobe at £65, so the next version is
 * £495.00 + £65.00 = £560.00 and what is left to pay £560.00 − £123.75 = £436.25, 43,625 pence at the Stripe stand-in.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { PAGE_PATHS } from '~/lib/api';
import { CHANGE_MESSAGES } from '~/lib/office/change-order';
import { addDays, formatLongDate, londonDayStart } from '~/lib/dates';
import { JOB_SHEET_TOKEN_FIELD, leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { PAY_PATH } from '~/lib/payments';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { checkoutAt, FORM, makeQuote, paidAndBooked, stripeUrl, type Made } from './card-payments';
import { apiBase, query, runCron, secondsFromNow, unique, waitForEmail } from './helpers';
import { postForm } from './bookings';
import { readPage } from './html';
import { bookedMove as dayMove } from './moving-day';
import { officeGet, officePost, ownerCookie, ownerSignedIn } from './office';
import { post, signIn } from './sign-in';

beforeEach(ownerSignedIn);

interface Booked extends Made {
  sheet: string;
  crewLead: string;
}

/** A move with its £495.00 written quote accepted and £123.75 deposit paid, booked in the diary, with its job sheet. */
async function bookedMove(): Promise<Booked> {
  const quote = await makeQuote(undefined, { moveDate: diaryDay(WEEKDAY), name: 'Nia Okafor' });
  await paidAndBooked(quote, '123.75');
  const booking = { crewLead: `Samira ${unique('Khan')}`, crewSize: 2, van: `LV71 ${unique('KFP')}`, window: '08-10' };
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, quote, booking);
  const made = await officePost(OFFICE_PATHS.jobSheetLink, { ref: quote.reference });
  expect(made.status).toBe(200);
  const link = new URL(
    readPage(await made.text())
      .filled('job-sheet-link')
      .trim(),
  );
  return { ...quote, sheet: link.searchParams.get(JOB_SHEET_TOKEN_FIELD)!, crewLead: booking.crewLead };
}

const sheetUrl = (move: Booked) => `${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: move.sheet })}`;

/** 14:05 UK time on the move's day. */
const onTheDay = (move: { moveDate: string }) => new Date(londonDayStart(move.moveDate).getTime() + (14 * 60 + 5) * 60_000).toISOString();

/** As the crew's phone posts from the sheet (a no-referrer page: `Origin: null`). */
const sheetPost = (move: Booked, fields: Record<string, string>) =>
  fetch(sheetUrl(move), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': FORM,
      'X-Test-Now': onTheDay(move),
      'X-Test-Client': unique('phone'),
    },
    body: new URLSearchParams(fields),
  });

/** The accept form as the phone posts it with the pad's script: multipart, the drawing as its `signature` file. */
const signedPost = (move: Booked, fields: Record<string, string>, signature: Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  // As the pad's script sends it: a file named and typed as a PNG, whatever its bytes.
  form.set('signature', new Blob([signature], { type: 'image/png' }), 'signature.png');
  return fetch(sheetUrl(move), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Test-Now': onTheDay(move), 'X-Test-Client': unique('phone') },
    body: form,
  });
};

/** A 1 by 1 PNG, as a canvas's toDataURL gives one (its bytes, from the condition records' test). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const sheetPage = async (move: Booked) =>
  readPage(await (await fetch(sheetUrl(move), { headers: { 'X-Test-Now': onTheDay(move) } })).text());

const movePage = async (move: Made) => {
  const response = await fetch(`${apiBase()}/quote-confirmation?ref=${move.reference}&t=${move.token}`);
  expect(response.status).toBe(200);
  return readPage(await response.text());
};

const orders = (reference: string) =>
  query<{ id: number; status: string; total_pence: number; signed_name: string | null; written_version: number | null }>(
    'SELECT id, status, total_pence, signed_name, written_version FROM change_orders WHERE reference = ? ORDER BY id',
    reference,
  );

const signatures = (reference: string) =>
  query<{ signature: string | null }>('SELECT signature FROM change_orders WHERE reference = ? ORDER BY id', reference).map(
    (row) => row.signature,
  );

const tasks = (reference: string) =>
  query<{ kind: string; detail: string; done_at: string | null }>(
    "SELECT kind, detail, done_at FROM office_tasks WHERE record_reference = ? AND kind LIKE 'change%'",
    reference,
  );

const versions = (reference: string) =>
  query<{ version: number; lines: string; total_pence: number; accepted_at: string | null }>(
    'SELECT version, lines, total_pence, accepted_at FROM written_quotes WHERE reference = ? ORDER BY version',
    reference,
  );

const audits = (reference: string, action: string) =>
  query('SELECT actor, detail FROM audit_log WHERE record_reference = ? AND action = ?', reference, action);

describe('extras only by a signed change', () => {
  it('makes the written quote’s next version and raises the balance by the wardrobe’s price once signed on the crew’s phone', async () => {
    const move = await bookedMove();
    const before = await movePage(move);
    expect(before.filled('top:price')).toBe('£495.00');
    const dueBy = formatLongDate(addDays(move.moveDate, -7));
    expect(before.filled('top:Left to pay')).toBe(`£371.25 by ${dueBy}`);

    // A typed price is refused, as is a quantity that is not a whole number: nothing is stored.
    const typed = await sheetPost(move, { action: 'change_propose', 'qty-wardrobe': '1', price: '1.00' });
    expect(typed.status).toBe(400);
    expect(readPage(await typed.text()).filled('error:items')).toBe(CHANGE_MESSAGES.typedPrice);
    const fraction = await sheetPost(move, { action: 'change_propose', 'qty-wardrobe': '1.5' });
    expect(fraction.status).toBe(400);
    expect(readPage(await fraction.text()).filled('error:items')).toBe(CHANGE_MESSAGES.quantity);
    const none = await sheetPost(move, { action: 'change_propose', 'qty-wardrobe': '0' });
    expect(none.status).toBe(400);
    expect(readPage(await none.text()).filled('error:items')).toBe(CHANGE_MESSAGES.items);
    expect(orders(move.reference)).toEqual([]);

    const proposed = await sheetPost(move, { action: 'change_propose', 'qty-wardrobe': '1', 'qty-sofa': '' });
    expect(proposed.status).toBe(303);
    expect(new URL(proposed.headers.get('Location')!, apiBase()).searchParams.get('done')).toBe('change_propose');
    const [order] = orders(move.reference);
    expect(order).toMatchObject({ status: 'proposed', total_pence: 6500, signed_name: null, written_version: null });
    const id = order!.id;
    // Proposed is not agreed: the price and the written quote are as they were.
    expect(versions(move.reference).map((v) => v.version)).toEqual([1]);
    expect((await movePage(move)).filled('top:price')).toBe('£495.00');

    const sheet = await sheetPage(move);
    expect(sheet.filled(`change:${id}:total`)).toBe('£65.00');
    expect(sheet.filled(`change:${id}:agreement`)).toBe('I agree to pay £65.00 more for these extras');

    // Without the tick: refused by the field, nothing changed.
    const noTick = await sheetPost(move, { action: 'change_accept', change: String(id), name: 'Nia Okafor' });
    expect(noTick.status).toBe(400);
    expect(readPage(await noTick.text()).filled('error:agree')).toBe(CHANGE_MESSAGES.agree);
    expect(orders(move.reference)[0]!.status).toBe('proposed');

    // Signed twice at once on a poor signal: accepted once.
    const [signed, again] = await Promise.all([
      sheetPost(move, { action: 'change_accept', change: String(id), name: ' Nia  Okafor ', agree: 'yes' }),
      sheetPost(move, { action: 'change_accept', change: String(id), name: 'Nia Okafor', agree: 'yes' }),
    ]);
    expect([signed.status, again.status].sort()).toEqual([303, 409]);
    const late = await sheetPost(move, { action: 'change_accept', change: String(id), name: 'Nia Okafor', agree: 'yes' });
    expect(late.status).toBe(409);
    expect(readPage(await late.text()).filled('error:change')).toBe(CHANGE_MESSAGES.decided);

    expect(orders(move.reference)).toEqual([{ id, status: 'accepted', total_pence: 6500, signed_name: 'Nia Okafor', written_version: 2 }]);
    const written = versions(move.reference);
    expect(written.map((v) => [v.version, v.total_pence])).toEqual([
      [1, 49_500],
      [2, 56_000],
    ]);
    expect(written[1]!.accepted_at).not.toBeNull();
    expect(JSON.parse(written[1]!.lines)).toEqual([...JSON.parse(written[0]!.lines), { label: 'Extra on the day: Wardrobe', pence: 6500 }]);
    expect(audits(move.reference, 'change_accepted')).toHaveLength(1);
    expect(signatures(move.reference)).toEqual([null]);
    expect(tasks(move.reference)).toEqual([]);
    expect(audits(move.reference, 'change_proposed')[0]).toMatchObject({ actor: expect.stringMatching(/^crew:Samira$/) });

    // The page: £65.00 more, to the penny.
    const after = await movePage(move);
    expect(after.filled('top:price')).toBe('£560.00');
    expect(after.filled('top:Left to pay')).toBe(`£436.25 by ${dueBy}`);

    // The e-mail says the same.
    const email = await waitForEmail({ key: `move:${move.reference}:change:${id}:customer` });
    expect(email.to).toBe(move.email);
    const text = email.text.replace(/\s+/g, ' ');
    expect(text).toContain('Extra on the day: Wardrobe: £65.00');
    expect(text).toContain('New price: £560.00');
    expect(text).toContain('Signed by: Nia Okafor');

    // And the Stripe stand-in asks for the same balance.
    const pay = await fetch(`${apiBase()}${PAY_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
      body: new URLSearchParams({ ref: move.reference, t: move.token, purpose: 'balance' }).toString(),
    });
    expect(pay.status).toBe(303);
    const { sessionId } = checkoutAt(new URL(pay.headers.get('location')!));
    const session = (await (
      await fetch(`${stripeUrl()}/v1/checkout/sessions/${sessionId}`, { headers: { Authorization: 'Bearer sk_test_reader' } })
    ).json()) as { amount_total: number };
    expect(session.amount_total).toBe(43_625);

    // A second change, for a sofa, refused by the customer: nothing but its status changes.
    const sofa = await sheetPost(move, { action: 'change_propose', 'qty-sofa': '1' });
    expect(sofa.status).toBe(303);
    const second = orders(move.reference)[1]!;
    expect(second).toMatchObject({ status: 'proposed', total_pence: 22_500 });
    const refused = await sheetPost(move, { action: 'change_refuse', change: String(second.id) });
    expect(refused.status).toBe(303);
    expect(orders(move.reference)[1]).toMatchObject({ status: 'refused', signed_name: null, written_version: null });
    expect(versions(move.reference).map((v) => v.version)).toEqual([1, 2]);
    expect(audits(move.reference, 'change_refused')).toHaveLength(1);
    // The office is given one to-do, not urgent, naming the move, what was refused and the crew lead. From the table:
    // a sofa is £225, so one is £225.00 in all.
    expect(tasks(move.reference)).toEqual([
      {
        kind: 'change_refused',
        detail: `Move ${move.reference}: the customer refused Sofa × 1 (£225.00), £225.00 in all; crew lead ${move.crewLead}`,
        done_at: null,
      },
    ]);
    // On the move's own page: the home page lists the oldest hundred open to-dos, however many other tests left.
    const todo = await (await officeGet(leadPath(move.reference))).text();
    const item = new RegExp(`<li[^>]*data-task="change_refused"[^>]*data-reference="${move.reference}"[^>]*>`).exec(todo)?.[0];
    expect(item).toBeDefined();
    expect(item).not.toContain('data-urgent');
    // Refused again (a second tap): 409, and still one to-do.
    expect((await sheetPost(move, { action: 'change_refuse', change: String(second.id) })).status).toBe(409);
    expect(tasks(move.reference)).toHaveLength(1);
    const unchanged = await movePage(move);
    expect(unchanged.filled('top:price')).toBe('£560.00');
    expect(unchanged.filled('top:Left to pay')).toBe(`£436.25 by ${dueBy}`);
    // The office's lead page lists both, as the customer answered them.
    const lead = readPage(await (await officeGet(leadPath(move.reference))).text());
    expect(lead.filled(`office:change:${id}:total`)).toBe('£65.00');
    expect(lead.filled(`office:change:${id}:status`)).toMatch(/^Accepted and signed: Signed by Nia Okafor at /);
    expect(lead.filled(`office:change:${second.id}:status`)).toMatch(/^Refused: nothing changed: Refused at /);
    // Refused once answered: accepting it later changes nothing.
    const latecomer = await sheetPost(move, { action: 'change_accept', change: String(second.id), name: 'Nia Okafor', agree: 'yes' });
    expect(latecomer.status).toBe(409);
    expect(versions(move.reference).map((v) => v.version)).toEqual([1, 2]);
  });

  it('is signed by the customer from their own move page: a double wardrobe, £125.00 more', async () => {
    const move = await bookedMove();
    // Sent twice on a poor signal with the sheet's one key: stored once.
    const tap = crypto.randomUUID();
    const proposed = await sheetPost(move, { action: 'change_propose', tap, 'qty-double-wardrobe': '1' });
    expect(proposed.status).toBe(303);
    expect((await sheetPost(move, { action: 'change_propose', tap, 'qty-double-wardrobe': '1' })).status).toBe(303);
    expect(orders(move.reference)).toHaveLength(1);
    expect(audits(move.reference, 'change_proposed')).toHaveLength(1);
    const [order] = orders(move.reference);
    const id = String(order!.id);
    const page = await movePage(move);
    expect(page.filled(`change:${id}:total`)).toBe('£125.00');
    // Called by its place among this move's changes, not by its id, which counts every move's (the first test's came
    // first): the customer and the crew saw "Change 5" on a move's first change when walked (3 Dec 2026).
    const named = async (url: string, headers: Record<string, string> = {}) =>
      new RegExp(`data-change="${id}"[^>]*>\\s*<h3[^>]*>\\s*(\\w+ \\d+):`).exec(await (await fetch(url, { headers })).text())?.[1];
    expect(await named(`${apiBase()}/quote-confirmation?ref=${move.reference}&t=${move.token}`)).toBe('Extras 1');
    expect(await named(sheetUrl(move), { 'X-Test-Now': onTheDay(move) })).toBe('Change 1');
    expect(page.filled(`change:${id}:agreement`)).toBe('I agree to pay £125.00 more for these extras');

    const answer = (fields: Record<string, string>) =>
      fetch(`${apiBase()}/quote-confirmation`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
        body: new URLSearchParams({ ref: move.reference, t: move.token, change: id, ...fields }).toString(),
      });
    const noTick = await answer({ action: 'change-accept', changeName: 'Nia Okafor' });
    expect(noTick.status).toBe(400);
    const refused = await noTick.text();
    expect(readPage(refused).filled('error:changeAgree')).toBe(CHANGE_MESSAGES.customerAgree);
    expect(refused).toMatch(/id="change-\d+-agree"[^>]*aria-describedby="change-\d+-agree-error"/);
    expect(versions(move.reference).map((v) => v.version)).toEqual([1]);

    const signed = await answer({ action: 'change-accept', changeName: 'Nia Okafor', changeAgree: 'yes' });
    expect(signed.status).toBe(303);
    expect(new URL(signed.headers.get('Location')!, apiBase()).searchParams.get('done')).toBe('change_accepted');
    expect(orders(move.reference)[0]).toMatchObject({ status: 'accepted', signed_name: 'Nia Okafor', written_version: 2 });
    expect(audits(move.reference, 'change_accepted')).toEqual([expect.objectContaining({ actor: 'customer' })]);
    // £495.00 + £125.00 = £620.00; less the £123.75 deposit, £496.25 left.
    const after = await movePage(move);
    expect(after.filled('top:price')).toBe('£620.00');
    expect(after.filled('top:Left to pay')).toBe(`£496.25 by ${formatLongDate(addDays(move.moveDate, -7))}`);
    expect(after.filled(`change:${id}:status`)).toBe('Accepted and signed');
    expect((await answer({ action: 'change-refuse' })).status).toBe(409);
    expect(orders(move.reference)[0]!.status).toBe('accepted');
    expect(tasks(move.reference)).toEqual([]);
  });

  it('keeps the signature drawn on the crew’s phone for the office, byte for byte; refuses a JPEG or over 100 KB by its field', async () => {
    const move = await bookedMove();
    expect((await sheetPost(move, { action: 'change_propose', 'qty-wardrobe': '1' })).status).toBe(303);
    const id = String(orders(move.reference)[0]!.id);
    const fields = { action: 'change_accept', change: id, name: 'Nia Okafor', agree: 'yes' };

    // Not a PNG by its bytes (a JPEG's), or one byte over 100 KB: refused by the pad's message, nothing stored.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    const oversize = new Uint8Array(100 * 1024 + 1);
    oversize.set(PNG);
    for (const drawn of [jpeg, oversize]) {
      const response = await signedPost(move, fields, drawn);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(readPage(html).filled('error:signature')).toBe(CHANGE_MESSAGES.signature);
      expect(html).toMatch(new RegExp(`<canvas[^>]*aria-describedby="change-${id}-signature-hint change-${id}-signature-error"`));
      // What was typed comes back, so the customer need not type it again.
      expect(html).toContain('value="Nia Okafor"');
    }
    expect(orders(move.reference)).toEqual([
      { id: Number(id), status: 'proposed', total_pence: 6500, signed_name: null, written_version: null },
    ]);
    expect(signatures(move.reference)).toEqual([null]);
    expect(versions(move.reference).map((v) => v.version)).toEqual([1]);

    // A PNG: accepted, the typed name still the signature of record; the drawing kept in R2 under the move's photos.
    const signed = await signedPost(move, fields, PNG);
    expect(signed.status).toBe(303);
    expect(orders(move.reference)[0]).toMatchObject({ status: 'accepted', signed_name: 'Nia Okafor', written_version: 2 });
    const [key] = signatures(move.reference);
    expect(key).toMatch(new RegExp(`^job-photos/${move.reference}/[0-9a-f-]{36}\\.png$`));
    expect(audits(move.reference, 'change_accepted')[0]).toMatchObject({
      detail: expect.stringMatching(/^Change accepted, signed by Nia Okafor \(signed on the crew’s phone too\): Wardrobe × 1 \(£65\.00\)/),
    });
    const email = await waitForEmail({ key: `move:${move.reference}:change:${id}:customer` });
    expect(email.text.replace(/\s+/g, ' ')).toContain('Signed by: Nia Okafor (signed on the crew’s phone too)');

    // The office sees it beside the change, through the photos' own route: the very bytes drawn. Nobody else can.
    const path = `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key: key! })}`;
    const leadHtml = await (await officeGet(leadPath(move.reference))).text();
    const lead = readPage(leadHtml);
    expect(lead.shown(`office:change:${id}:signature`)).toBe(true);
    expect(lead.filled(`office:change:${id}:status`)).toMatch(
      /^Accepted and signed: Signed by Nia Okafor at .*; signed on the crew’s phone$/,
    );
    expect(leadHtml).toContain(`src="${path.replace(/&/g, '&amp;')}"`);
    expect(leadHtml).toContain('alt="The signature Nia Okafor drew"');
    const image = await officeGet(path);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${apiBase()}${path}`, { redirect: 'manual' })).status).toBe(303);
    // The customer's page says it was drawn; the picture stays with the office.
    const moveHtml = await (await fetch(`${apiBase()}/quote-confirmation?ref=${move.reference}&t=${move.token}`)).text();
    expect(moveHtml).not.toContain(key!);

    // The cron's sweep of R2 an hour on keeps it while the change names it.
    await runCron(secondsFromNow(2 * 3600));
    expect((await officeGet(path)).status).toBe(200);

    // Erased with the quote (the customer cancels, then deletes their data): the row goes by the foreign key, and the
    // next cron run an hour on takes the drawing from R2, as it does the condition record's.
    expect((await postForm(PAGE_PATHS.confirmation, { ref: move.reference, t: move.token, action: 'cancel-confirm' })).status).toBe(303);
    expect((await post(ACCOUNT_PATHS.deleteData, await signIn(move.email))).status).toBe(200);
    expect(orders(move.reference)).toEqual([]);
    await runCron(secondsFromNow(2 * 3600));
    expect((await officeGet(path)).status).toBe(404);
  });

  it('adds access from the access table by the move’s size: 3 floors of stairs and a long carry, £85.00 more for a studio', async () => {
    const move = await bookedMove();
    // More than the table counts: a long carry counts once at an end.
    const twice = await sheetPost(move, { action: 'change_propose', 'qty-carry-from': '2' });
    expect(twice.status).toBe(400);
    expect(readPage(await twice.text()).filled('error:items')).toBe(CHANGE_MESSAGES.access);
    expect(orders(move.reference)).toEqual([]);

    // The card tests' quote is a studio: £20 a floor of stairs and £25 a long carry in the access table, so
    // 3 × £20.00 + £25.00 = £85.00, and the written quote £495.00 + £85.00 = £580.00.
    // The sheet offers them at each end, no more than the table counts: 4 floors, one long carry.
    const sheet = await (await fetch(sheetUrl(move), { headers: { 'X-Test-Now': onTheDay(move) } })).text();
    expect(sheet).toMatch(/<input[^>]*name="qty-stairs-to"[^>]*max="4"/);
    expect(sheet).toMatch(/<input[^>]*name="qty-carry-from"[^>]*max="1"/);
    const proposed = await sheetPost(move, { action: 'change_propose', 'qty-stairs-to': '3', 'qty-carry-from': '1' });
    expect(proposed.status).toBe(303);
    const [order] = orders(move.reference);
    expect(order).toMatchObject({ status: 'proposed', total_pence: 8500 });
    const id = String(order!.id);
    const signed = await sheetPost(move, { action: 'change_accept', change: id, name: 'Nia Okafor', agree: 'yes' });
    expect(signed.status).toBe(303);
    const written = versions(move.reference);
    expect(written.map((v) => [v.version, v.total_pence])).toEqual([
      [1, 49_500],
      [2, 58_000],
    ]);
    expect(JSON.parse(written[1]!.lines)).toEqual([
      ...JSON.parse(written[0]!.lines),
      { label: 'Extra on the day: Moving to: stairs without a lift, per floor × 3', pence: 6000 },
      { label: 'Extra on the day: Moving from: long carry (over 20 metres)', pence: 2500 },
    ]);
    expect((await movePage(move)).filled('top:price')).toBe('£580.00');
  });

  it('is refused for a move whose price is not an accepted written quote: there is nothing to add it to', async () => {
    const move = await dayMove();
    // The sheet says so before the crew fill anything in: no form that could only be refused (walked 3 Dec 2026).
    const sheet = await fetch(`${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: move.sheet })}`, {
      headers: { 'X-Test-Now': onTheDay(move) },
    });
    expect(sheet.status).toBe(200);
    const shown = await sheet.text();
    expect(readPage(shown).filled('changes-unavailable')).toBe(CHANGE_MESSAGES.noWrittenQuote);
    expect(shown).not.toContain('Show the customer the extra cost');
    const response = await fetch(`${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: move.sheet })}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Origin: 'null',
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': FORM,
        'X-Test-Client': unique('phone'),
        'X-Test-Now': onTheDay(move),
      },
      body: new URLSearchParams({ action: 'change_propose', 'qty-wardrobe': '1' }),
    });
    expect(response.status).toBe(409);
    // Posted all the same (from a page opened before): the answer says why where the form was.
    expect(readPage(await response.text()).filled('changes-unavailable')).toBe(CHANGE_MESSAGES.noWrittenQuote);
    expect(orders(move.reference)).toEqual([]);
  });
});
