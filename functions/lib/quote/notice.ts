/**
 * When a move starts, for the notice its cancellation and date-change fees count (issue 39 item 7): the start of the
 * arrival window the office booked in the diary for its day, or 8 am on the day while none is set (src/lib/cancellation-fee.ts).
 */
import { moveStartsAt } from '~/lib/cancellation-fee';
import type { StoredQuote } from './stored-quote';

export async function moveStart(db: D1Database, quote: Pick<StoredQuote, 'reference' | 'moveDate'>): Promise<Date> {
  // Only an entry on the move's own day is its place (a diary entry left on an old date says nothing of the new one).
  const entry = await db
    .prepare('SELECT arrival_window FROM diary_entries WHERE reference = ? AND move_date = ?')
    .bind(quote.reference, quote.moveDate)
    .first<{ arrival_window: string | null }>();
  return moveStartsAt(quote.moveDate, entry?.arrival_window ?? null);
}
