/** The staff links in the business e-mails: each token is good for one answer about one quote, once. D1 keeps only its hash. */
import { PAGE_PATHS, quoteLink } from '~/lib/api';
import { insertValues } from '../d1';
import { linkFor, type LinkMaker } from '../email-draft';
import { sha256Hex } from '../hash';
import { matchesStoredToken, newViewToken } from '../view-token';

export type StaffPurpose = 'booking' | 'review';

async function newStaffToken(
  db: D1Database,
  reference: string,
  now: Date,
  purpose: StaffPurpose,
): Promise<{ token: string; insert: D1PreparedStatement }> {
  const { token, hash } = await newViewToken();
  const insert = db
    .prepare(`INSERT INTO quote_staff_tokens (token_hash, reference, purpose, created_at) ${insertValues(4)}`)
    .bind(hash, reference, purpose, now.toISOString());
  return { token, insert };
}

export const STAFF_LINK_DAYS = 14;

export async function staffLinkPurpose(
  db: D1Database,
  reference: string | null,
  token: string | null,
  now: Date,
): Promise<StaffPurpose | null> {
  const purposes = new Map<string, StaffPurpose>();
  const since = new Date(now.getTime() - STAFF_LINK_DAYS * 86_400_000).toISOString();
  const opens = await matchesStoredToken(reference, token, async (ref) => {
    const { results } = await db
      .prepare('SELECT token_hash, purpose FROM quote_staff_tokens WHERE reference = ? AND used_at IS NULL AND created_at > ?')
      .bind(ref, since)
      .all<{ token_hash: string; purpose: StaffPurpose }>();
    for (const row of results) purposes.set(row.token_hash, row.purpose);
    return results.map((row) => row.token_hash);
  });
  if (!opens || !token) return null;
  return purposes.get(await sha256Hex(token)) ?? null;
}

export const spendStaffLinks = (
  db: D1Database,
  reference: string,
  now: Date,
  purpose: StaffPurpose,
  { afterChange = false } = {},
): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE quote_staff_tokens SET used_at = ? WHERE reference = ? AND purpose = ? AND used_at IS NULL${afterChange ? ' AND changes() = 1' : ''}`,
    )
    .bind(now.toISOString(), reference, purpose);

export function staffEmailLink(siteUrl: string, reference: string, token: string): { html: string; text: string } {
  return linkFor(`${siteUrl}${quoteLink(PAGE_PATHS.staff, reference, token)}`);
}

/** The business e-mail about a booking request or a review: a staff link made as it is sent. */
export const staffLinkMaker =
  (purpose: StaffPurpose): LinkMaker =>
  async (db, { reference }, siteUrl, now) => {
    const staff = await newStaffToken(db, reference, now, purpose);
    return { ...staffEmailLink(siteUrl, reference, staff.token), insert: staff.insert };
  };
