/**
 * The one writer of `office_leads`, the office's stage of each lead (issue 42 item 2): every statement that changes the
 * table is made here and returned for the caller's batch, beside the change it belongs to. Erasure and retention delete
 * it with the lead's other office rows (rows.ts).
 */
import { insertValues } from '../d1';

type RecordType = 'quote' | 'contact' | 'callback';

/** The lead's row the first time staff act on it, at 'new'; a later action finds it there. */
export const leadRowMade = (db: D1Database, reference: string, type: RecordType, at: string): D1PreparedStatement =>
  db
    .prepare("INSERT OR IGNORE INTO office_leads (reference, record_type, stage, updated_at) VALUES (?, ?, 'new', ?)")
    .bind(reference, type, at);

/** A lead taken on the phone: contacted already, handled by whoever typed it in. */
export const leadEnteredByHand = (db: D1Database, reference: string, type: RecordType, handler: string, at: string) =>
  db
    .prepare("INSERT INTO office_leads (reference, record_type, stage, handler, updated_at) VALUES (?, ?, 'contacted', ?, ?)")
    .bind(reference, type, handler, at);

/** Staff's change of the row's follow-up day, stage and lost reason, or handler (lead-changes.ts). */
export type LeadRowChange = { follow_up_on: string | null } | { stage: string; lost_reason: string | null } | { handler: string | null };

export function leadRowChanged(db: D1Database, reference: string, change: LeadRowChange, at: string): D1PreparedStatement {
  const columns = Object.keys(change);
  const set = columns.map((column) => `${column} = ?`).join(', ');
  return db.prepare(`UPDATE office_leads SET ${set}, updated_at = ? WHERE reference = ?`).bind(...Object.values(change), at, reference);
}

/** A survey or car lead made a move keeps its row, now a quote's. */
export const leadRowNowQuote = (db: D1Database, reference: string): D1PreparedStatement =>
  db.prepare("UPDATE office_leads SET record_type = 'quote' WHERE reference = ?").bind(reference);

interface StageOptions {
  /** Moved to `stage` only from these (else from any stage); a lead without a row gets one at `stage`. */
  from?: readonly string[];
  /** As in d1.ts insertValues: written only if the batch's statement before it changed a row. */
  afterChange?: boolean;
}

/** A quote's lead at `stage` (a written quote sent, a move booked, a job done), its row made if the office had none. */
export function quoteLeadAt(
  db: D1Database,
  reference: string,
  stage: 'quoted' | 'booked' | 'done',
  at: string,
  options: StageOptions = {},
) {
  const from = options.from?.length ? ` WHERE office_leads.stage IN (${options.from.map(() => '?').join(', ')})` : '';
  return db
    .prepare(
      `INSERT INTO office_leads (reference, record_type, stage, updated_at) ${insertValues(4, { afterChange: options.afterChange })}
       ON CONFLICT (reference) DO UPDATE SET stage = excluded.stage, lost_reason = NULL, updated_at = excluded.updated_at${from}`,
    )
    .bind(reference, 'quote', stage, at, ...(options.from ?? []));
}
