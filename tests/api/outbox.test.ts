import { describe, expect, it } from 'vitest';
import { API_PATHS } from '~/lib/api';
import { tagged } from '../shared/stand-ins';
import { call, emailsTo, query, runCron, secondsFromNow, unique, validContact, validQuote } from './helpers';

const BUSINESS = 'leads@shiftly.example';

const outboxOf = (reference: string) =>
  query<{ kind: string; status: string; attempts: number }>(
    'SELECT kind, status, attempts FROM email_outbox WHERE record_reference = ? ORDER BY kind',
    reference,
  );

describe('e-mail outbox and cron trigger', () => {
  it('gives up after the configured attempts, keeps the row flagged and alerts the business once', async () => {
    // Every send to (or replying to) this customer fails; the business mailbox itself works.
    const email = tagged(`${unique('bounce')}@example.com`, 'fail');
    const response = await call(API_PATHS.contact, validContact({ email }));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };

    // Test env: OUTBOX_RETRY_BASE_SECONDS 1 (retry after 1 s, then 4 s), OUTBOX_MAX_ATTEMPTS 3. The cron runs as if
    // 2 s later (the first retry is due, the second is not), then 7 s later (the second is due).
    await runCron(secondsFromNow(2));
    expect(query('SELECT status, attempts FROM email_outbox WHERE record_reference = ? AND kind = ?', reference, 'customer')).toEqual([
      { status: 'failed', attempts: 2 },
    ]);
    await runCron(secondsFromNow(3));
    expect(query('SELECT attempts FROM email_outbox WHERE record_reference = ? AND kind = ?', reference, 'customer')).toEqual([
      { attempts: 2 },
    ]);
    await runCron(secondsFromNow(7));
    const [row] = query<{ status: string; attempts: number; alerted_at: string | null }>(
      'SELECT status, attempts, alerted_at FROM email_outbox WHERE record_reference = ? AND kind = ?',
      reference,
      'customer',
    );
    expect(row).toMatchObject({ status: 'gave_up', attempts: 3 });
    expect(row!.alerted_at).not.toBeNull();
    expect(query('SELECT email_status FROM contact_messages WHERE reference = ?', reference)).toEqual([{ email_status: 'failed' }]);

    const alerts = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes('could not be sent') && e.html.includes(reference));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.html).toContain(email);

    // A later run neither retries nor alerts again.
    await runCron(secondsFromNow(60));
    expect((await emailsTo(BUSINESS)).filter((e) => e.subject.includes('could not be sent') && e.html.includes(reference))).toHaveLength(1);
    expect(await emailsTo(email)).toHaveLength(0);
  });

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
      expect(outboxOf(reference)).toEqual([
        { kind: 'business', status: 'sent', attempts: 1 },
        { kind: 'customer', status: 'sent', attempts: 1 },
      ]);
      expect(await emailsTo(body.email)).toHaveLength(1);
    }
    // The earlier records' e-mails are as they were.
    expect(outboxOf(contact.reference).map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(outboxOf(callback.reference).map((row) => row.status)).toEqual(['sent']);
  });

  it('F9: one cron run drains more failed e-mails than a batch holds (50), until none is due', async () => {
    const references: string[] = [];
    // 30 contact messages: 60 e-mails, every one failed at its first attempt (each message's two carry its address).
    const contact = () => validContact({ email: tagged(`${unique('grace')}@example.com`, 'failtimes2') });
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, async () => (await (await call(API_PATHS.contact, contact())).json()) as { reference: string }),
      );
      references.push(...answers.map((answer) => answer.reference));
    }
    const marks = references.map(() => '?').join(',');
    const statuses = () =>
      query<{ status: string; n: number }>(
        `SELECT status, COUNT(*) AS n FROM email_outbox WHERE record_reference IN (${marks}) GROUP BY status`,
        ...references,
      );
    expect(statuses()).toEqual([{ status: 'failed', n: 60 }]);

    await runCron(secondsFromNow(2));
    expect(statuses()).toEqual([{ status: 'sent', n: 60 }]);
    expect(
      query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM contact_messages WHERE reference IN (${marks}) AND email_status = 'sent'`,
        ...references,
      ),
    ).toEqual([{ n: 30 }]);
  });
});
