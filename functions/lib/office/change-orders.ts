/**
 * Extras only by a signed change (issue 44 item 6): the one writer of `change_orders` (0130), and its reader. The crew
 * propose lines priced from the table (src/lib/office/change-order.ts); the customer accepts with their typed name and
 * a tick, or refuses. Accepting is one batch: the order marked accepted only while still proposed and the written quote
 * unchanged, then the written quote's next version (its lines and these, sent and accepted at once, as a booked date's
 * change makes one), the audit line and the customer's e-mail, each chained on the one before, so a double post
 * accepts once. A signature drawn on the crew's phone (0180) goes to R2 first, as the condition record's does. Refusing
 * changes nothing but the order's status, and gives the office a to-do naming what was refused, with its audit line.
 */
import {
  CHANGE_AUDIT,
  changeAgreement,
  changeLineLabel,
  changeTotal,
  type ChangeDecidedBy,
  type ChangeLine,
  type ChangeStatus,
} from '~/lib/office/change-order';
import { SIGNED_ON_PHONE } from '~/lib/office/condition';
import { formatPence } from '~/lib/money';
import type { Env } from '../../env';
import { isUniqueViolation } from '../d1';
import { mailContext } from '../mail-context';
import { outboxInserts, queueEmails } from '../outbox';
import { acceptedWrittenQuote } from '../payments/due';
import { closeUnwanted } from '../payments/fulfil';
import { toCustomer } from '../payments/money-emails';
import type { StoredQuote } from '../quote/stored-quote';
import { auditStatement } from './audit';
import { bookedInDiary, putJobPhotos, type JobPhoto } from './job-sheets';
import { taskStatement } from './tasks';
import { rebookedVersion } from './written-quotes';

export interface ChangeOrder {
  id: number;
  lines: ChangeLine[];
  totalPence: number;
  status: ChangeStatus;
  proposedBy: string;
  proposedAt: string;
  signedName: string | null;
  decidedBy: ChangeDecidedBy | null;
  decidedAt: string | null;
  writtenVersion: number | null;
  /** The drawn signature's R2 key (0180), or null when only the typed name and tick were given. */
  signature: string | null;
}

interface ChangeRow extends Omit<ChangeOrder, 'lines'> {
  lines: string;
}

const COLUMNS = `id, lines, total_pence AS totalPence, status, proposed_by AS proposedBy, proposed_at AS proposedAt,
  signed_name AS signedName, decided_by AS decidedBy, decided_at AS decidedAt, written_version AS writtenVersion, signature`;

const fromRow = (row: ChangeRow): ChangeOrder => ({ ...row, lines: JSON.parse(row.lines) as ChangeLine[] });

/** The move's change orders, oldest first. */
export async function changeOrders(db: D1Database, reference: string): Promise<ChangeOrder[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM change_orders WHERE reference = ? ORDER BY id`)
    .bind(reference)
    .all<ChangeRow>();
  return results.map(fromRow);
}

export const changeOrder = async (db: D1Database, reference: string, id: number): Promise<ChangeOrder | null> => {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM change_orders WHERE reference = ? AND id = ?`)
    .bind(reference, id)
    .first<ChangeRow>();
  return row ? fromRow(row) : null;
};

const linesWords = (lines: readonly ChangeLine[]) =>
  lines.map((line) => `${line.label} × ${line.quantity} (${formatPence(line.pence)})`).join(', ');

export type ProposeOutcome = { ok: true; id: number | null } | { ok: false; reason: 'no-written-quote' };

/**
 * Stores a proposed change with its audit line (`actor`: the crew, as the sheet's other taps name them). Only for a move
 * whose price is an accepted written quote: that is what the change's next version extends. A post sent twice with the
 * same `tap` key is stored once (id null).
 */
export async function proposeChange(
  db: D1Database,
  reference: string,
  lines: ChangeLine[],
  actor: string,
  tap: string | null,
  now: Date,
): Promise<ProposeOutcome> {
  if (!(await acceptedWrittenQuote(db, reference))) return { ok: false, reason: 'no-written-quote' };
  const total = changeTotal(lines);
  const [stored] = await db.batch([
    db
      .prepare(
        `INSERT INTO change_orders (reference, lines, total_pence, proposed_by, proposed_at, tap)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE NOT EXISTS (SELECT 1 FROM change_orders WHERE reference = ?1 AND tap = ?6)`,
      )
      .bind(reference, JSON.stringify(lines), total, actor, now.toISOString(), tap),
    auditStatement(
      db,
      { actor, action: CHANGE_AUDIT.proposed, reference, detail: `Change proposed: ${linesWords(lines)}; ${formatPence(total)} more` },
      now,
      { afterChange: true },
    ),
  ]);
  return { ok: true, id: stored?.meta.changes ? (stored.meta.last_row_id ?? null) : null };
}

export type DecideOutcome = { ok: true } | { ok: false; reason: 'decided' | 'changed' | 'missing' };

const changeEmailKey = (reference: string, id: number) => `move:${reference}:change:${id}:customer`;

/** The customer's signature: the typed name of record, and the pad's drawing when the crew's phone ran its script. */
export interface ChangeSignature {
  name: string;
  drawn: JobPhoto | null;
}

/**
 * The customer signs a proposed change (`actor`: who holds the phone or page, for the audit line): the written quote's
 * next version adds its lines and the balance rises by exactly its total. Accepted once: a second post finds it decided.
 */
export async function acceptChange(
  env: Env,
  quote: StoredQuote,
  id: number,
  signed: ChangeSignature,
  by: { decidedBy: ChangeDecidedBy; actor: string },
  now: Date,
): Promise<DecideOutcome> {
  const signedName = signed.name;
  const db = env.DB;
  const { reference } = quote;
  const [order, accepted] = await Promise.all([changeOrder(db, reference, id), acceptedWrittenQuote(db, reference)]);
  if (!order) return { ok: false, reason: 'missing' };
  if (order.status !== 'proposed') return { ok: false, reason: 'decided' };
  if (!accepted) return { ok: false, reason: 'changed' };
  const added = order.lines.map((line) => ({ label: changeLineLabel(line), pence: line.pence }));
  const { written, statement } = rebookedVersion(db, reference, accepted, added, now, 'the customer’s signed change on the day');
  const agreement = changeAgreement(order.totalPence);
  const at = now.toISOString();
  // Put before the row names it; a post that loses the race below leaves it to the cron's sweep (job-sheets.ts).
  const [signature = null] = signed.drawn ? await putJobPhotos(env, reference, [signed.drawn]) : [];
  const signedWords = signature ? `${signedName} (${SIGNED_ON_PHONE.toLowerCase()} too)` : signedName;
  const email = toCustomer(await mailContext(env), quote, changeEmailKey(reference, id), {
    subject: (firm) => `Your ${firm} move ${reference}: the extras you agreed`,
    headline: `here are the extras you agreed with your crew, and your new price`,
    paragraphs: [
      `Your written quote is now version ${written.version}: ${formatPence(written.totalPence)} in all, ${formatPence(order.totalPence)} more than before. What is left to pay rises by the same. If this is wrong, reply to this e-mail or call us.`,
    ],
    rows: [
      ...order.lines.map((line): [string, string] => [changeLineLabel(line), formatPence(line.pence)]),
      ['Extras in all', formatPence(order.totalPence)],
      ['New price', formatPence(written.totalPence)],
      ['Signed by', signedWords],
      ['You agreed', agreement],
    ],
  });
  const after = { afterChange: true };
  let updated: D1Result | undefined;
  try {
    [updated] = await db.batch([
      // Guarded: still proposed, and the accepted version is still the one this extends.
      db
        .prepare(
          `UPDATE change_orders SET status = 'accepted', signed_name = ?1, agreed = ?2, decided_by = ?3, decided_at = ?4, written_version = ?5,
             signature = ?8
           WHERE id = ?6 AND reference = ?7 AND status = 'proposed'
             AND NOT EXISTS (SELECT 1 FROM written_quotes w WHERE w.reference = ?7 AND w.version >= ?5)`,
        )
        .bind(signedName, agreement, by.decidedBy, at, written.version, id, reference, signature),
      statement,
      auditStatement(
        db,
        {
          actor: by.actor,
          action: CHANGE_AUDIT.accepted,
          reference,
          detail: `Change accepted, signed by ${signedWords}: ${linesWords(order.lines)}; written quote version ${written.version}, ${formatPence(written.totalPence)}`,
        },
        now,
        after,
      ),
      ...outboxInserts(db, [email], now, after),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'written_quotes.reference')) return { ok: false, reason: 'changed' };
    throw error;
  }
  if (updated?.meta.changes !== 1) {
    const again = await changeOrder(db, reference, id);
    return { ok: false, reason: again?.status === 'proposed' ? 'changed' : 'decided' };
  }
  await queueEmails(env, [email.idempotencyKey]);
  // A Checkout still open for the old balance is closed: the Pay button opens one for the new.
  await closeUnwanted(env, reference, now);
  return { ok: true };
}

/**
 * The customer refuses: only the order's status changes, and the office is given a to-do (not urgent: the price stands)
 * naming the move, the lines refused and the crew lead, with the audit line, both only if this post refused it.
 */
export async function refuseChange(
  db: D1Database,
  reference: string,
  id: number,
  by: { decidedBy: ChangeDecidedBy; actor: string },
  now: Date,
): Promise<DecideOutcome> {
  const [order, booking] = await Promise.all([changeOrder(db, reference, id), bookedInDiary(db, reference)]);
  if (!order) return { ok: false, reason: 'missing' };
  const lines = linesWords(order.lines);
  const total = formatPence(order.totalPence);
  const crewLead = booking?.crewLead?.trim() || 'no crew lead in the diary';
  const after = { afterChange: true };
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE change_orders SET status = 'refused', decided_by = ?1, decided_at = ?2 WHERE id = ?3 AND reference = ?4 AND status = 'proposed'`,
      )
      .bind(by.decidedBy, now.toISOString(), id, reference),
    auditStatement(
      db,
      {
        actor: by.actor,
        action: CHANGE_AUDIT.refused,
        reference,
        detail: `Change refused by the customer: ${lines} (${total}); the price is unchanged`,
      },
      now,
      after,
    ),
    taskStatement(
      db,
      {
        reference,
        kind: 'change_refused',
        detail: `Move ${reference}: the customer refused ${lines}, ${total} in all; crew lead ${crewLead}`,
      },
      now,
      after,
    ),
  ]);
  return updated?.meta.changes === 1 ? { ok: true } : { ok: false, reason: 'decided' };
}
