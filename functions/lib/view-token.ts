/**
 * The secret that opens a stored quote: /quote-confirmation?ref={reference}&t={token} (and its calendar file).
 * A token is 192 random bits; D1 keeps only its SHA-256 hash (quote_view_tokens), the token itself lives only in
 * the customer's link. A quote may have several: the one its browser went to, one for each e-mail sent later by
 * the cron trigger, one for each replayed answer. Tokens are never logged (wrangler.jsonc also redacts query
 * strings from the request logs) and never written into the business e-mail.
 */
import { PAGE_PATHS, quoteLink } from '../../src/lib/api';
import { isReference } from '../../src/lib/reference';
import { escapeHtml } from './escape';
import { insertValues } from './d1';
import { sha256Hex } from './hash';

const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export interface ViewToken {
  token: string;
  /** Hex SHA-256 of the token: all D1 ever holds. */
  hash: string;
}

/** 192 random bits, base64url (32 characters). */
export function randomViewToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function newViewToken(): Promise<ViewToken> {
  const token = randomViewToken();
  return { token, hash: await sha256Hex(token) };
}

/** The statement storing a token's hash for a quote (run in the quote's own batch when it is first stored). */
export function viewTokenInsert(
  db: D1Database,
  reference: string,
  { hash }: ViewToken,
  createdAt: string,
  options: { afterChange?: boolean } = {},
): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO quote_view_tokens (token_hash, reference, created_at) ${insertValues(3, options)}`)
    .bind(hash, reference, createdAt);
}

/** A new token for a stored quote (a replayed answer, an e-mail sent later). */
export async function issueViewToken(db: D1Database, reference: string, now = new Date()): Promise<string> {
  const view = await newViewToken();
  await viewTokenInsert(db, reference, view, now.toISOString()).run();
  return view.token;
}

export const confirmationPath = (reference: string, token: string) => quoteLink(PAGE_PATHS.confirmation, reference, token);
export const calendarPath = (reference: string, token: string) => quoteLink(PAGE_PATHS.calendar, reference, token);

const encoder = new TextEncoder();

/**
 * True when `token` is one of the hashes `stored` answers for a well-formed reference (run only then). The hashes are
 * compared in constant time; a malformed reference or token, an unknown reference and a wrong token all answer false
 * after the same work, so nothing tells them apart. Shared by view tokens and the staff link (quote/staff-link.ts).
 */
export async function matchesStoredToken(
  reference: string | null,
  token: string | null,
  stored: (reference: string) => Promise<string[]>,
): Promise<boolean> {
  const wellFormed = !!reference && !!token && isReference(reference) && TOKEN_PATTERN.test(token);
  const offered = encoder.encode(await sha256Hex(wellFormed ? token : 'not-a-token'));
  const hashes = wellFormed ? await stored(reference) : [];
  let opens = false;
  for (const hash of hashes) {
    const candidate = encoder.encode(hash);
    if (candidate.byteLength === offered.byteLength && crypto.subtle.timingSafeEqual(candidate, offered)) opens = true;
  }
  return wellFormed && opens;
}

/** True when `token` opens the quote `reference` (matchesStoredToken). */
export const opensQuote = (db: D1Database, reference: string | null, token: string | null): Promise<boolean> =>
  matchesStoredToken(reference, token, async (ref) => {
    const { results } = await db
      .prepare('SELECT token_hash FROM quote_view_tokens WHERE reference = ?')
      .bind(ref)
      .all<{ token_hash: string }>();
    return results.map((row) => row.token_hash);
  });

/** A quote's confirmation link as an e-mail carries it, for its text and (escaped) for its HTML. */
export function emailLink(siteUrl: string, reference: string, token: string): { html: string; text: string } {
  const url = `${siteUrl}${confirmationPath(reference, token)}`;
  return { html: escapeHtml(url), text: url };
}
