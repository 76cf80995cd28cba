/**
 * The staff link in a booking request's business e-mail (/quote-staff?ref=…&t=…): its own token, good only for
 * answering that quote's booking request, and only once. D1 keeps the SHA-256 hash (quote_staff_tokens); the token
 * is written into the e-mail as it is sent (email-draft.ts), a new one for each later attempt, like a view link.
 */
import { PAGE_PATHS, quoteLink } from '../../../src/lib/api';
import { escapeHtml } from '../escape';
import { matchesStoredToken, newViewToken } from '../view-token';

/** A new staff token and the statement storing its hash. */
export async function newStaffToken(
  db: D1Database,
  reference: string,
  now: Date,
): Promise<{ token: string; hash: string; insert: D1PreparedStatement }> {
  const { token, hash } = await newViewToken();
  const insert = db
    .prepare('INSERT INTO quote_staff_tokens (token_hash, reference, created_at) VALUES (?, ?, ?)')
    .bind(hash, reference, now.toISOString());
  return { token, hash, insert };
}

/** True when `token` is an unused staff link of the quote (compared in constant time, as view tokens are). */
export const opensStaffLink = (db: D1Database, reference: string | null, token: string | null): Promise<boolean> =>
  matchesStoredToken(reference, token, async (ref) => {
    const { results } = await db
      .prepare('SELECT token_hash FROM quote_staff_tokens WHERE reference = ? AND used_at IS NULL')
      .bind(ref)
      .all<{ token_hash: string }>();
    return results.map((row) => row.token_hash);
  });

/** Every staff link of the quote is spent once its request is answered. */
export const spendStaffLinks = (db: D1Database, reference: string, now: Date): D1PreparedStatement =>
  db.prepare('UPDATE quote_staff_tokens SET used_at = ? WHERE reference = ? AND used_at IS NULL').bind(now.toISOString(), reference);

/** The staff link as the business e-mail carries it, for its text and (escaped) for its HTML. */
export function staffEmailLink(siteUrl: string, reference: string, token: string): { html: string; text: string } {
  const url = `${siteUrl}${quoteLink(PAGE_PATHS.staff, reference, token)}`;
  return { html: escapeHtml(url), text: url };
}
