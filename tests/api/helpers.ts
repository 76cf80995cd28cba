import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { expect, inject } from 'vitest';
import { addDays, londonToday } from '~/lib/dates';
import type { ApiSite } from './sites';
import { openLocalD1 } from '../../scripts/lib/local-d1.mjs';
import { openDay } from '../shared/dates';
import { claimDaysIn } from '../shared/diary-days';
import {
  allEmails,
  EMAIL_WAIT_MS,
  emailsNow,
  waitForEmail as waitForMail,
  waitForEmails as waitForMails,
  type CapturedEmail,
  type EmailQuery,
} from '../shared/mail';

/**
 * This worker's copy of the site: VITEST_POOL_ID is 1 to the project's maxWorkers, and no two files running at once
 * share one. Undefined outside the API project (another project may import the API helpers for their types).
 */
export function site(): ApiSite | undefined {
  const sites = inject('apiSites');
  if (!sites?.length) return undefined;
  return sites[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % sites.length];
}

/** As site(), for code that only runs in the API project. */
export function apiSite(): ApiSite {
  const found = site();
  if (!found) throw new Error('No API site: this runs only in the vitest api project (tests/api/global-setup.ts).');
  return found;
}

export const apiBase = () => apiSite().apiBase;
export const mailUrl = () => apiSite().mailUrl;
export const stripeUrl = () => apiSite().stripeUrl;
export const smsUrl = () => apiSite().smsUrl;
export const statePath = () => apiSite().statePath;
// Diary days are claimed per D1 (another project may import these helpers for their types, and has no site).
const thisSite = site();
if (thisSite) claimDaysIn(thisSite.statePath);

/** Where the office owner's session cookie is kept between a site's files (they run one at a time). */
export const ownerSessionFile = () => join(statePath(), 'owner-session');
/** Shorter than a staff session (12 hours): a cron run further ahead than this has ended the owner's session. */
const OWNER_SESSION_SAFE_MS = 11 * 3_600_000;

let counter = 0;
/** Unique per call: keeps tests' e-mails, keys and rate-limit buckets apart. */
export const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Sends `send()` until the limiter answers 429, and checks when it did. The Rate Limiting binding counts in fixed
 * windows aligned to the clock's minutes: a burst inside one minute is refused after exactly `limit` requests; one
 * that crosses a minute is counted in two windows, so it gets at least `limit` and fewer than twice that. The test
 * reads the clock instead of waiting for a fresh minute.
 */
export async function expectLimitedAfter(
  limit: number,
  send: () => Promise<Response>,
  periodSeconds = 60,
  /** What each request under the limit answers: 201 for a lead, a page's own status for a form post. */
  acceptedStatus = 201,
): Promise<Response> {
  const windowOf = (time: number) => Math.floor(time / (periodSeconds * 1000));
  const started = windowOf(Date.now());
  let taken = 0;
  for (;;) {
    const response = await send();
    if (response.status === 429) {
      if (windowOf(Date.now()) === started) expect(taken).toBe(limit);
      else expect(taken).toBeGreaterThanOrEqual(limit);
      return response;
    }
    expect(response.status).toBe(acceptedStatus);
    await response.arrayBuffer();
    taken += 1;
    expect(taken).toBeLessThan(2 * limit);
  }
}

export interface PostOptions {
  contentType?: string;
  headers?: Record<string, string>;
  /** The rate-limit bucket (test env only): a fresh one per request unless given. */
  client?: string;
  method?: string;
}

export async function call(path: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return fetch(`${apiBase()}${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'Content-Type': options.contentType ?? 'application/json',
      'X-Test-Client': options.client ?? unique('client'),
      ...options.headers,
    },
    body: options.method === 'GET' ? undefined : raw,
    redirect: 'manual',
  });
}

export type { CapturedEmail, EmailQuery } from '../shared/mail';

/**
 * Every captured e-mail: for a check over all of them (no key sent twice), never to find a test's own. A test finds
 * its e-mails by key (tests/shared/mail.ts): `waitForEmail({ key: \`quote:${reference}:customer\` })`, or by an
 * address or a reference only it has.
 */
export const emails = (): Promise<CapturedEmail[]> => allEmails(mailUrl());

/** The e-mails that match now (after `delivered()`, for "exactly these went"). */
export const emailsWhere = (query: EmailQuery): Promise<CapturedEmail[]> => emailsNow(mailUrl(), query);

/** Waits for this test's e-mail, named by its key, its own address or its reference (tests/shared/mail.ts). */
export const waitForEmail = (query: EmailQuery): Promise<CapturedEmail> => waitForMail(mailUrl(), query);

/** Waits until at least `count` e-mails match, and answers them all. */
export const waitForEmails = (query: EmailQuery, count: number): Promise<CapturedEmail[]> => waitForMails(mailUrl(), query, { count });

export const emailsTo = (address: string): Promise<CapturedEmail[]> => emailsWhere({ to: address, replays: true });

export const emailsMentioning = (reference: string): Promise<CapturedEmail[]> => emailsWhere({ mentions: reference, replays: true });

/**
 * Runs the cron trigger once, as if at `at`, and waits for it to finish. wrangler dev's local trigger endpoint
 * takes the scheduled time, so a test moves the clock to when a retry is due instead of sleeping until then.
 */
export async function runCron(at: Date = new Date()): Promise<void> {
  // A run at a later clock ends the sessions expired by then, the office owner's too (tests/api/office.ts signs in again).
  if (at.getTime() > Date.now() + OWNER_SESSION_SAFE_MS) rmSync(ownerSessionFile(), { force: true });
  const query = new URLSearchParams({ cron: '*/5 * * * *', time: String(at.getTime()) });
  const response = await fetch(`${apiBase()}/cdn-cgi/local/scheduled?${query}`);
  if (!response.ok) throw new Error(`the scheduled trigger answered ${response.status}: ${await response.text()}`);
  await response.text();
}

export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The local D1 database file that wrangler dev writes (read-only here: tests never change it behind the Worker's back). */
export function database(): DatabaseSync {
  return openLocalD1(statePath());
}

export function query<T = Record<string, unknown>>(sql: string, ...params: Array<string | number>): T[] {
  const db = database();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export interface OutboxState {
  kind: string;
  status: string;
  attempts: number;
}

export const outboxOf = (reference: string) =>
  query<OutboxState>('SELECT kind, status, attempts FROM email_outbox WHERE record_reference = ? ORDER BY kind, id', reference);

export interface DeliveredOptions {
  /** Key prefixes of e-mails that must be among the record's before it counts as done with: ones stored later than
   * the request that made the record (a refund's, a receipt's), which a wait for "every e-mail stored so far" would
   * not wait for. */
  including?: string[];
  timeout?: number;
}

/**
 * Waits until every e-mail stored about `reference` is done with (sent or given up), and each of `including` is among
 * them, and answers their rows. The queue's consumer records an outcome after the send, so by then the mail catcher
 * holds every e-mail that went.
 */
export async function delivered(reference: string, options: number | DeliveredOptions = {}): Promise<OutboxState[]> {
  const { including = [], timeout = EMAIL_WAIT_MS } = typeof options === 'number' ? { timeout: options } : options;
  const waiting = () => {
    const rows = query<{ key: string; status: string }>(
      'SELECT idempotency_key AS key, status FROM email_outbox WHERE record_reference = ?',
      reference,
    );
    const missing = including.filter((prefix) => !rows.some((row) => row.key.startsWith(prefix)));
    const unsent = rows.filter((row) => row.status === 'pending' || row.status === 'failed').map((row) => row.key);
    return [...missing.map((prefix) => `${prefix}… not stored yet`), ...unsent.map((key) => `${key} not sent yet`)];
  };
  await expect.poll(waiting, { timeout, interval: 100 }).toEqual([]);
  return outboxOf(reference);
}

/** The e-mails that name `reference`, once every e-mail stored about it is done with. */
export async function emailsAbout(reference: string): Promise<CapturedEmail[]> {
  await delivered(reference);
  return emailsMentioning(reference);
}

export const inDays = (days: number) => addDays(londonToday(), days);

/** The next date from today (London) with the given weekday (0 Sunday ... 6 Saturday). */
export function nextWeekday(day: number): string {
  return openDay(1, day);
}

/** Both ends' street address as the wizard posts it. */
export const FULL_ADDRESSES = {
  fromAddress: '1 Palace Street',
  fromTown: 'London',
  toAddress: '12 Canal Street',
  toTown: 'Manchester',
} as const;

export function validQuote(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: `${unique('ada')}@example.com`,
    phone: '07700 900123',
    propertyId: 'studio',
    furnitureIds: ['sofa', 'wardrobe'],
    fromPostcode: 'SW1A 1AA',
    toPostcode: 'M1 1AE',
    // The street address the wizard asks with each postcode: a move is booked only with both (issue 40 item 1).
    ...FULL_ADDRESSES,
    moveDate: nextWeekday(3),
    clientEstimate: { total: 1000, distance: 160 },
    idempotencyKey: unique('quote'),
    ...overrides,
  };
}

export function validContact(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `${unique('grace')}@example.com`,
    phone: '020 7946 0321',
    subject: 'booking',
    message: 'Can you move a piano up three flights of stairs?',
    ...overrides,
  };
}
