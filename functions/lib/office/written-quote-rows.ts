/**
 * The written_quotes table's one module: its rows as WrittenQuote and the insert of a version. The workflow that sends
 * and accepts versions (written-quotes.ts) and the money that reads the current one (payments/due.ts) both build on
 * it, so neither imports the other.
 */
import type { WrittenLine, WrittenQuote } from '~/lib/office/written-quote';
import { insertValues } from '../d1';

interface WrittenQuoteRow {
  version: number;
  lines: string;
  code: string | null;
  discount_pence: number;
  total_pence: number;
  deposit_pence: number;
  valid_until: string;
  included: string | null;
  date_priced: number;
  created_by: string;
  created_at: string;
  sent_at: string | null;
  accepted_at: string | null;
}

const fromRow = (row: WrittenQuoteRow): WrittenQuote => ({
  version: row.version,
  lines: JSON.parse(row.lines) as WrittenLine[],
  code: row.code,
  discountPence: row.discount_pence,
  totalPence: row.total_pence,
  depositPence: row.deposit_pence,
  validUntil: row.valid_until,
  included: row.included,
  datePriced: row.date_priced === 1,
  createdBy: row.created_by,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  acceptedAt: row.accepted_at,
});

/** Every version, newest first: the office sees them all. */
export async function writtenQuoteVersions(db: D1Database, reference: string): Promise<WrittenQuote[]> {
  const { results } = await db
    .prepare('SELECT * FROM written_quotes WHERE reference = ? ORDER BY version DESC')
    .bind(reference)
    .all<WrittenQuoteRow>();
  return results.map(fromRow);
}

/** The newest sent version: the only one the customer sees. */
export async function currentWrittenQuote(db: D1Database, reference: string): Promise<WrittenQuote | null> {
  const row = await db
    .prepare('SELECT * FROM written_quotes WHERE reference = ? AND sent_at IS NOT NULL ORDER BY version DESC LIMIT 1')
    .bind(reference)
    .first<WrittenQuoteRow>();
  return row ? fromRow(row) : null;
}

/** A version as stored; `afterChange` as in d1.ts insertValues. */
export function writtenQuoteInsert(
  db: D1Database,
  reference: string,
  written: WrittenQuote,
  { afterChange = false } = {},
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO written_quotes (reference, version, lines, code, discount_pence, total_pence, deposit_pence, valid_until, included,
         date_priced, created_by, created_at, sent_at, accepted_at) ${insertValues(14, { afterChange })}`,
    )
    .bind(
      reference,
      written.version,
      JSON.stringify(written.lines),
      written.code,
      written.discountPence,
      written.totalPence,
      written.depositPence,
      written.validUntil,
      written.included,
      written.datePriced ? 1 : 0,
      written.createdBy,
      written.createdAt,
      written.sentAt,
      written.acceptedAt,
    );
}
