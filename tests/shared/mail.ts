/**
 * The mail catcher (stand-ins/mail/server.mjs) read by key, for every kind of test (API, browser, setups): a test waits
 * for its own e-mail, named by the outbox's idempotency key (`<record type>:<reference>:…`, e.g.
 * `quote:AB12CD34E:customer`, `move:AB12CD34E:refund:`), by a recipient only that test uses, or by a reference only
 * its record has; never for "any e-mail", nor for the one that usually comes first (issue 42). A wait polls for the
 * e-mail itself, every 100 ms; its ceiling only ends a wait for an e-mail that never comes, and is generous, as the
 * queue is slow on a busy machine.
 */

export interface CapturedEmail {
  id: string;
  from: string;
  to: string | string[];
  reply_to?: string | string[];
  subject: string;
  html: string;
  text: string;
  idempotencyKey: string | null;
  /** A repeated send under a key the catcher had (Resend answers the first id): only with `replays: true`. */
  replayOf?: string;
}

export interface EmailQuery {
  /** The idempotency key, exactly. */
  key?: string;
  /** The start of the idempotency key: `move:${reference}:refund:` for a move's refunds. */
  keyPrefix?: string;
  /** A recipient (a unique address per test: `unique()`). */
  to?: string;
  /** Words the subject contains, or a pattern it matches. */
  subject?: string | RegExp;
  /** A reference (or any text) the subject or the HTML names. */
  mentions?: string;
  /** Count repeated sends the catcher answered as replays too (default: first sends only). */
  replays?: boolean;
}

/** The ceiling of a wait for an e-mail: far above what a busy machine takes, so only an e-mail that never comes fails. */
export const EMAIL_WAIT_MS = 90_000;

export function matches(email: CapturedEmail, query: EmailQuery): boolean {
  const key = email.idempotencyKey ?? '';
  if (query.key !== undefined && key !== query.key) return false;
  if (query.keyPrefix !== undefined && !key.startsWith(query.keyPrefix)) return false;
  if (query.to !== undefined && ![email.to].flat().includes(query.to)) return false;
  if (typeof query.subject === 'string' && !email.subject.includes(query.subject)) return false;
  if (query.subject instanceof RegExp && !query.subject.test(email.subject)) return false;
  if (query.mentions !== undefined && !email.subject.includes(query.mentions) && !email.html?.includes(query.mentions)) return false;
  if (!query.replays && email.replayOf) return false;
  return true;
}

const describeQuery = (query: EmailQuery) =>
  Object.entries(query)
    .map(([name, value]) => `${name} ${String(value)}`)
    .join(', ');

/** Every captured e-mail (oldest first): for a check over all of them, never to find one. */
export async function allEmails(mailUrl: string): Promise<CapturedEmail[]> {
  const response = await fetch(`${mailUrl}/emails`);
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
  return ((await response.json()) as { data: CapturedEmail[] }).data;
}

/** The e-mails that match now, oldest first (for "none went": after the record's outbox is done with). */
export async function emailsNow(mailUrl: string, query: EmailQuery): Promise<CapturedEmail[]> {
  return (await allEmails(mailUrl)).filter((email) => matches(email, query));
}

/** Waits until at least `count` e-mails match, and answers all that match then, oldest first. */
export async function waitForEmails(
  mailUrl: string,
  query: EmailQuery,
  { count = 1, timeoutMs = EMAIL_WAIT_MS }: { count?: number; timeoutMs?: number } = {},
): Promise<CapturedEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await emailsNow(mailUrl, query);
    if (found.length >= count) return found;
    if (Date.now() > deadline)
      throw new Error(`${found.length} of ${count} e-mail(s) with ${describeQuery(query)} arrived within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the first e-mail that matches, and answers it. */
export async function waitForEmail(mailUrl: string, query: EmailQuery, options?: { timeoutMs?: number }): Promise<CapturedEmail> {
  return (await waitForEmails(mailUrl, query, options))[0]!;
}
