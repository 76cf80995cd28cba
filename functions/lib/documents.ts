/**
 * Receipts, invoices and credit notes (issue 45 item 2): the one writer of `documents` (migrations/0060). Each payment
 * taken gets a receipt at its tax point, each refund made a credit note against it, the move its invoice once it is paid
 * in full. `issueDocuments` looks at what the move has and issues what is missing, so every caller (the payment's
 * fulfilment, a refund made) may call it again at no risk: a source gets one document, and a number is taken only with
 * the row that holds it.
 */
import { londonToday } from '~/lib/dates';
import { type DocumentKind, type DocumentLine, type IssuedDocument } from '~/lib/documents';
import { addressLines } from '~/lib/move-facts';
import { PAYMENT_WORDS, PURPOSE_LABELS } from '~/lib/payments';
import { vatWithin } from '~/lib/vat';
import type { Env } from '../env';
import { mailContext } from './mail-context';
import { documentFirm } from './office/settings';
import { outboxInserts, queueEmails, type OutboxEmail } from './outbox';
import { paymentsFor } from './payments/checkout';
import { acceptedWrittenQuote, keptPence } from './payments/due';
import { findQuote } from './quote/store';
import { invoiceEmail } from './documents-email';

export interface StoredDocument {
  number: number;
  kind: DocumentKind;
  issuedAt: string;
  body: IssuedDocument;
}

interface Row {
  number: number;
  kind: DocumentKind;
  source: string;
  issued_at: string;
  body: string;
}

const stored = (row: Row): StoredDocument => ({
  number: row.number,
  kind: row.kind,
  issuedAt: row.issued_at,
  body: JSON.parse(row.body) as IssuedDocument,
});

export async function documentsFor(db: D1Database, reference: string): Promise<StoredDocument[]> {
  const { results } = await db
    .prepare('SELECT number, kind, source, issued_at, body FROM documents WHERE reference = ? ORDER BY number')
    .bind(reference)
    .all<Row>();
  return results.map(stored);
}

export async function findDocument(db: D1Database, number: number): Promise<(StoredDocument & { reference: string }) | null> {
  const row = await db
    .prepare('SELECT number, kind, source, issued_at, body, reference FROM documents WHERE number = ?')
    .bind(number)
    .first<Row & { reference: string }>();
  return row ? { ...stored(row), reference: row.reference } : null;
}

/**
 * How many times a document is tried under the next number when another request took that number meanwhile. Each try
 * lost is a document stored by another request, so a payment needs as many tries as documents issued beside it: five
 * were too few for eight payments landing at once (tests/api/accounts-documents.test.ts, 3 December 2026).
 */
const NUMBER_TRIES = 50;

/**
 * Stores one document under the next number, unless its source has one already: its number, or null. A document that
 * is e-mailed (`emailFor`, given its number) is stored with its e-mail in one batch, so a request cut short (a webhook
 * Stripe stopped waiting for) can never leave a document issued and its e-mail never made.
 */
async function issue(
  db: D1Database,
  source: string,
  body: IssuedDocument,
  now: Date,
  emailFor?: (number: number) => OutboxEmail,
): Promise<number | null> {
  for (let tries = 0; tries < NUMBER_TRIES; tries++) {
    const next = (await db.prepare('SELECT coalesce(max(number), 0) + 1 AS number FROM documents').first<{ number: number }>())!.number;
    const insert = db
      .prepare(
        `INSERT INTO documents (number, source, kind, reference, issued_at, total_pence, vat_pence, body)
         SELECT ?8, ?1, ?2, ?3, ?4, ?5, ?6, ?7
         WHERE NOT EXISTS (SELECT 1 FROM documents WHERE source = ?1 OR number = ?8)`,
      )
      .bind(source, body.kind, body.reference, now.toISOString(), body.totalPence, body.vat?.pence ?? null, JSON.stringify(body), next);
    const email = emailFor?.(next);
    const [stored] = await db.batch([insert, ...(email ? outboxInserts(db, [email], now, { afterChange: true }) : [])]);
    if (stored!.meta.changes === 1) return next;
    const had = await db.prepare('SELECT 1 FROM documents WHERE source = ?').bind(source).first();
    if (had) return null;
  }
  throw new Error(`no document number free for ${source} after ${NUMBER_TRIES} tries`);
}

interface RefundDone {
  id: number;
  payment_id: number;
  amount_pence: number;
  done_at: string;
}

/** Issues every document the move is owed and has not had; e-mails a new invoice. Answers the numbers issued. */
export async function issueDocuments(env: Env, reference: string, now: Date): Promise<number[]> {
  const db = env.DB;
  const [quote, payments, written, firm, had, refunds] = await Promise.all([
    findQuote(db, { reference }),
    paymentsFor(db, reference),
    acceptedWrittenQuote(db, reference),
    documentFirm(db),
    db.prepare('SELECT number, source FROM documents WHERE reference = ?').bind(reference).all<{ number: number; source: string }>(),
    db
      .prepare(
        `SELECT r.id, r.payment_id, r.amount_pence, coalesce(r.done_at, r.created_at) AS done_at FROM refunds r
         JOIN payments p ON p.id = r.payment_id WHERE p.reference = ? AND r.status = 'succeeded' ORDER BY r.id`,
      )
      .bind(reference)
      .all<RefundDone>(),
  ]);
  if (!quote) return [];
  const numbers = new Map(had.results.map((row) => [row.source, row.number]));
  const issued: number[] = [];
  const document = (kind: DocumentKind, at: string, lines: DocumentLine[], extra: Partial<IssuedDocument> = {}): IssuedDocument => {
    const totalPence = lines.reduce((sum, line) => sum + line.pence, 0);
    return {
      kind,
      issuedOn: londonToday(new Date(at)),
      reference,
      firm: { name: firm.name, address: firm.address, vatNumber: firm.vat?.number ?? null },
      customer: { name: quote.name, address: addressLines(quote.addresses.from, quote.fromPostcode) },
      lines,
      totalPence,
      vat: firm.vat ? { rate: firm.vat.rate, pence: vatWithin(totalPence, firm.vat.rate) } : null,
      paid: [],
      against: null,
      cardPayment: null,
      ...extra,
    };
  };
  const put = async (source: string, body: IssuedDocument, emailFor?: (number: number) => OutboxEmail) => {
    if (numbers.has(source)) return;
    const number = await issue(db, source, body, now, emailFor);
    if (number === null) return;
    numbers.set(source, number);
    issued.push(number);
  };
  // Each payment taken, at its tax point.
  const taken = payments.filter((row) => row.paid_at && ['paid', 'partially_refunded', 'refunded'].includes(row.status));
  for (const row of taken) {
    const line = { label: PAYMENT_WORDS.lineItem(row.purpose, reference), pence: row.amount_pence };
    await put(`payment:${row.id}`, document('receipt', row.paid_at!, [line], { cardPayment: row.payment_intent }));
  }
  // Each refund made: a credit note against its payment's receipt (none for money never receipted: a payment of the
  // wrong amount or currency, sent back from Stripe's dashboard).
  for (const refund of refunds.results) {
    const payment = taken.find((row) => row.id === refund.payment_id);
    if (!payment) continue;
    const line = {
      label: `Refund of the ${PURPOSE_LABELS[payment.purpose].toLowerCase()} for move ${reference}`,
      pence: refund.amount_pence,
    };
    await put(
      `refund:${refund.id}`,
      document('credit_note', refund.done_at, [line], {
        against: numbers.get(`payment:${payment.id}`) ?? null,
        cardPayment: payment.payment_intent,
      }),
    );
  }
  // Paid in full: the invoice, with the written quote's lines and what was taken.
  const invoiceSource = `invoice:${reference}`;
  const paidInFull = written && written.totalPence > 0 && keptPence(payments) >= written.totalPence && quote.status !== 'cancelled';
  if (paidInFull && !numbers.has(invoiceSource)) {
    const lines = [
      ...written.lines.map((line) => ({ label: line.label, pence: line.pence })),
      ...(written.discountPence > 0
        ? [{ label: `Discount${written.code ? ` (${written.code})` : ''}`, pence: -written.discountPence }]
        : []),
    ];
    const paid = taken.map((row) => ({
      label: PURPOSE_LABELS[row.purpose],
      pence: row.amount_pence - row.refunded_pence,
      receipt: numbers.get(`payment:${row.id}`) ?? null,
    }));
    const body = document('invoice', now.toISOString(), lines, { paid });
    const context = await mailContext(env);
    let email: OutboxEmail | undefined; // the one built for the number stored
    await put(invoiceSource, body, (number) => (email = invoiceEmail(context, quote, number, body)));
    const number = numbers.get(invoiceSource);
    if (email && number !== undefined && issued.includes(number)) await queueEmails(env, [email.idempotencyKey]);
  }
  return issued;
}

/** For the money paths: a document not issued now is issued by the next call, and never stops a payment or refund. */
export async function issueDocumentsSafely(env: Env, reference: string, now: Date): Promise<void> {
  try {
    await issueDocuments(env, reference, now);
  } catch (error) {
    console.error(`documents for ${reference}: ${String(error)}`);
  }
}
