/**
 * A lead added by hand from a phone call (issue 40 item 2): a quote priced by the same engine as the website's
 * (priceQuote → priceRoute), or a survey or car-transport request. Stored as the website stores its own (acceptLead: the
 * reference, the record and its e-mails in one batch), marked `source = 'phone'`, with the office's own rows (its stage,
 * who handles it, the staff note, the audit line) in the same batch. The form's key makes a second post of the same
 * form (a double click) find the first lead instead of adding another.
 */
import { NO_ADDRESS } from '~/lib/move-facts';
import type { HandKind, LeadSource, NewLead } from '~/lib/office/lead-entry';
import type { Env } from '../../env';
import { acceptLead, type Claim } from '../accept-lead';
import { callbackInsert } from '../callback';
import { isUniqueViolation } from '../d1';
import { quoteCustomerEmail } from '../quote/emails';
import { priceQuote, UNPRICED, type QuotePrice } from '../quote/price';
import { insertQuote } from '../quote/store';
import { NEW_QUOTE, type StoredQuote } from '../quote/stored-quote';
import { auditStatement } from './audit';
import { leadEnteredByHand } from './office-leads';
import type { StaffMember } from '~/lib/views/office';

const PHONE: LeadSource = 'phone';

export type Entry = { [K in HandKind]: { kind: K; lead: NewLead<K> } }[HandKind];

export type PricedEntry = { ok: true; price: QuotePrice } | { ok: false; errors: Record<string, string> };

/** The engine's estimate of a quote typed in (its route measured by the postcode service), or the postcodes' problems. */
export async function priceEntry(env: Env, lead: NewLead<'quote'>, notFound: string): Promise<PricedEntry> {
  const priced = await priceQuote(env, lead);
  if (priced.ok) return priced;
  const fields = priced.refusal.error.fields ?? {};
  // The schema has checked each postcode's form already: what is left is one the service does not know.
  return { ok: false, errors: Object.fromEntries(Object.keys(fields).map((field) => [field, notFound])) };
}

/** The office's rows for a lead it has just taken on the phone: contacted already, handled by whoever typed it in. */
function officeRows(db: D1Database, entry: Entry, entryKey: string, staff: StaffMember, claim: Claim, now: Date): D1PreparedStatement[] {
  const type = entry.kind === 'quote' ? 'quote' : 'callback';
  return [
    db
      .prepare('INSERT INTO office_entries (entry_key, reference, created_at) VALUES (?, ?, ?)')
      .bind(entryKey, claim.reference, claim.createdAt),
    leadEnteredByHand(db, claim.reference, type, staff.email, claim.createdAt),
    ...(entry.lead.note
      ? [
          db
            .prepare('INSERT INTO office_notes (record_reference, author, created_at, note) VALUES (?, ?, ?, ?)')
            .bind(claim.reference, staff.email, claim.createdAt, entry.lead.note),
        ]
      : []),
    auditStatement(db, { actor: staff.email, action: 'lead_added', reference: claim.reference, detail: 'Added from a phone call' }, now),
  ];
}

function quoteOf(lead: NewLead<'quote'>, price: QuotePrice, entryKey: string, claim: Claim): StoredQuote {
  return {
    ...claim,
    via: 'form',
    source: PHONE,
    idempotencyKey: `office:${entryKey}`,
    bodyHash: '',
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    service: null,
    request: null,
    propertyId: lead.propertyId,
    furnitureIds: lead.furnitureIds,
    fromPostcode: lead.fromPostcode,
    toPostcode: lead.toPostcode,
    // Line 1 as asked here; line 2 and the town on the lead page's Addresses form (issue 40 item 1).
    addresses: {
      from: { ...NO_ADDRESS, line1: lead.fromAddress || null },
      to: { ...NO_ADDRESS, line1: lead.toAddress || null },
    },
    access: null,
    moveDate: lead.moveDate,
    additionalInfo: null,
    promoCode: null,
    shown: null,
    ...price,
    ...NEW_QUOTE,
    // No e-mail of its own unless staff send the estimate.
    ...(lead.emailEstimate ? {} : { customerEmail: null, lastCustomerEmail: null }),
    pricedAt: price.pricing ? claim.createdAt : null,
  };
}

export type Added = { reference: string; emailed: boolean; again: boolean };

/**
 * Stores the lead (a quote with `price`, already worked out), or finds the one this form added before. Only a quote
 * whose estimate staff chose to send e-mails the customer; the business is not told of its own call.
 */
export async function addLeadByHand(
  env: Env,
  entry: Entry,
  entryKey: string,
  staff: StaffMember,
  now: Date,
  price?: QuotePrice,
): Promise<Added> {
  try {
    const { reference, queued } = await acceptLead(
      env,
      {
        type: entry.kind === 'quote' ? 'quote' : 'callback',
        record: (db, claim) => [
          entry.kind === 'quote'
            ? insertQuote(db, quoteOf(entry.lead, price ?? UNPRICED, entryKey, claim))
            : callbackInsert(db, claim, {
                name: entry.lead.name,
                phone: entry.lead.phone,
                email: entry.lead.email || null,
                survey:
                  entry.kind === 'survey'
                    ? {
                        size: entry.lead.surveySize,
                        type: entry.lead.surveyType,
                        ...(entry.lead.postcode ? { postcode: entry.lead.postcode } : {}),
                      }
                    : null,
                car:
                  entry.kind === 'car'
                    ? { vehicle: entry.lead.carVehicle, runs: entry.lead.carRuns, from: entry.lead.carFrom, to: entry.lead.carTo }
                    : null,
                source: PHONE,
              }),
          ...officeRows(db, entry, entryKey, staff, claim, now),
        ],
        emails: (mail, claim) =>
          entry.kind === 'quote' && entry.lead.emailEstimate
            ? [{ kind: 'customer', draft: quoteCustomerEmail(mail, quoteOf(entry.lead, price ?? UNPRICED, entryKey, claim)) }]
            : [],
      },
      now,
    );
    return { reference, emailed: entry.kind === 'quote' && entry.lead.emailEstimate && queued, again: false };
  } catch (error) {
    if (!isUniqueViolation(error, 'office_entries.entry_key') && !isUniqueViolation(error, 'quote_requests.idempotency_key')) throw error;
    const first = await env.DB.prepare('SELECT reference FROM office_entries WHERE entry_key = ?')
      .bind(entryKey)
      .first<{ reference: string }>();
    if (!first) throw error;
    return { reference: first.reference, emailed: false, again: true };
  }
}
