/**
 * Moving day you can see (issue 44 items 1 and 2) over HTTP: the crew's taps from the job sheet (On our way with an
 * estimate from the list, Running late, Arrived, Loaded and leaving, Arrived at delivery), each stored once with its
 * time, in the move's history and the audit trail, e-mailed to the customer; the move page and its status JSON showing
 * the day. Times are sent as the request's clock (X-Test-Now) on the move's own day, and every expected time is worked
 * by hand from them.
 */
import { describe, expect, it } from 'vitest';
import { JOB_SHEET_MESSAGES } from '~/lib/office/job-sheet';
import { MOVE_DAY_PATH } from '~/lib/moving-day';
import { apiBase, emailsTo, query } from './helpers';
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
