/**
 * Corrections to any lead (issue 40 item 2): every fact the customer gave, or staff took on the phone, can be changed,
 * and each change is an audit line saying who changed what from what to what ("Collection postcode: SW1A 1AA → SW1A
 * 2AA"). A quote's estimate is worked out again by the engine when what it is priced from changes. Each save is one
 * batch, made only if the lead is still as it was read (a quote's version; a request's or message's own values), so
 * two people correcting the same lead never lose one another's change unseen.
 */
import { ACCESS_KEYS, accessField, type AccessAnswers, type AccessEnd } from '~/data/access';
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import { ENTRY_MESSAGES as M, editSchemas, fieldLabel, readEntryForm, shownValue, type EditShape } from '~/lib/office/lead-entry';
import { calculatePricing } from '~/lib/pricing';
import type { Env } from '../../env';
import { carOf, findCallback, surveyOf, type CallbackRecord, type CallbackRow } from '../callback';
import { priceQuote, type QuotePrice } from '../quote/price';
import { findQuote, updateQuoteRow } from '../quote/store';
import type { StoredQuote } from '../quote/stored-quote';
import { auditStatement } from './audit';
import { dayIsFull, entryMoved, entryOf } from './diary';
import type { LeadSummary, StaffMember } from '~/lib/views/office';
import type { FormValues } from '~/lib/views/lead-entry';

interface ContactRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
}

/** What a lead's correction works on: its record as stored, and which form of the edit page it gets. */
export type EditTarget =
  | { type: 'quote'; shape: 'move' | 'surveyMove' | 'carMove'; reference: string; quote: StoredQuote }
  | { type: 'callback'; shape: 'survey' | 'car' | 'callback'; reference: string; row: CallbackRow }
  | { type: 'contact'; shape: 'contact'; reference: string; row: ContactRow };

export async function editTarget(db: D1Database, lead: LeadSummary): Promise<EditTarget | null> {
  const { reference } = lead;
  if (lead.type === 'quote') {
    const quote = await findQuote(db, { reference });
    if (!quote) return null;
    const shape = quote.request?.kind === 'survey' ? 'surveyMove' : quote.request?.kind === 'car' ? 'carMove' : 'move';
    return { type: 'quote', shape, reference, quote };
  }
  if (lead.type === 'callback') {
    const row = await findCallback(db, reference);
    if (!row) return null;
    return { type: 'callback', shape: row.survey ? 'survey' : row.car ? 'car' : 'callback', reference, row };
  }
  const row = await db
    .prepare('SELECT first_name, last_name, email, phone FROM contact_messages WHERE reference = ?')
    .bind(reference)
    .first<ContactRow>();
  return row ? { type: 'contact', shape: 'contact', reference, row } : null;
}

const ENDS: readonly AccessEnd[] = ['from', 'to'];

function quoteValues(quote: StoredQuote): FormValues {
  const request = quote.request;
  return {
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    ...(request?.kind === 'survey'
      ? { surveySize: request.size, surveyType: request.type }
      : request?.kind === 'car'
        ? { carVehicle: request.vehicle, carRuns: request.runs }
        : { propertyId: quote.propertyId, furnitureIds: quote.furnitureIds }),
    fromPostcode: quote.fromPostcode,
    fromAddress: quote.addresses.from.line1 ?? '',
    toPostcode: quote.toPostcode,
    toAddress: quote.addresses.to.line1 ?? '',
    moveDate: quote.moveDate,
    ...Object.fromEntries(
      ENDS.flatMap((end) => ACCESS_KEYS.map((question) => [accessField(end, question), quote.access?.[end]?.[question] ?? ''])),
    ),
    awkward: quote.moveNotes?.awkward ?? '',
    items: quote.moveNotes?.items ?? '',
    additionalInfo: quote.additionalInfo ?? '',
  };
}

/** The form's values as the lead stands: what the edit page starts from, and what each change is measured against. */
export function currentValues(target: EditTarget): FormValues {
  if (target.type === 'quote') return quoteValues(target.quote);
  if (target.type === 'contact') {
    const { row } = target;
    return { firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone ?? '' };
  }
  const { row } = target;
  const survey = surveyOf(row);
  const car = carOf(row);
  return {
    name: row.name,
    phone: row.phone,
    email: row.email ?? '',
    ...(survey ? { surveySize: survey.size, surveyType: survey.type, postcode: survey.postcode ?? '' } : {}),
    ...(car ? { carVehicle: car.vehicle, carRuns: car.runs, carFrom: car.from, carTo: car.to } : {}),
  };
}

export interface FactChange {
  name: string;
  from: string | string[];
  to: string | string[];
}

const same = (a: string | string[] | undefined, b: string | string[] | undefined) =>
  (Array.isArray(a) ? a.join('\n') : (a ?? '')) === (Array.isArray(b) ? b.join('\n') : (b ?? ''));

/** Each field of `after` that differs from `before`, in the form's order. */
export const factChanges = (before: FormValues, after: FormValues): FactChange[] =>
  Object.keys(after)
    .filter((name) => !same(before[name], after[name]))
    .map((name) => ({ name, from: before[name] ?? '', to: after[name]! }));

/** The audit line's words for one change. */
export const changeLine = (change: FactChange): string =>
  `${fieldLabel(change.name)}: ${shownValue(change.name, change.from)} → ${shownValue(change.name, change.to)}`;

export type EditOutcome = { ok: true; changed: number } | { ok: false; status: number; errors: Record<string, string> };

const refused = (status: number, errors: Record<string, string>): EditOutcome => ({ ok: false, status, errors });

/** What a quote is priced from: a change to any of these works its estimate out again. */
const PRICED_BY = new Set(['propertyId', 'furnitureIds', 'fromPostcode', 'toPostcode', 'moveDate']);
const ROUTE = new Set(['fromPostcode', 'toPostcode']);

/** The new facts of a quote, its estimate not yet worked out again. */
function correctedQuote(quote: StoredQuote, shape: EditTarget['shape'], v: Record<string, string | string[]>): StoredQuote {
  const text = (name: string) => (typeof v[name] === 'string' ? (v[name] as string) : '');
  const end = (which: AccessEnd): AccessAnswers =>
    Object.fromEntries(
      ACCESS_KEYS.flatMap((question) => (text(accessField(which, question)) ? [[question, text(accessField(which, question))]] : [])),
    );
  const access = { from: end('from'), to: end('to') };
  const request: StoredQuote['request'] =
    shape === 'surveyMove'
      ? { kind: 'survey', size: text('surveySize'), type: text('surveyType') }
      : shape === 'carMove'
        ? { kind: 'car', vehicle: text('carVehicle'), runs: text('carRuns') }
        : null;
  return {
    ...quote,
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    request,
    propertyId: shape === 'move' ? text('propertyId') : shape === 'surveyMove' ? text('surveySize') : quote.propertyId,
    furnitureIds: shape === 'move' ? (v.furnitureIds as string[]) : quote.furnitureIds,
    fromPostcode: text('fromPostcode'),
    toPostcode: text('toPostcode'),
    // The form corrects line 1 (the house and street, `fromAddress` as every form names it); line 2 and the town are
    // the lead page's Addresses form's (issue 40 item 1).
    addresses: {
      from: { ...quote.addresses.from, line1: text('fromAddress') || null },
      to: { ...quote.addresses.to, line1: text('toAddress') || null },
    },
    moveDate: text('moveDate'),
    access: Object.keys(access.from).length + Object.keys(access.to).length > 0 ? access : null,
    moveNotes: text('awkward') || text('items') ? { awkward: text('awkward'), items: text('items') } : null,
    additionalInfo: text('additionalInfo') || null,
  };
}

/**
 * The estimate of the corrected quote: the engine again when what it is priced from changed (the postcode service only
 * when the route did; its miles are kept otherwise). Null: no new estimate is needed. A move made from a survey or car
 * request has none: its price is the written quote.
 */
async function newEstimate(
  env: Env,
  before: StoredQuote,
  next: StoredQuote,
  changes: FactChange[],
): Promise<QuotePrice | { errors: Record<string, string> } | null> {
  if (next.request || !changes.some((change) => PRICED_BY.has(change.name))) return null;
  const routeChanged = changes.some((change) => ROUTE.has(change.name));
  if (!routeChanged && before.distanceMiles !== null && before.pricing) {
    const pricing = calculatePricing({
      propertyId: next.propertyId,
      distanceMiles: before.distanceMiles,
      moveDate: next.moveDate,
      furnitureIds: next.furnitureIds,
    });
    return { pricing, verified: before.verified, notes: before.notes, distanceMiles: before.distanceMiles, places: before.places };
  }
  const priced = await priceQuote(env, next);
  if (!priced.ok) {
    const fields = priced.refusal.error.fields ?? {};
    return { errors: Object.fromEntries(Object.keys(fields).map((field) => [field, M.postcodeNotFound])) };
  }
  if (!priced.price.pricing) return { errors: { form: M.postcodeServiceDown } };
  return priced.price;
}

const estimateWords = (quote: StoredQuote) => (quote.pricing ? formatMoney(quote.pricing.total) : 'not priced');

async function saveQuote(
  env: Env,
  target: Extract<EditTarget, { type: 'quote' }>,
  after: FormValues,
  changes: FactChange[],
  staff: StaffMember,
  now: Date,
): Promise<EditOutcome> {
  const db = env.DB;
  const { quote, shape } = target;
  let next = correctedQuote(quote, shape, after);
  const dateChanged = next.moveDate !== quote.moveDate;
  if (dateChanged && quote.status === 'booked') return refused(409, { moveDate: M.bookedDate });
  const routeChanged = changes.some((change) => ROUTE.has(change.name));
  // A move made from a request is never measured: a new postcode drops the old one's place on the map.
  if (next.request && routeChanged) next = { ...next, places: null, distanceMiles: null, notes: [] };
  const estimate = await newEstimate(env, quote, next, changes);
  if (estimate && 'errors' in estimate) return refused(estimate.errors.form ? 503 : 422, estimate.errors);
  if (estimate) next = { ...next, ...estimate, pricedAt: now.toISOString() };
  const entry = dateChanged ? await entryOf(db, quote.reference) : null;
  if (entry && (await dayIsFull(db, next.moveDate, quote.reference))) {
    return refused(409, {
      moveDate: `${formatLongDate(next.moveDate)} has no room left in the diary. Choose another day, or make room in the diary first.`,
    });
  }
  const lines = changes.map(changeLine);
  if (estimate && estimateWords(quote) !== estimateWords(next)) lines.push(`Estimate: ${estimateWords(quote)} → ${estimateWords(next)}`);
  if (entry) lines.push(`Diary: the ${entry.status === 'booked' ? 'booking' : 'hold'} moved to ${formatLongDate(next.moveDate)}`);
  const results = await db.batch([
    updateQuoteRow(db, quote, next),
    ...auditLines(db, quote.reference, lines, staff, now),
    // Anywhere in the batch: it checks the change was stored itself.
    ...(entry ? [entryMoved(db, quote.reference, next.moveDate, quote.version + 1, now)] : []),
  ]);
  return results[0]?.meta.changes === 1 ? { ok: true, changed: changes.length } : refused(409, { form: M.changedMeanwhile });
}

/** One audit line per change, each written only if the statement before it changed a row (the lead's own update first). */
const auditLines = (db: D1Database, reference: string, lines: string[], staff: StaffMember, now: Date) =>
  lines.map((detail) => auditStatement(db, { actor: staff.email, action: 'lead_edited', reference, detail }, now, { afterChange: true }));

function callbackRecord(target: Extract<EditTarget, { type: 'callback' }>, v: FormValues): Omit<CallbackRecord, 'source'> {
  const text = (name: string) => (typeof v[name] === 'string' ? (v[name] as string) : '');
  return {
    name: text('name'),
    phone: text('phone'),
    email: text('email') || null,
    survey:
      target.shape === 'survey'
        ? { size: text('surveySize'), type: text('surveyType'), ...(text('postcode') ? { postcode: text('postcode') } : {}) }
        : null,
    car: target.shape === 'car' ? { vehicle: text('carVehicle'), runs: text('carRuns'), from: text('carFrom'), to: text('carTo') } : null,
  };
}

/** The record's update, only if it still holds what was read (`IS`: NULL matches NULL). */
function recordUpdate(db: D1Database, target: Exclude<EditTarget, { type: 'quote' }>, after: FormValues): D1PreparedStatement {
  if (target.type === 'contact') {
    const { row } = target;
    const text = (name: string) => String(after[name] ?? '');
    return db
      .prepare(
        `UPDATE contact_messages SET first_name = ?, last_name = ?, email = ?, phone = ?
         WHERE reference = ? AND first_name IS ? AND last_name IS ? AND email IS ? AND phone IS ?`,
      )
      .bind(
        text('firstName'),
        text('lastName'),
        text('email'),
        text('phone') || null,
        target.reference,
        row.first_name,
        row.last_name,
        row.email,
        row.phone,
      );
  }
  const { row } = target;
  const next = callbackRecord(target, after);
  const json = (value: object | null) => (value ? JSON.stringify(value) : null);
  return db
    .prepare(
      `UPDATE callback_requests SET name = ?, phone = ?, email = ?, survey = ?, car = ?
       WHERE reference = ? AND name IS ? AND phone IS ? AND email IS ? AND survey IS ? AND car IS ?`,
    )
    .bind(
      next.name,
      next.phone,
      next.email,
      json(next.survey),
      json(next.car),
      target.reference,
      row.name,
      row.phone,
      row.email,
      row.survey,
      row.car,
    );
}

/** Reads the edit form against the lead's own form, and stores what changed with an audit line for each change. */
export async function saveLeadEdit(
  env: Env,
  target: EditTarget,
  values: URLSearchParams,
  staff: StaffMember,
  now: Date,
): Promise<EditOutcome> {
  const before = currentValues(target);
  const unchangedDate = target.type === 'quote' ? target.quote.moveDate : undefined;
  const read = readEntryForm(editSchemas(londonToday(now), unchangedDate)[target.shape as EditShape], values);
  if ('errors' in read) return refused(400, read.errors);
  const after = read.data as FormValues;
  const changes = factChanges(before, after);
  if (changes.length === 0) return { ok: true, changed: 0 };
  if (target.type === 'quote') return saveQuote(env, target, after, changes, staff, now);
  const db = env.DB;
  const results = await db.batch([
    recordUpdate(db, target, after),
    ...auditLines(db, target.reference, changes.map(changeLine), staff, now),
  ]);
  return results[0]?.meta.changes === 1 ? { ok: true, changed: changes.length } : refused(409, { form: M.changedMeanwhile });
}
