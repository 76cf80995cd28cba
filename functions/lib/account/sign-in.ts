/**
 * Runs after the answer has gone (waitUntil), so a known and an unknown address get the same page at the same speed.
 * The e-mail goes through the queue like every other; its link is made as it is sent (signInLinkMaker).
 */
import { generateReference } from '~/lib/reference';
import type { Env } from '../../env';
import { sha256Hex } from '../hash';
import { outboxInserts, queueEmails } from '../outbox';
import { withinLimit } from '../rate-limit';
import { officeSignInEmail, signInEmail } from './emails';
import { staffMember } from '../office/staff';
import { accountEmail } from './tokens';
import { mailContext } from '../mail-context';
import { partnerSignInEmail } from '../partners/emails';
import { partnerByEmail } from '../partners/read';

export async function hasQuotes(db: D1Database, email: string): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS found FROM quote_requests WHERE lower(email) = ? LIMIT 1').bind(accountEmail(email)).first();
  return row !== null;
}

export async function sendSignInLink(env: Env, typed: string, now = new Date()): Promise<void> {
  const email = accountEmail(typed);
  if (!(await withinLimit(env, 'SIGN_IN_ADDRESS_LIMITER', `address:${await sha256Hex(email)}`))) return;
  // The office's staff get the office's link (issue 33); the same form, the same answer, so nobody learns who is staff.
  // Then a partner driver gets the partner page's link (issue 43) and, when they have booked moves with the address
  // too, a customer's link as well, in an e-mail of its own: each opens its own role, and a browser may hold both.
  const staff = await staffMember(env, email);
  const partner = !staff && (await partnerByEmail(env.DB, email));
  const customer = !staff && (await hasQuotes(env.DB, email));
  if (!staff && !partner && !customer) return;
  const mail = await mailContext(env);
  const kinds = staff
    ? [{ recordType: 'office' as const, draft: officeSignInEmail }]
    : [
        ...(partner ? [{ recordType: 'partner' as const, draft: partnerSignInEmail }] : []),
        ...(customer ? [{ recordType: 'signin' as const, draft: signInEmail }] : []),
      ];
  const emails = kinds.map(({ recordType, draft }) => {
    const id = generateReference();
    return {
      recordType,
      recordReference: id,
      kind: 'customer' as const,
      draft: draft(mail, email),
      idempotencyKey: `${recordType}:${id}:customer`,
    };
  });
  await env.DB.batch(outboxInserts(env.DB, emails, now));
  await queueEmails(
    env,
    emails.map((each) => each.idempotencyKey),
  );
}
