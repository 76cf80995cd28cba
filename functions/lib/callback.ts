import type { LeadSource } from '~/lib/office/lead-entry';
import type { CallbackRequest } from '~/lib/schemas';
import { acceptLead, type Claim } from './accept-lead';
import { callbackBusinessEmail } from './emails';
import type { LeadContext } from './pipeline';

/** A call-back as callback_requests keeps it: the website's form, or one the office typed in from a phone call. */
export interface CallbackRecord {
  name: string;
  phone: string;
  /** As typed; null: phone only. */
  email: string | null;
  survey: object | null;
  car: object | null;
  source: LeadSource;
}

/** callback_requests' one insert. */
export const callbackInsert = (db: D1Database, { reference, createdAt }: Claim, record: CallbackRecord): D1PreparedStatement =>
  db
    .prepare(
      'INSERT INTO callback_requests (reference, created_at, name, phone, email, survey, car, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(reference, createdAt, record.name, record.phone, record.email, asJson(record.survey), asJson(record.car), record.source);

export async function acceptCallback(c: LeadContext, request: CallbackRequest): Promise<{ reference: string; emailed: boolean }> {
  const record: CallbackRecord = {
    name: request.name,
    phone: request.phone,
    email: request.email || null,
    survey: request.survey ?? null,
    car: request.car ?? null,
    source: 'web',
  };
  const { reference, queued } = await acceptLead(c.env, {
    type: 'callback',
    record: (db, claim) => [callbackInsert(db, claim, record)],
    emails: (mail, { reference }) => [{ kind: 'business', draft: callbackBusinessEmail(mail, reference, request) }],
  });
  return { reference, emailed: queued };
}

const asJson = (value: object | null) => (value ? JSON.stringify(value) : null);

/** A call-back as stored: `survey` and `car` as JSON (read them with surveyOf and carOf). */
export interface CallbackRow {
  reference: string;
  created_at: string;
  name: string;
  phone: string;
  email: string | null;
  survey: string | null;
  car: string | null;
  source: LeadSource;
}

export interface SurveyAsked {
  size: string;
  type: string;
  postcode?: string;
}

export interface CarAsked {
  vehicle: string;
  runs: string;
  from: string;
  to: string;
}

export const findCallback = (db: D1Database, reference: string): Promise<CallbackRow | null> =>
  db
    .prepare('SELECT reference, created_at, name, phone, email, survey, car, source FROM callback_requests WHERE reference = ?')
    .bind(reference)
    .first<CallbackRow>();

export const surveyOf = (row: Pick<CallbackRow, 'survey'>): SurveyAsked | null =>
  row.survey ? (JSON.parse(row.survey) as SurveyAsked) : null;
export const carOf = (row: Pick<CallbackRow, 'car'>): CarAsked | null => (row.car ? (JSON.parse(row.car) as CarAsked) : null);
