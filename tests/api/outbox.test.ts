/**
 * E-mails leave the request through the queue: the answer never waits on the provider, the queue retries a failed send,
 * its dead-letter queue gives an e-mail up and alerts the business, and the cron trigger queues again what was lost.
 * Test env (wrangler.jsonc): retries 1 s then 4 s apart (OUTBOX_RETRY_BASE_SECONDS 1, x4), three attempts in all.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { tagged } from '../shared/stand-ins';
import {
  call,
  delivered,
  emails,
  emailsMentioning,
  emailsTo,
  outboxOf,
  query,
  runCron,
  secondsFromNow,
  unique,
  validContact,
  validQuote,
} from './helpers';

const BUSINESS = 'leads@shiftly.example';
const QUEUE_DOWN = { 'X-Test-Queue-Down': '1' };

const alerts = async () => (await emailsTo(BUSINESS)).filter((e) => e.subject.includes('could not be sent'));

describe('e-mail queue', () => {
  it('answers a quote at once while each send takes 8 s; both e-mails arrive afterwards', async () => {
    // The mail catcher holds every send carrying this address for 8 s (the business copy replies to it).
    const body = validQuote({ email: tagged(`${unique('slow')}@example.com`, 'slow8s') });
    const started = performance.now();
    const response = await call(API_PATHS.quote, body);
    const answer = (await response.json()) as QuoteAnswer;
    const elapsed = performance.now() - started;
    expect(response.status).toBe(201);
    // The catcher keeps an e-mail only once its 8 s are over: none has arrived when the answer has.
    expect(await emailsMentioning(answer.reference)).toEqual([]);
    // Answered before the first send could have ended: a Worker that waited for it would take 8 s or more. (A bound
    // below that would be about the machine's speed, not the queue: a busy machine takes seconds over a request.)
    expect(elapsed).toBeLessThan(8000);
    expect(answer.emailSent).toBe(true);

    expect(await delivered(answer.reference, 45_000)).toEqual([
      { kind: 'business', status: 'sent', attempts: 1 },
      { kind: 'customer', status: 'sent', attempts: 1 },
    ]);
    expect((await emailsMentioning(answer.reference)).map((e) => e.idempotencyKey).sort()).toEqual([
      `quote:${answer.reference}:business`,
      `quote:${answer.reference}:customer`,
    ]);
  }, 60_000);

  it('retries failed sends from the queue with the same keys until the provider is back, and loses none', async () => {
    // 10 messages, 20 e-mails: the first two sends carrying each address fail (its two e-mails' first attempts).
    const sent = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const body = validContact({ email: tagged(`${unique('grace')}@example.com`, 'failtimes2') });
        const answer = (await (await call(API_PATHS.contact, body)).json()) as { reference: string };
        return { ...answer, email: body.email };
      }),
    );
    for (const { reference, email } of sent) {
      expect(await delivered(reference)).toEqual([
        { kind: 'business', status: 'sent', attempts: 2 },
        { kind: 'customer', status: 'sent', attempts: 2 },
      ]);
      expect(query('SELECT email_status FROM contact_messages WHERE reference = ?', reference)).toEqual([{ email_status: 'sent' }]);
      expect((await emailsTo(email)).map((e) => e.idempotencyKey)).toEqual([`contact:${reference}:customer`]);
      expect((await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference)).map((e) => e.idempotencyKey)).toEqual([
        `contact:${reference}:business`,
      ]);
    }
  }, 60_000);

  it('counts an attempt that timed out here but reached the provider as sent: one e-mail, and its link opens the quote', async () => {
    // The first send carrying this address (the customer e-mail, stored first) is answered after 11 s, past the
    // Worker's 10 s limit: it times out here though the catcher keeps it. The retry writes a new link under the same
    // key, so the catcher refuses it (409, as Resend does): that e-mail went, and no alert is due.
    const body = validQuote({ email: tagged(`${unique('late')}@example.com`, 'slowonce11s') });
    const answer = (await (await call(API_PATHS.quote, body)).json()) as QuoteAnswer;
    expect(await delivered(answer.reference, 60_000)).toEqual([
      { kind: 'business', status: 'sent', attempts: 1 },
      { kind: 'customer', status: 'sent', attempts: 2 },
    ]);
    const sent = (await emailsTo(body.email)).filter((e) => !e.replayOf);
    expect(sent.map((e) => e.idempotencyKey)).toEqual([`quote:${answer.reference}:customer`]);
    const token = /\/quote-confirmation\?ref=\w+&t=([\w-]{32})/.exec(sent[0]!.text)![1]!;
    expect((await call(`/quote-confirmation?ref=${answer.reference}&t=${token}`, '', { method: 'GET' })).status).toBe(200);
  }, 90_000);

  it('gives an e-mail up through the dead-letter queue after three attempts, and alerts the business exactly once', async () => {
    // Every send to (or replying to) this customer fails; the business mailbox itself works.
    const email = tagged(`${unique('bounce')}@example.com`, 'fail');
    const response = await call(API_PATHS.contact, validContact({ email }));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };

    const given = () =>
      query<{ kind: string; status: string; attempts: number; alerted: number }>(
        'SELECT kind, status, attempts, alerted_at IS NOT NULL AS alerted FROM email_outbox WHERE record_reference = ? ORDER BY kind',
        reference,
      );
    await expect.poll(given, { timeout: 30_000, interval: 200 }).toEqual([
      { kind: 'business', status: 'gave_up', attempts: 3, alerted: 1 },
      { kind: 'customer', status: 'gave_up', attempts: 3, alerted: 1 },
    ]);
    expect(query('SELECT email_status FROM contact_messages WHERE reference = ?', reference)).toEqual([{ email_status: 'failed' }]);
    // Each given-up e-mail is named in one alert (the two may come in one alert or two).
    const told = async (kind: string) => (await alerts()).filter((e) => e.html.includes(`${reference} (${kind})`)).length;
    expect([await told('business'), await told('customer')]).toEqual([1, 1]);
    expect((await alerts()).find((e) => e.html.includes(reference))!.html).toContain(email);

    // The cron trigger's housekeeping neither sends it again nor alerts again.
    await runCron(secondsFromNow(60 * 60));
    expect([await told('business'), await told('customer')]).toEqual([1, 1]);
    expect(await emailsTo(email)).toHaveLength(0);
    expect(given().map((row) => row.attempts)).toEqual([3, 3]);
  }, 60_000);

  it('the cron trigger queues again the e-mails whose message was lost, and each is sent once', async () => {
    // The queue refuses this request's messages (the test header): the e-mails are stored and wait.
    const body = validContact();
    const response = await call(API_PATHS.contact, body, { headers: QUEUE_DOWN });
    expect(response.status).toBe(201);
    const { reference, emailSent } = (await response.json()) as { reference: string; emailSent: boolean };
    expect(emailSent).toBe(false);
    const waiting = [
      { kind: 'business', status: 'pending', attempts: 0 },
      { kind: 'customer', status: 'pending', attempts: 0 },
    ];
    expect(outboxOf(reference)).toEqual(waiting);

    // A run before the row is 10 minutes overdue leaves it (its message may still be on its way); a later one sends it.
    await runCron(secondsFromNow(5 * 60));
    expect(outboxOf(reference)).toEqual(waiting);
    await runCron(secondsFromNow(11 * 60));
    expect(await delivered(reference)).toEqual([
      { kind: 'business', status: 'sent', attempts: 1 },
      { kind: 'customer', status: 'sent', attempts: 1 },
    ]);
    expect((await emailsTo(body.email)).map((e) => e.idempotencyKey)).toEqual([`contact:${reference}:customer`]);
  }, 60_000);

  it('F1: a request key shaped like another record’s e-mail keys collides with nothing', async () => {
    const contact = (await (await call(API_PATHS.contact, validContact())).json()) as { reference: string };
    const callback = (await (await call(API_PATHS.callback, { name: 'Alan Turing', phone: '0161 496 0000' })).json()) as {
      reference: string;
    };
    for (const key of [`contact:${contact.reference}`, `callback:${callback.reference}`, `quote:${contact.reference}`]) {
      const body = validQuote({ idempotencyKey: key });
      const response = await call(API_PATHS.quote, body);
      expect(response.status, key).toBe(201);
      const { reference } = (await response.json()) as { reference: string };
      expect(await delivered(reference)).toEqual([
        { kind: 'business', status: 'sent', attempts: 1 },
        { kind: 'customer', status: 'sent', attempts: 1 },
      ]);
      expect(await emailsTo(body.email)).toHaveLength(1);
    }
    // The earlier records' e-mails are as they were.
    expect((await delivered(contact.reference)).map((row) => row.status)).toEqual(['sent', 'sent']);
    expect((await delivered(callback.reference)).map((row) => row.status)).toEqual(['sent']);
    // No e-mail went twice under one key.
    const keys = (await emails()).filter((e) => !e.replayOf).map((e) => e.idempotencyKey);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
