/**
 * A survey or car-transport request made a move (issue 40 item 3), so it reaches a written quote, the diary, the deposit
 * and the job sheet like any quote: its row moves from callback_requests to quote_requests under the same reference
 * (the one the customer was told), with what was asked kept as `request`, in one batch with its audit lines. The
 * engine prices neither a home of four bedrooms or more nor a car: the written quote is its price.
 */
import { NO_ADDRESS } from '~/lib/move-facts';
import { formatLongDate, londonToday } from '~/lib/dates';
import { makeMoveSchemas, readEntryForm } from '~/lib/office/lead-entry';
import type { Env } from '../../env';
import { carOf, findCallback, surveyOf, type CallbackRow } from '../callback';
import { isUniqueViolation } from '../d1';
import { insertQuote } from '../quote/store';
import { NEW_QUOTE, type StoredQuote } from '../quote/stored-quote';
import { auditStatement } from './audit';
import { changeLine, currentValues, factChanges } from './lead-edit';
import { leadRowNowQuote } from './office-leads';
import type { FormValues } from '~/lib/views/lead-entry';
import type { LeadSummary, StaffMember } from '~/lib/views/office';

export type MoveMade = { ok: true } | { ok: false; status: number; errors: Record<string, string> };

/** What the make-a-move form starts from: the request's own answers (its postcode as the collection's). */
export function requestValues(row: CallbackRow): FormValues {
  const survey = surveyOf(row);
  const car = carOf(row);
  return {
    name: row.name,
    email: row.email ?? '',
    phone: row.phone,
    ...(survey ? { surveySize: survey.size, surveyType: survey.type, fromPostcode: survey.postcode ?? '' } : {}),
    ...(car ? { carVehicle: car.vehicle, carRuns: car.runs, fromPostcode: car.from, toPostcode: car.to } : {}),
  };
}

export async function makeMove(env: Env, lead: LeadSummary, values: URLSearchParams, staff: StaffMember, now: Date): Promise<MoveMade> {
  const db = env.DB;
  const row = await findCallback(db, lead.reference);
  const kind = row?.survey ? 'survey' : row?.car ? 'car' : null;
  if (!row || !kind) return { ok: false, status: 409, errors: { form: 'Only a survey or a car-transport request becomes a move here.' } };
  const read = readEntryForm(makeMoveSchemas(londonToday(now))[kind], values);
  if ('errors' in read) return { ok: false, status: 400, errors: read.errors };
  const move = read.data as Record<string, string>;
  const quote: StoredQuote = {
    reference: row.reference,
    createdAt: row.created_at,
    via: 'form',
    source: row.source,
    idempotencyKey: `office:move:${row.reference}`,
    bodyHash: '',
    name: move.name!,
    email: move.email!,
    phone: move.phone!,
    service: null,
    request:
      kind === 'survey'
        ? { kind, size: move.surveySize!, type: move.surveyType! }
        : { kind, vehicle: move.carVehicle!, runs: move.carRuns! },
    // The request's size stands for the package the engine would have priced.
    propertyId: kind === 'survey' ? move.surveySize! : 'car',
    furnitureIds: [],
    fromPostcode: move.fromPostcode!,
    toPostcode: move.toPostcode!,
    // Line 1 as asked here; line 2 and the town on the lead page's Addresses form (issue 40 item 1).
    addresses: {
      from: { ...NO_ADDRESS, line1: move.fromAddress || null },
      to: { ...NO_ADDRESS, line1: move.toAddress || null },
    },
    access: null,
    moveDate: move.moveDate!,
    additionalInfo: null,
    promoCode: null,
    shown: null,
    pricing: null,
    verified: true,
    notes: [],
    distanceMiles: null,
    places: null,
    ...NEW_QUOTE,
    // Its e-mails so far were the request's; the written quote's are the move's own.
    customerEmail: null,
    lastCustomerEmail: null,
    pricedAt: null,
    moveNotes: move.items ? { awkward: '', items: move.items } : null,
  };
  const what = kind === 'survey' ? 'survey request' : 'car-transport request';
  const before = currentValues({ type: 'callback', shape: kind, reference: row.reference, row });
  const corrected = factChanges(
    before,
    Object.fromEntries(Object.keys(before).flatMap((name) => (name in move ? [[name, move[name]!]] : []))),
  ).map(changeLine);
  const lines = [
    `Made a move from the ${what} to write its quote: ${quote.fromPostcode} → ${quote.toPostcode}, ${formatLongDate(quote.moveDate)}`,
    ...corrected,
  ];
  try {
    await db.batch([
      insertQuote(db, quote),
      db.prepare('DELETE FROM callback_requests WHERE reference = ?').bind(row.reference),
      db.prepare("UPDATE reference_numbers SET record_type = 'quote' WHERE reference = ?").bind(row.reference),
      leadRowNowQuote(db, row.reference),
      ...lines.map((detail) => auditStatement(db, { actor: staff.email, action: 'lead_made_move', reference: row.reference, detail }, now)),
    ]);
  } catch (error) {
    // Made already (a second press, or someone else): the quote is there to write.
    if (isUniqueViolation(error, 'quote_requests.reference') || isUniqueViolation(error, 'quote_requests.idempotency_key'))
      return { ok: true };
    throw error;
  }
  return { ok: true };
}
