import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { bookMove } from './bookings';
import { openDay } from '../shared/dates';
import { apiBase, call, delivered, query, runCron, statePath, unique, validContact, validQuote } from './helpers';

/**
 * Records older than 24 months cannot be made over HTTP, so this test plants one straight into the local
 * D1 file (SQLite handles a second writer), then lets the real cron trigger delete it.
 */
function openStateDb(): DatabaseSync {
  const folder = join(statePath(), 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')!;
  const db = new DatabaseSync(join(folder, file));
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

function plantOldRecords(reference: string, createdAt: string): void {
  const db = openStateDb();
  try {
    db.prepare(
      `INSERT INTO contact_messages (reference, created_at, first_name, last_name, email, phone, subject, message, via, email_status)
       VALUES (?, ?, 'Old', 'Record', 'old@example.com', NULL, 'general', 'From long ago', 'json', 'sent')`,
    ).run(reference, createdAt);
    db.prepare(
      `INSERT INTO email_outbox (record_type, record_reference, kind, recipient, payload, idempotency_key, status, attempts, next_attempt_at, created_at)
       VALUES ('contact', ?, 'business', 'leads@shiftly.example', '{}', ?, 'sent', 1, ?, ?)`,
    ).run(reference, `old:${reference}`, createdAt, createdAt);
  } finally {
    db.close();
  }
}

describe('retention (cron trigger)', () => {
  it('deletes records and e-mails older than 24 months and keeps newer ones', async () => {
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 24);
    old.setUTCDate(old.getUTCDate() - 1);
    const oldReference = `OLD${unique('r').slice(-6).toUpperCase()}`;
    plantOldRecords(oldReference, old.toISOString());
    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE reference = ?', oldReference)).toEqual([{ n: 1 }]);

    const recent = (await (await call('/api/send-contact-email', validContact())).json()) as { reference: string };
    await runCron();

    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE reference = ?', oldReference)).toEqual([{ n: 0 }]);
    expect(query('SELECT COUNT(*) AS n FROM email_outbox WHERE record_reference = ?', oldReference)).toEqual([{ n: 0 }]);
    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE reference = ?', recent.reference)).toEqual([{ n: 1 }]);
  });

  it('deletes what belongs to a quote with the quote, even rows made months after it', async () => {
    const made = await call(API_PATHS.quote, validQuote({ moveDate: openDay(330) }));
    expect(made.status).toBe(201);
    const link = new URL(((await made.json()) as { confirmationUrl: string }).confirmationUrl, apiBase());
    const reference = link.searchParams.get('ref')!;
    // Ten months later (the test environment's clock header) the customer adds access details: a history entry and
    // two e-mails dated then.
    const later = new Date();
    later.setUTCMonth(later.getUTCMonth() + 10);
    const changed = await fetch(`${apiBase()}/quote-confirmation`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase(), 'X-Test-Now': later.toISOString() },
      body: new URLSearchParams({ ref: reference, t: link.searchParams.get('t')!, action: 'access', fromFloor: 'first' }).toString(),
    });
    expect(changed.status).toBe(303);
    const rows = () => ({
      quote: query('SELECT COUNT(*) AS n FROM quote_requests WHERE reference = ?', reference)[0],
      events: query('SELECT COUNT(*) AS n FROM quote_events WHERE reference = ?', reference)[0],
      tokens: query('SELECT COUNT(*) AS n FROM quote_view_tokens WHERE reference = ?', reference)[0],
      emails: query('SELECT COUNT(*) AS n FROM email_outbox WHERE record_reference = ?', reference)[0],
    });
    // Three view tokens once the e-mails are sent: the answer's, and one for each customer e-mail's link.
    await delivered(reference);
    expect(rows()).toEqual({ quote: { n: 1 }, events: { n: 1 }, tokens: { n: 3 }, emails: { n: 4 } });

    // 24 months and a few weeks after the quote: the quote is past retention, the change (14 months old) is not, and
    // goes with its quote.
    const after = new Date();
    after.setUTCMonth(after.getUTCMonth() + 24);
    after.setUTCDate(after.getUTCDate() + 40);
    await runCron(after);
    expect(rows()).toEqual({ quote: { n: 0 }, events: { n: 0 }, tokens: { n: 0 }, emails: { n: 0 } });
  });

  it('deletes an old referral code once its address has no quote left, and keeps one whose address still has quotes', async () => {
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 25);
    const gone = `${unique('gone')}@example.com`;
    const kept = `${unique('kept')}@example.com`;
    expect((await call(API_PATHS.quote, validQuote({ email: kept }))).status).toBe(201);
    const db = openStateDb();
    try {
      const plant = db.prepare('INSERT INTO referral_codes (code, email, created_at) VALUES (?, ?, ?)');
      plant.run(`G${unique('c').slice(-11).toUpperCase()}`, gone, old.toISOString());
      plant.run(`K${unique('c').slice(-11).toUpperCase()}`, kept, old.toISOString());
    } finally {
      db.close();
    }
    await runCron();
    expect(query('SELECT email FROM referral_codes WHERE email IN (?, ?)', gone, kept)).toEqual([{ email: kept }]);
  });

  it('keeps a booked move for six years (the privacy policy’s booking records), then deletes it', async () => {
    const made = await call(API_PATHS.quote, validQuote({ moveDate: openDay(320) }));
    expect(made.status).toBe(201);
    const answer = (await made.json()) as QuoteAnswer;
    await bookMove(answer);
    const count = () => query('SELECT COUNT(*) AS n FROM quote_requests WHERE reference = ?', answer.reference)[0];
    expect(query('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ status: 'booked' }]);

    // 25 months on: past the 24 months of a request, inside the six years of a booking.
    const later = new Date();
    later.setUTCMonth(later.getUTCMonth() + 25);
    await runCron(later);
    expect(count()).toEqual({ n: 1 });

    // Six years and a month on: gone, with its history.
    const past = new Date();
    past.setUTCMonth(past.getUTCMonth() + 6 * 12 + 1);
    await runCron(past);
    expect(count()).toEqual({ n: 0 });
    expect(query('SELECT COUNT(*) AS n FROM quote_events WHERE reference = ?', answer.reference)).toEqual([{ n: 0 }]);
  });

  it('keeps card payments, their refunds and Stripe’s events for six years by their own dates, then deletes them', async () => {
    // A quote's payment outlives the quote (deleted at 24 months, or erased): it names the quote by reference only.
    const yearsAgo = (years: number, days: number) => {
      const at = new Date();
      at.setUTCFullYear(at.getUTCFullYear() - years);
      at.setUTCDate(at.getUTCDate() - days);
      return at.toISOString();
    };
    const planted = [
      { label: 'gone', at: yearsAgo(6, 1) },
      { label: 'kept', at: yearsAgo(5, 300) },
    ].map(({ label, at }) => ({ label, at, reference: `PAY${unique(label).slice(-6).toUpperCase()}`, event: `evt_${unique(label)}` }));
    const db = openStateDb();
    try {
      for (const row of planted) {
        const { id } = db
          .prepare(
            `INSERT INTO payments (reference, purpose, amount_pence, status, refunded_pence, created_at, paid_at)
             VALUES (?, 'deposit', 10000, 'partially_refunded', 2500, ?, ?) RETURNING id`,
          )
          .get(row.reference, row.at, row.at) as { id: number };
        db.prepare("INSERT INTO refunds (payment_id, amount_pence, status, created_at, done_at) VALUES (?, 2500, 'succeeded', ?, ?)").run(
          id,
          row.at,
          row.at,
        );
        db.prepare(
          "INSERT INTO stripe_events (id, type, received_at, delivery, payload) VALUES (?, 'checkout.session.completed', ?, 'd', '{}')",
        ).run(row.event, row.at);
      }
    } finally {
      db.close();
    }
    await runCron();
    const left = (row: (typeof planted)[number]) => ({
      payments: query('SELECT COUNT(*) AS n FROM payments WHERE reference = ?', row.reference)[0],
      refunds: query('SELECT COUNT(*) AS n FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ?', row.reference)[0],
      events: query('SELECT COUNT(*) AS n FROM stripe_events WHERE id = ?', row.event)[0],
    });
    expect(left(planted[0]!)).toEqual({ payments: { n: 0 }, refunds: { n: 0 }, events: { n: 0 } });
    expect(left(planted[1]!)).toEqual({ payments: { n: 1 }, refunds: { n: 1 }, events: { n: 1 } });
    expect(query('SELECT COUNT(*) AS n FROM refunds WHERE payment_id NOT IN (SELECT id FROM payments)')).toEqual([{ n: 0 }]);
  });
});
