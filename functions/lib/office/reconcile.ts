/**
 * The reconciliation (issue 45 item 3): Stripe's balance transactions for a period, read through the SDK a page at a
 * time (`has_more`, `starting_after`), against the ledger's lines in D1. A charge is matched by its PaymentIntent (the
 * id D1 keeps), a refund, a transfer to a partner (`transfer`, tr_…) and its reversal (`transfer_refund`, trr_…) by
 * their own ids, and each one's fee (`fee`: Stripe's on a charge, none on the rest) against the fee D1 recorded; anything
 * else on the balance (a fee of its own, a payout to the bank) is listed as it is.
 */
import { addDays, londonDayStart } from '~/lib/dates';
import { reconcile, type Difference, type Movement } from '~/lib/office/accounts-ledger';
import type { ReportPeriod } from '~/lib/office/reports';
import type { Env } from '../../env';
import { stripeClient, type Stripe } from '../payments/stripe';
import { ledgerLines } from './accounts-ledger';

/** A year of a small firm's movements, 100 a page: far past it, the reconciliation stops rather than run on. */
const MAX_PAGES = 200;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

async function stripeMovements(stripe: Stripe, start: Date, until: Date) {
  const movements: Movement[] = [];
  const others: Array<{ id: string; type: string; pence: number; at: string }> = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await stripe.balanceTransactions.list({
      created: { gte: Math.floor(start.getTime() / 1000), lt: Math.floor(until.getTime() / 1000) },
      limit: 100,
      expand: ['data.source'],
      ...(after ? { starting_after: after } : {}),
    });
    for (const txn of list.data) {
      const source = txn.source as Stripe.Charge | Stripe.Refund | Stripe.Transfer | Stripe.TransferReversal | string | null;
      const at = iso(txn.created);
      // Expanded, a transfer's source is the Transfer (or TransferReversal); Stripe may leave it as its id.
      const sourceId = typeof source === 'string' ? source : (source?.id ?? null);
      if ((txn.type === 'charge' || txn.type === 'payment') && source && typeof source === 'object' && 'payment_intent' in source) {
        const intent = typeof source.payment_intent === 'string' ? source.payment_intent : (source.payment_intent?.id ?? source.id);
        movements.push({ stripeId: intent, kind: 'payment', pence: txn.amount, at, currency: txn.currency, feePence: txn.fee });
      } else if ((txn.type === 'refund' || txn.type === 'payment_refund') && source && typeof source === 'object') {
        movements.push({ stripeId: source.id, kind: 'refund', pence: -txn.amount, at, currency: txn.currency, feePence: txn.fee });
      } else if (txn.type === 'transfer' && sourceId) {
        movements.push({ stripeId: sourceId, kind: 'transfer', pence: -txn.amount, at, currency: txn.currency, feePence: txn.fee });
      } else if (txn.type === 'transfer_refund' && sourceId) {
        movements.push({ stripeId: sourceId, kind: 'reversal', pence: txn.amount, at, currency: txn.currency, feePence: txn.fee });
      } else {
        others.push({ id: txn.id, type: txn.type, pence: txn.amount, at });
      }
    }
    if (!list.has_more || list.data.length === 0) return { movements, others };
    after = list.data.at(-1)!.id;
  }
  throw new Error(`Stripe listed more than ${MAX_PAGES * 100} balance transactions for one period`);
}

/** Every difference for the period, or null when Stripe is not set up here. */
export async function reconcilePeriod(env: Env, period: ReportPeriod): Promise<Difference[] | null> {
  const stripe = stripeClient(env);
  if (!stripe) return null;
  const [start, until] = [londonDayStart(period.from), londonDayStart(addDays(period.to, 1))];
  // A day either side on both: see reconcile() in src/lib/office/accounts-ledger.ts.
  const [wideStart, wideUntil] = [new Date(start.getTime() - 86_400_000), new Date(until.getTime() + 86_400_000)];
  const [lines, theirs] = await Promise.all([
    ledgerLines(env.DB, wideStart.toISOString(), wideUntil.toISOString()),
    stripeMovements(stripe, wideStart, wideUntil),
  ]);
  const ours: Movement[] = lines.map((line) => ({
    // A line Stripe never named (no id stored) cannot be matched: it is reported by its move.
    stripeId: line.stripeId ?? `none:${line.reference}:${line.at}`,
    kind: line.kind,
    pence: Math.abs(line.pence),
    at: line.at,
    reference: line.reference,
    feePence: line.feePence,
  }));
  return reconcile(ours, theirs.movements, theirs.others, [start.toISOString(), until.toISOString()]);
}
