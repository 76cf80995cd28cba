/**
 * Moving day you can see (issue 44 items 1 and 2) over HTTP: the crew's taps from the job sheet (On our way with an
 * estimate from the list, Running late, Arrived, Loaded and leaving, Arrived at delivery), each stored once with its
 * time, in the move's history and the audit trail, e-mailed to the customer; the move page and its status JSON showing
 * the day. Times are sent as the request's clock (X-Test-Now) on the move's own day, and every expected time is worked
 * by hand from them.
 */
import { describe, expect, it } from 'vitest';
import { JOB_SHEET_MESSAGES, LOCATED_NOTICES } from '~/lib/office/job-sheet';
import { londonDayStart } from '~/lib/dates';
import { textsTo, waitForTexts } from '../shared/sms';
import { testMobile } from '../shared/stand-ins';
import { MOVE_DAY_PATH } from '~/lib/moving-day';
import { postcodeFoundOnce } from '../shared/stand-ins';
import { apiBase, emailsTo, query, smsUrl } from './helpers';
import { readPage } from './html';
import { at, bookedMove, statusUrl, tap, type Move } from './moving-day';

const reports = (move: Move) => query('SELECT kind, eta FROM job_reports WHERE reference = ? ORDER BY id', move.reference);
const audit = (move: Move) =>
  query("SELECT actor, action, detail FROM audit_log WHERE record_reference = ? AND action LIKE 'crew_%' ORDER BY id", move.reference);
const customerEmails = (move: Move) =>
  query("SELECT idempotency_key AS key FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE '%:crew_%'", move.reference);

describe('the crew’s taps on the moving day', () => {
  it('On our way with 30 minutes from the list: the time worked out, stored once however often it is sent', async () => {
    const move = await bookedMove();
    const key = crypto.randomUUID();
    // Tapped at 08:05: 30 minutes later is 08:35.
    const sent = await tap(move, { action: 'on_our_way', minutes: '30', eta: '', tap: key }, at(move, 8, 5));
    expect(sent.status).toBe(303);
    expect(new URL(sent.headers.get('Location')!, apiBase()).searchParams.get('done')).toBe('on_our_way');
    // The same form again, as a phone on a poor signal sends it: nothing more is stored or sent.
    const again = await tap(move, { action: 'on_our_way', minutes: '30', eta: '', tap: key }, at(move, 8, 6));
    expect(again.status).toBe(303);
    expect(reports(move)).toEqual([{ kind: 'on_our_way', eta: '08:35' }]);
    expect(customerEmails(move)).toHaveLength(1);
    expect(audit(move)).toEqual([{ actor: 'crew:Samira', action: 'crew_on_our_way', detail: 'On our way, arriving at about 08:35' }]);

    await expect.poll(async () => (await emailsTo(move.email)).filter((e) => e.subject.includes('your crew is on the way')).length).toBe(1);
    const email = (await emailsTo(move.email)).find((e) => e.subject.includes('your crew is on the way'))!;
    expect(email.text).toContain('Nia, your crew, led by Samira, is on the way and expects to arrive at about 08:35.');

    const status = await fetch(statusUrl(move));
    expect(status.status).toBe(200);
    expect(status.headers.get('Cache-Control')).toBe('no-store');
    expect(await status.json()).toEqual({
      steps: [{ label: 'On the way', at: '08:05', detail: 'expected at about 08:35' }],
      estimate: '08:35',
      finished: false,
    });
  });

  it('Running late, Arrived, Leaving and Arrived at delivery: each once, each told, the page and JSON showing the day', async () => {
    const move = await bookedMove();
    const steps: Array<[Record<string, string>, number, number]> = [
      [{ action: 'on_our_way', minutes: '15' }, 8, 40], // 08:40 + 15 min = 08:55
      [{ action: 'late', minutes: '45' }, 8, 50], // 08:50 + 45 min = 09:35
      [{ action: 'arrived' }, 9, 31],
      [{ action: 'arrived' }, 9, 33], // a second Arrived (another page's key) changes nothing
      [{ action: 'leaving' }, 11, 10],
      [{ action: 'at_delivery' }, 13, 25],
    ];
    for (const [fields, hours, minutes] of steps) {
      const answer = await tap(move, { ...fields, tap: crypto.randomUUID() }, at(move, hours, minutes));
      expect(answer.status).toBe(303);
    }
    expect(reports(move)).toEqual([
      { kind: 'on_our_way', eta: '08:55' },
      { kind: 'late', eta: '09:35' },
      { kind: 'arrived', eta: null },
      { kind: 'leaving', eta: null },
      { kind: 'at_delivery', eta: null },
    ]);
    expect(audit(move)).toEqual([
      { actor: 'crew:Samira', action: 'crew_on_our_way', detail: 'On our way, arriving at about 08:55' },
      { actor: 'crew:Samira', action: 'crew_running_late', detail: 'Running late, now arriving at about 09:35' },
      { actor: 'crew:Samira', action: 'crew_arrived', detail: 'Arrived' },
      { actor: 'crew:Samira', action: 'crew_leaving', detail: 'Loaded and leaving' },
      { actor: 'crew:Samira', action: 'crew_at_delivery', detail: 'Arrived at delivery' },
    ]);
    expect(customerEmails(move)).toHaveLength(5);
    const expected = [
      'Nia, your crew, led by Samira, is running late and now expects to arrive at about 09:35.',
      'Nia, your crew, led by Samira, has arrived.',
      'Nia, your crew has loaded and is leaving for your new home.',
      'Nia, your crew has arrived at your new home.',
    ];
    await expect
      .poll(async () => (await emailsTo(move.email)).filter((e) => /moving day update|running late/.test(e.subject)).length)
      .toBe(4);
    const texts = (await emailsTo(move.email)).map((e) => e.text).join('\n');
    for (const line of expected) expect(texts).toContain(line);

    const day = {
      steps: [
        { label: 'On the way', at: '08:40', detail: 'expected at about 08:55' },
        { label: 'Running late', at: '08:50', detail: 'expected at about 09:35' },
        { label: 'Arrived', at: '09:31', detail: null },
        { label: 'Loaded and leaving', at: '11:10', detail: null },
        { label: 'Arrived at your new home', at: '13:25', detail: null },
      ],
      estimate: null,
      finished: false,
    };
    expect(await (await fetch(statusUrl(move))).json()).toEqual(day);

    // The move page without JavaScript: the same steps, and a link to refresh it.
    const html = await (await fetch(new URL(move.answer.confirmationUrl, apiBase()), { headers: at(move, 13, 30) })).text();
    expect(html).toContain('Your moving day');
    expect(html).toContain('Arrived at your new home');
    expect(html).toContain('Loaded and leaving');
    expect(html).toMatch(/href="\/quote-confirmation\?ref=[^"]+"[^>]*data-day-refresh/);
    expect(html).toContain(`data-moving-day="${MOVE_DAY_PATH}?ref=${move.reference}&amp;t=`);
    // In the move's history too.
    const history = query<{ event: string }>('SELECT event FROM quote_events WHERE reference = ? ORDER BY id', move.reference)
      .map((row) => JSON.parse(row.event).kind as string)
      .filter((kind) => kind.startsWith('crew_'));
    expect(history).toEqual(['crew_on_way', 'crew_late', 'crew_step', 'crew_step', 'crew_step']);
  });

  it('refuses an estimate not on the list, a malformed key, and opens the status only with the move’s token', async () => {
    const move = await bookedMove();
    const odd = await tap(move, { action: 'late', minutes: '17', eta: '' }, at(move, 9, 0));
    expect(odd.status).toBe(400);
    expect(readPage(await odd.text()).filled('error:eta')).toBe(JOB_SHEET_MESSAGES.eta);
    const badKey = await tap(move, { action: 'arrived', tap: 'not-a-key' }, at(move, 9, 0));
    expect(badKey.status).toBe(400);
    expect(readPage(await badKey.text()).filled('error:day')).toBe(JOB_SHEET_MESSAGES.tap);
    expect(reports(move)).toEqual([]);
    expect(customerEmails(move)).toEqual([]);

    const wrong = await fetch(statusUrl(move, 'A'.repeat(32)));
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const posted = await fetch(statusUrl(move), { method: 'POST' });
    expect(posted.status).toBe(405);
  });
});

/** Where a tap landed: the `done` of its answer's Location. */
const doneOf = (answer: Response) => new URL(answer.headers.get('Location')!, apiBase()).searchParams.get('done');

/** Every row of every D1 table holding `text` anywhere, as `table: row`. */
function rowsHolding(text: string): string[] {
  const tables = query<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  );
  return tables.flatMap(({ name }) => {
    const columns = query<{ name: string }>(`SELECT name FROM pragma_table_info('${name}')`).map((column) => `"${column.name}"`);
    const where = columns.map((column) => `CAST(${column} AS TEXT) LIKE ?`).join(' OR ');
    return query(`SELECT * FROM "${name}" WHERE ${where}`, ...columns.map(() => `%${text}%`)).map(
      (row) => `${name}: ${JSON.stringify(row)}`,
    );
  });
}

describe('On our way worked out from the crew’s location (issue 44 item 2)', () => {
  it('takes the time from the location to the pickup over the time chosen, and keeps nothing of where the crew were', async () => {
    const move = await bookedMove();
    // The pickup is SW1A 1AA (51.501009, -0.141588 at the stand-in). The crew are 0.086091° north of it (and 0.000412°
    // west, 0.02 miles): 0.086091 × 3959 × π / 180 = 5.95 miles. By road 5.95 × 1.3 = 7.73 miles; at 25 mph
    // 7.73 / 25 × 60 = 18.6 minutes, up to the next 5: 20. Tapped at 08:05: about 08:25, not the 45 minutes chosen.
    // Four decimals: a time stored at 12:41:51.587 once held "51.587", and a timestamp has three.
    const location = { latitude: '51.5871', longitude: '-0.142' };
    const sent = await tap(move, { action: 'on_our_way', minutes: '45', eta: '', ...location, tap: crypto.randomUUID() }, at(move, 8, 5));
    expect(sent.status).toBe(303);
    expect(doneOf(sent)).toBe('on_our_way_located');
    expect(reports(move)).toEqual([{ kind: 'on_our_way', eta: '08:25' }]);
    expect(audit(move)).toEqual([
      {
        actor: 'crew:Samira',
        action: 'crew_on_our_way',
        detail: 'On our way, arriving at about 08:25 (estimate from the crew’s location)',
      },
    ]);

    await expect.poll(async () => (await emailsTo(move.email)).filter((e) => e.subject.includes('your crew is on the way')).length).toBe(1);
    const email = (await emailsTo(move.email)).find((e) => e.subject.includes('your crew is on the way'))!;
    expect(email.text).toContain('Nia, your crew, led by Samira, is on the way and expects to arrive at about 08:25.');
    expect(email.text).not.toContain(location.latitude);
    const page = await (await fetch(new URL(move.answer.confirmationUrl, apiBase()), { headers: at(move, 8, 6) })).text();
    expect(readPage(page).filled('moving-day-estimate')).toBe('Your crew expect to arrive at about 08:25');
    expect(((await (await fetch(statusUrl(move))).json()) as { estimate: string }).estimate).toBe('08:25');

    // The sheet says how the time was made.
    const sheet = await fetch(new URL(sent.headers.get('Location')!, apiBase()), { headers: at(move, 8, 6) });
    expect(readPage(await sheet.text()).filled('notice')).toBe(LOCATED_NOTICES.on_our_way_located);
    // Neither the latitude nor the longitude is anywhere in D1: reports, audit, outbox, events, every table (the same
    // search finds the move's reference).
    expect(rowsHolding(move.reference).length).toBeGreaterThan(5);
    expect(rowsHolding(location.latitude)).toEqual([]);
    expect(rowsHolding(location.longitude)).toEqual([]);
  });

  it('ignores a location outside the UK for the time chosen', async () => {
    const move = await bookedMove();
    // Paris: 30 minutes from the list at 08:05 is 08:35.
    const fields = { action: 'on_our_way', minutes: '30', eta: '', latitude: '48.857', longitude: '2.352', tap: crypto.randomUUID() };
    const sent = await tap(move, fields, at(move, 8, 5));
    expect(sent.status).toBe(303);
    expect(doneOf(sent)).toBe('on_our_way');
    expect(reports(move)).toEqual([{ kind: 'on_our_way', eta: '08:35' }]);
    expect(audit(move)).toEqual([{ actor: 'crew:Samira', action: 'crew_on_our_way', detail: 'On our way, arriving at about 08:35' }]);
    expect(rowsHolding('48.857')).toEqual([]);
  });

  it('sends the time chosen, and says so, when the postcode service cannot place the pickup', async () => {
    // Found once, when the quote was priced; every later look-up answers 503.
    const move = await bookedMove(undefined, { fromPostcode: postcodeFoundOnce() });
    const location = { latitude: '53.490', longitude: '-2.243' };
    const none = await tap(move, { action: 'on_our_way', minutes: '', eta: '', ...location, tap: crypto.randomUUID() }, at(move, 8, 0));
    expect(none.status).toBe(400);
    expect(readPage(await none.text()).filled('error:eta')).toBe(JOB_SHEET_MESSAGES.unplaced);
    expect(reports(move)).toEqual([]);

    const sent = await tap(move, { action: 'on_our_way', minutes: '30', eta: '', ...location, tap: crypto.randomUUID() }, at(move, 8, 5));
    expect(sent.status).toBe(303);
    expect(doneOf(sent)).toBe('on_our_way_unplaced');
    expect(reports(move)).toEqual([{ kind: 'on_our_way', eta: '08:35' }]);
    expect(audit(move)).toEqual([{ actor: 'crew:Samira', action: 'crew_on_our_way', detail: 'On our way, arriving at about 08:35' }]);
    const sheet = await fetch(new URL(sent.headers.get('Location')!, apiBase()), { headers: at(move, 8, 6) });
    expect(readPage(await sheet.text()).filled('notice')).toBe(LOCATED_NOTICES.on_our_way_unplaced);
  });

  it('lets the job sheet alone ask for the location: the home page and the sheet’s 404 still forbid it', async () => {
    const move = await bookedMove();
    // On the move's day: the location offer comes with "On our way", which the sheet shows on that day only.
    const sheet = await fetch(new URL(`/job-sheet?t=${move.sheet}`, apiBase()), { headers: at(move, 7, 30) });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('Permissions-Policy')).toBe(
      'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
    );
    const html = await sheet.text();
    expect(html).toContain('Use my location to work out the time');
    expect(html).toMatch(/<input type="hidden" name="latitude" value=""/);
    const home = await fetch(new URL('/', apiBase()));
    expect(home.headers.get('Permissions-Policy')).toContain('geolocation=()');
    const unknown = await fetch(new URL(`/job-sheet?t=${'A'.repeat(32)}`, apiBase()));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Permissions-Policy')).toContain('geolocation=()');
  });
});

describe('the moving-day taps on another day (found walking issue 44)', () => {
  /** The move's eve at 18:00 UK time (17:00 or 18:00 UTC: the same day in UTC as in London). */
  const eve = (move: Move) => new Date(londonDayStart(move.moveDate).getTime() - 6 * 3_600_000);
  const dayBefore = (move: Move) => ({ 'X-Test-Now': eve(move).toISOString() });
  // A yyyy-mm-dd in the sheet's words, e.g. "Friday 5 March 2027", worked here without the app's code.
  const words = (day: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .format(new Date(`${day}T12:00:00Z`))
      .replace(',', '');

  it('On our way the day before is refused, stores and sends nothing; the same tap on the day is taken', async () => {
    const mobile = testMobile();
    const move = await bookedMove(undefined, { phone: `0${mobile.slice(3, 7)} ${mobile.slice(7)}`, textUpdates: true });
    const sheetUrl = new URL(`/job-sheet?t=${move.sheet}`, apiBase());

    // The sheet, opened the day before, has no moving-day buttons and says when they appear.
    const before = await (await fetch(sheetUrl, { headers: dayBefore(move) })).text();
    expect(readPage(before).filled('day-notice')).toBe(`The moving-day buttons appear on ${words(move.moveDate)}, the day of the move.`);
    for (const button of ['Send “On our way”', 'Send “Running late”', 'Mark the job done', 'Condition at pickup']) {
      expect(before).not.toContain(button);
    }

    // A crafted post (or a page left open from another day): the sheet again with the message, 400.
    const refused = await tap(move, { action: 'on_our_way', minutes: '30', tap: crypto.randomUUID() }, dayBefore(move));
    expect(refused.status).toBe(400);
    expect(readPage(await refused.text()).filled('error:day')).toBe(
      `Not yet: this move is on ${words(move.moveDate)}. The moving-day buttons work on that day only.`,
    );
    for (const action of ['arrived', 'leaving', 'at_delivery', 'late']) {
      const other = await tap(move, { action, minutes: '30', tap: crypto.randomUUID() }, dayBefore(move));
      expect(other.status).toBe(400);
    }
    expect(reports(move)).toEqual([]);
    expect(query('SELECT 1 FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE ?', move.reference, '%crew%')).toEqual([]);
    // Audited as the crew's: who tried what, and when.
    const tried = audit(move);
    expect(tried).toHaveLength(5);
    expect(tried[0]).toEqual({
      actor: 'crew:Samira',
      action: 'crew_off_day_refused',
      detail: `“On our way” sent on ${words(eve(move).toISOString().slice(0, 10))}, not the move's day (${words(move.moveDate)}): refused`,
    });

    // On the day at 08:05, the same tap is taken: 30 minutes on is 08:35.
    const taken = await tap(move, { action: 'on_our_way', minutes: '30', tap: crypto.randomUUID() }, at(move, 8, 5));
    expect(taken.status).toBe(303);
    expect(reports(move)).toEqual([{ kind: 'on_our_way', eta: '08:35' }]);
    // Exactly one e-mail and one text reached the stand-ins, the day's: the refused taps sent nothing.
    const [text] = await waitForTexts(smsUrl(), mobile);
    expect(text!.body).toContain('08:35');
    expect(await textsTo(smsUrl(), mobile)).toHaveLength(1);
    await expect.poll(async () => (await emailsTo(move.email)).filter((e) => e.subject.includes('your crew is on the way')).length).toBe(1);
    const told = (await emailsTo(move.email)).filter((e) => /on the way|moving day update|running late/.test(e.subject));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('expects to arrive at about 08:35');
  });
});
