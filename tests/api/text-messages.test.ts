/**
 * Text messages with consent (issue 44 item 4) over HTTP, against the SMS stand-in (Twilio's Messages API): an
 * opted-in customer's "On our way" reaches it exactly once, even when the queue delivers its message twice; an opted-out
 * customer gets none; STOP from the customer's number turns texts off for every move with it, and the move page says
 * so; a post without Twilio's signature is refused 403; a failing provider is retried, then given up and reported.
 * Each test's recipients are numbers of its own (tests/shared/stand-ins.ts); every expected text is written by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';
import { MOVE_TEXTS_PATH, SMS_INBOUND_PATH, SMS_STATUS_PATH } from '~/lib/sms-paths';
import { TEXTS_NEED_MOBILE } from '~/lib/texts-consent';
import { twilioSignature, STAND_IN_AUTH_TOKEN } from '../../stand-ins/sms/server.mjs';
import { submittedQuoteForm } from '../shared/quote-form';
import { textFromPhone, textsTo, waitForTexts } from '../shared/sms';
import { reservedMobile, testMobile } from '../shared/stand-ins';
import { apiBase, call, emailsTo, nextWeekday, query, runCron, smsUrl, unique, validQuote } from './helpers';
import { at, bookedMove, tap, type Move } from './moving-day';
import { londonDayStart } from '~/lib/dates';

/** +447… as a customer types it: 07… with a space. */
const typed = (mobile: string) => `0${mobile.slice(3, 7)} ${mobile.slice(7)}`;

const textRows = (move: Move) =>
  query<{ status: string; attempts: number; delivery_status: string | null; recipient: string }>(
    "SELECT status, attempts, delivery_status, recipient FROM email_outbox WHERE record_reference = ? AND channel = 'sms' ORDER BY id",
    move.reference,
  );
const consentOf = (reference: string) =>
  query<{ phone: string; opted_in: number; opted_in_via: string | null; opted_out_via: string | null }>(
    'SELECT phone, opted_in, opted_in_via, opted_out_via FROM sms_consents WHERE reference = ?',
    reference,
  );
const onOurWay = (move: Move, hours: number, minutes: number, minutesAway = '30') =>
  tap(move, { action: 'on_our_way', minutes: minutesAway, tap: crypto.randomUUID() }, at(move, hours, minutes));
const pageOf = async (move: Move) => (await fetch(new URL(move.answer.confirmationUrl, apiBase()))).text();
const ON_THE_WAY = (eta: string) =>
  new RegExp(`^[^:]+: Nia, your crew \\(Samira\\) are on the way and expect to arrive at about ${eta}\\. Reply STOP to end texts\\.$`);

/** As the move page's form posts (a no-referrer page: `Origin: null`). */
const moveTexts = (move: Move, texts: string, headers: Record<string, string> = { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }) => {
  const link = new URL(move.answer.confirmationUrl, apiBase()).searchParams;
  return call(MOVE_TEXTS_PATH, new URLSearchParams({ ref: move.reference, t: link.get('t')!, texts }).toString(), {
    contentType: 'application/x-www-form-urlencoded',
    headers,
  });
};

describe('text messages with consent', () => {
  // Booked before any cron run (a run on a later day ends the owner's session; sign-in links are three a minute).
  const slow = reservedMobile('slow', 5);
  const stopped = testMobile();
  let optedIn: Move;
  let optedOut: Move;
  let stopA: Move;
  let stopB: Move;
  beforeAll(async () => {
    optedIn = await bookedMove(undefined, { phone: typed(slow), textUpdates: true });
    optedOut = await bookedMove(undefined, { phone: typed(testMobile()) });
    stopA = await bookedMove(undefined, { phone: typed(stopped), textUpdates: true });
    stopB = await bookedMove(undefined, { phone: `+44 ${stopped.slice(3)}`, textUpdates: true });
  });

  it('an opted-in customer’s “On our way” reaches the provider once, though the queue delivers it twice', async () => {
    expect(consentOf(optedIn.reference)).toEqual([{ phone: slow, opted_in: 1, opted_in_via: 'quote', opted_out_via: null }]);
    // Tapped at 08:05 with 30 minutes: expected at 08:35. The stand-in holds this number's sends for 5 s.
    expect((await onOurWay(optedIn, 8, 5)).status).toBe(303);
    // While the first delivery is with the provider (the row claimed), the cron's sweep, 11 minutes on, queues it again.
    await expect
      .poll(
        () =>
          query(
            "SELECT 1 FROM email_outbox WHERE record_reference = ? AND channel = 'sms' AND sending_until IS NOT NULL",
            optedIn.reference,
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    await runCron(new Date(londonDayStart(optedIn.moveDate).getTime() + (8 * 60 + 16) * 60_000));
    const [text] = await waitForTexts(smsUrl(), slow, { where: (each) => each.callbacks.length >= 2 });
    expect(text!.body).toMatch(ON_THE_WAY('08:35'));
    expect(text!.num_segments).toBe('1');
    // Its status callbacks (sent, delivered) were signed and taken: 204 each, and the row records the last.
    expect(text!.callbacks.map((each) => [each.status, each.response])).toEqual([
      ['sent', 204],
      ['delivered', 204],
    ]);
    await expect
      .poll(() => textRows(optedIn), { timeout: 20_000 })
      .toEqual([{ status: 'sent', attempts: 1, delivery_status: 'delivered', recipient: slow }]);
    // Time for a second send to have arrived, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await textsTo(smsUrl(), slow)).toHaveLength(1);
    // The e-mail went as before.
    await expect
      .poll(async () => (await emailsTo(optedIn.email)).filter((e) => e.subject.includes('your crew is on the way')).length)
      .toBe(1);
  }, 90_000);

  it('an opted-out customer gets the e-mail and no text', async () => {
    expect(consentOf(optedOut.reference)).toEqual([]);
    expect((await onOurWay(optedOut, 8, 10)).status).toBe(303);
    await expect
      .poll(async () => (await emailsTo(optedOut.email)).filter((e) => e.subject.includes('your crew is on the way')).length)
      .toBe(1);
    expect(textRows(optedOut)).toEqual([]);
    const phone = query<{ phone: string }>('SELECT phone FROM quote_requests WHERE reference = ?', optedOut.reference)[0]!.phone;
    expect(await textsTo(smsUrl(), `+44${phone.replace(/\D/g, '').slice(1)}`)).toEqual([]);
    expect(await pageOf(optedOut)).toContain('Texts are off.');
  });

  it('STOP from the customer’s number turns texts off for each of their moves; the move page shows it off', async () => {
    expect(await pageOf(stopA)).toContain('Texts are on:');
    const answer = await textFromPhone(smsUrl(), stopped, 'Stop');
    expect(answer).toMatchObject({ delivered: true, status: 200 });
    for (const move of [stopA, stopB]) {
      expect(consentOf(move.reference)).toEqual([{ phone: stopped, opted_in: 0, opted_in_via: 'quote', opted_out_via: 'stop' }]);
      const page = await pageOf(move);
      expect(page).toContain('Texts are off.');
      expect(page).toContain('Turned off when you texted STOP');
    }
    // The crew's tap now e-mails only.
    expect((await onOurWay(stopA, 8, 20)).status).toBe(303);
    await expect
      .poll(async () => (await emailsTo(stopA.email)).filter((e) => e.subject.includes('your crew is on the way')).length)
      .toBe(1);
    expect(textRows(stopA)).toEqual([]);
    expect(await textsTo(smsUrl(), stopped)).toEqual([]);
  });

  it('refuses a callback or an inbound text without Twilio’s signature (403), and changes nothing', async () => {
    const move = await bookedMove(undefined, { phone: typed(testMobile()), textUpdates: true });
    const phone = consentOf(move.reference)[0]!.phone;
    const params = { AccountSid: 'AC5a0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f', Body: 'STOP', From: phone, OptOutType: 'STOP' };
    const url = `${apiBase()}${SMS_INBOUND_PATH}`;
    const post = (signature: string | null, target = url) =>
      fetch(target, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(signature === null ? {} : { 'X-Twilio-Signature': signature }),
        },
        body: new URLSearchParams(params),
      });
    // Signed with another key, unsigned, signed for other words, or for another address: each 403.
    expect((await post(twilioSignature('not-the-auth-token', url, params))).status).toBe(403);
    expect((await post(null)).status).toBe(403);
    expect((await post(twilioSignature(STAND_IN_AUTH_TOKEN, url, { ...params, Body: 'HELLO' }))).status).toBe(403);
    const statusUrl = `${apiBase()}${SMS_STATUS_PATH}?key=x`;
    expect((await post(twilioSignature(STAND_IN_AUTH_TOKEN, url, params), statusUrl)).status).toBe(403);
    expect(consentOf(move.reference)[0]!.opted_in).toBe(1);
    // The same, signed as Twilio signs it, is taken.
    const signed = await post(twilioSignature(STAND_IN_AUTH_TOKEN, url, params));
    expect(signed.status).toBe(200);
    expect(signed.headers.get('Content-Type')).toContain('text/xml');
    expect(consentOf(move.reference)[0]!.opted_in).toBe(0);
  });

  it('turns texts on and off from the move page; a landline cannot; a post from another site is refused', async () => {
    const move = await bookedMove(undefined, { phone: typed(testMobile()) });
    expect(consentOf(move.reference)).toEqual([]);
    const on = await moveTexts(move, 'on');
    expect(on.status).toBe(303);
    expect(on.headers.get('Location')).toContain('done=texts_on');
    expect(consentOf(move.reference)[0]).toMatchObject({ opted_in: 1, opted_in_via: 'move_page' });
    expect(await pageOf(move)).toContain('Turned on on this page');
    const off = await moveTexts(move, 'off');
    expect(off.headers.get('Location')).toContain('done=texts_off');
    expect(consentOf(move.reference)[0]).toMatchObject({ opted_in: 0, opted_out_via: 'move_page' });

    const foreign = await moveTexts(move, 'on', { Origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(403);
    expect(consentOf(move.reference)[0]!.opted_in).toBe(0);

    const landline = await bookedMove(undefined, { phone: '0161 496 0000' });
    const refused = await moveTexts(landline, 'on');
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(TEXTS_NEED_MOBILE);
    expect(consentOf(landline.reference)).toEqual([]);

    // A choice no button posts: the page (400) with the message beside the button, which names it; nothing changed.
    const crafted = await moveTexts(move, 'maybe');
    expect(crafted.status).toBe(400);
    const page = await crafted.text();
    expect(page).toMatch(/<p id="move-texts-error"[^>]*>\s*Please use the button on the form\.\s*<\/p>/);
    expect(page).toMatch(/<button[^>]*aria-describedby="move-texts-error"/);
    expect(consentOf(move.reference)[0]).toMatchObject({ opted_in: 0, opted_out_via: 'move_page' });
  });

  it('the quote’s box: refused beside a landline, and stored with when and where from the form without JavaScript', async () => {
    const api = await call(API_PATHS.quote, validQuote({ phone: '0161 496 0000', textUpdates: true }));
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ textUpdates: TEXTS_NEED_MOBILE });

    const mobile = testMobile();
    const form = { ...submittedQuoteForm(nextWeekday(4), `${unique('plain')}@example.com`), phone: typed(mobile), textUpdates: 'on' };
    const posted = await call(PAGE_PATHS.quote, new URLSearchParams(form).toString(), {
      contentType: 'application/x-www-form-urlencoded',
      headers: { Origin: apiBase() },
    });
    expect(posted.status).toBe(303);
    const reference = new URL(posted.headers.get('Location')!, apiBase()).searchParams.get('ref')!;
    expect(consentOf(reference)).toEqual([{ phone: mobile, opted_in: 1, opted_in_via: 'quote', opted_out_via: null }]);
    const given = query<{ at: string; created: string }>(
      'SELECT c.opted_in_at AS at, q.created_at AS created FROM sms_consents c JOIN quote_requests q USING (reference) WHERE reference = ?',
      reference,
    )[0]!;
    expect(given.at).toBe(given.created);
  });

  it('a failing provider is retried with the same backoff, and one that never takes it is given up and reported', async () => {
    // The stand-in refuses the first two sends of each body to this number (429), then takes the third.
    const busy = reservedMobile('busy', 2);
    const move = await bookedMove(undefined, { phone: typed(busy), textUpdates: true });
    expect((await onOurWay(move, 8, 30, '15')).status).toBe(303);
    await expect.poll(() => textRows(move)[0]?.status, { timeout: 45_000 }).toBe('sent');
    expect(textRows(move)[0]!.attempts).toBe(3);
    expect((await textsTo(smsUrl(), busy)).map((text) => text.body)).toEqual([expect.stringMatching(ON_THE_WAY('08:45'))]);

    // Every send to this number answers 500: three attempts, then given up, and the business told.
    const down = reservedMobile('down');
    const lost = await bookedMove(undefined, { phone: typed(down), textUpdates: true });
    expect((await onOurWay(lost, 8, 40, '15')).status).toBe(303);
    await expect.poll(() => textRows(lost)[0]?.status, { timeout: 45_000 }).toBe('gave_up');
    expect(textRows(lost)[0]!.attempts).toBe(3);
    await expect
      .poll(async () => (await emailsTo('leads@shiftly.example')).some((e) => e.text.includes(`${lost.reference} (customer text)`)), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await textsTo(smsUrl(), down)).toEqual([]);
  }, 120_000);
});
