// The secret that opens a stored quote. D1 keeps only its SHA-256 hash; the token lives only in the customer's link,
// so it is never logged (wrangler.jsonc redacts query strings too) nor written into the business e-mail.
import { PAGE_PATHS, quoteLink } from '~/lib/api';
import { isReference } from '~/lib/reference';
import { linkFor, type LinkMaker } from './email-draft';
import { insertValues } from './d1';
import { sha256Hex } from './hash';

const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export interface ViewToken {
  token: string;
  hash: string;
}

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

export function viewTokenInsert(db: D1Database, reference: string, { hash }: ViewToken, createdAt: string): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO quote_view_tokens (token_hash, reference, created_at) ${insertValues(3)}`)
    .bind(hash, reference, createdAt);
}

export async function issueViewToken(db: D1Database, reference: string, now = new Date()): Promise<string> {
  const view = await newViewToken();
  await viewTokenInsert(db, reference, view, now.toISOString()).run();
  return view.token;
}

export const confirmationPath = (reference: string, token: string) => quoteLink(PAGE_PATHS.confirmation, reference, token);

const encoder = new TextEncoder();

/** Constant-time: a malformed or unknown reference and a malformed or wrong token all fail after the same work. */
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

export const opensQuote = (db: D1Database, reference: string | null, token: string | null): Promise<boolean> =>
  matchesStoredToken(reference, token, async (ref) => {
    const { results } = await db
      .prepare('SELECT token_hash FROM quote_view_tokens WHERE reference = ?')
      .bind(ref)
      .all<{ token_hash: string }>();
    return results.map((row) => row.token_hash);
  });

export function emailLink(siteUrl: string, reference: string, token: string): { html: string; text: string } {
  return linkFor(`${siteUrl}${confirmationPath(reference, token)}`);
}

/** A quote's e-mails (its own and a change's): a new view token for each one sent. */
export const viewLinkMaker: LinkMaker = async (db, { reference }, siteUrl, now) => {
  const view = await newViewToken();
  return { ...emailLink(siteUrl, reference, view.token), insert: viewTokenInsert(db, reference, view, now.toISOString()) };
};
