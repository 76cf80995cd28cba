/**
 * A move's street addresses changed on their own (issue 40 item 1): by the office (the lead page, the written quote's
 * send) or by the customer at the written quote's accept step. One batch: the quote's row, guarded by the version it
 * was read at, and the audit line saying who changed which end from what to what.
 */
import { addressText, type MoveAddresses, type StreetAddress } from '~/lib/move-facts';
import { auditStatement } from '../office/audit';
import { addressAssignments } from './store';
import type { StoredQuote } from './stored-quote';

const ENDS = { from: 'Moving from', to: 'Moving to' } as const;

/** "Moving from: 12 Canal Street, M1 1AE → 12 Canal Street, Flat 3, Manchester, M1 1AE", for each end that changed. */
export function addressChanges(quote: StoredQuote, next: MoveAddresses): string[] {
  return (['from', 'to'] as const).flatMap((end) => {
    const postcode = end === 'from' ? quote.fromPostcode : quote.toPostcode;
    const before = addressText(quote.addresses[end], postcode);
    const after = addressText(next[end], postcode);
    if (before !== after) return [`${ENDS[end]}: ${before} → ${after}`];
    // The same words in other fields ("4 Briggate, Leeds" as line 1 from a phone call, now "4 Briggate" and the town
    // "Leeds") are a change all the same: a move is booked only once the town has its own field.
    return sameParts(quote.addresses[end], next[end]) ? [] : [`${ENDS[end]}: ${after}, each part in its own field`];
  });
}

const sameParts = (a: StreetAddress | null | undefined, b: StreetAddress | null | undefined): boolean =>
  (['line1', 'line2', 'town'] as const).every((part) => (a?.[part] || null) === (b?.[part] || null));

export type SavedAddresses = { ok: true; quote: StoredQuote } | { ok: false };

/**
 * Stores `next` as the quote's addresses, with an audit line by `actor` (a staff address or 'customer'). Unchanged
 * addresses store nothing; a quote changed meanwhile (its version moved on) is not overwritten: `{ ok: false }`.
 */
export async function saveAddresses(
  db: D1Database,
  quote: StoredQuote,
  next: MoveAddresses,
  actor: string,
  now: Date,
): Promise<SavedAddresses> {
  const changes = addressChanges(quote, next);
  if (changes.length === 0) return { ok: true, quote };
  const set = addressAssignments({ addresses: next });
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE quote_requests SET ${set.sql}, version = version + 1 WHERE reference = ? AND version = ?`)
      .bind(...set.values, quote.reference, quote.version),
    auditStatement(db, { actor, action: 'addresses_changed', reference: quote.reference, detail: changes.join('; ') }, now, {
      afterChange: true,
    }),
  ]);
  if (updated?.meta.changes !== 1) return { ok: false };
  return { ok: true, quote: { ...quote, addresses: next, version: quote.version + 1 } };
}
