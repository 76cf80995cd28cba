/**
 * The office's diary routes (issue 33 item 4): the diary page, the owner's crews and vans, holding and booking a move
 * from its lead page, and the public list of full days the quote wizard's calendar reads. Registered by routes.ts.
 */
import type { Context } from 'hono';
import { formatLongDate, isCalendarDate, londonToday } from '~/lib/dates';
import { earliestMoveDate, latestMoveDate } from '~/lib/move-date';
import { fleetRemoval, isConfirmed, type RemovalQuestion } from '~/lib/office/confirm-removal';
import { crewLine, FULL_DAYS_MAX_SPAN, FULL_DAYS_PATH, leadFirstName, vanSizeLabel, type FullDaysAnswer } from '~/lib/office/diary';
import {
  bookingSchema,
  crewVanSchema,
  DIARY_BOOK_PATH,
  DIARY_MESSAGES,
  type BookingForm,
  type CrewVanForm,
  type DiaryNotice,
} from '~/lib/office/diary-forms';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { isReference } from '~/lib/reference';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { jsonError, refusalJson, REFUSALS, seeOther, type Refusal } from '../lib/http';
import { auditStatement } from '../lib/office/audit';
import { diarySpan, entryUpsert, spanDay, spanDays, type EntryWrite } from '../lib/office/diary';
import { quoteLeadAt } from '../lib/office/office-leads';
import { officeRefusal, staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { firmSettings } from '../lib/office/settings';
import type { StaffMember } from '~/lib/views/office';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { applyChange } from '../lib/quote/manage';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import type { DiaryPageState } from '~/lib/views/diary';

type OfficeContext = Context<OfficeBindings>;

const MAX_DIARY_BODY = 4 * 1024;

/** The diary from a move's day, with its booking form: where a hold or booking lands, refused or done. */
export const diaryAtMove = (quote: Pick<StoredQuote, 'reference' | 'moveDate'>, done?: string) =>
  `${OFFICE_PATHS.diary}?${new URLSearchParams({ from: quote.moveDate, ref: quote.reference, ...(done ? { done } : {}) })}`;

/** The page as refused (its `staff` variable is the gate's: the page asks officeAccess itself). */
export const refusedOn = (c: OfficeContext, path: string, view: unknown, status = 400) =>
  astroPageAt(c, path, view, { status, headers: ACCOUNT_PAGE });

/** The change a crew or van post makes: its statement, the notice after it, and the audit line's words. */
function crewVanStatement(
  db: D1Database,
  form: CrewVanForm,
  at: string,
): { statement: D1PreparedStatement; done: DiaryNotice; detail: string } {
  const removal = (table: 'crews' | 'vans') =>
    db.prepare(`UPDATE ${table} SET removed_at = ? WHERE id = ? AND removed_at IS NULL`).bind(at, 'id' in form ? Number(form.id) : 0);
  switch (form.action) {
    case 'add-crew':
      return {
        statement: db
          .prepare('INSERT INTO crews (lead_name, lead_phone, size, created_at) VALUES (?, ?, ?, ?)')
          .bind(form.leadName, form.leadPhone || null, Number(form.size), at),
        done: 'crew-added',
        detail: `Crew added: ${form.leadName}, ${form.size}`,
      };
    case 'add-van':
      return {
        statement: db.prepare('INSERT INTO vans (name, size, created_at) VALUES (?, ?, ?)').bind(form.vanName, form.vanSize, at),
        done: 'van-added',
        detail: `Van added: ${form.vanName}`,
      };
    case 'remove-crew':
      return { statement: removal('crews'), done: 'crew-removed', detail: `Crew ${form.id} removed` };
    case 'remove-van':
      return { statement: removal('vans'), done: 'van-removed', detail: `Van ${form.id} removed` };
  }
}

/** What removing one of the firm's crews or vans does, for the page that asks first; null if it is not (or no longer) there. */
async function removalQuestion(db: D1Database, kind: 'crew' | 'van', id: number, now: Date): Promise<RemovalQuestion | null> {
  const today = londonToday(now);
  // Today's span lists every current crew and van; its bookings from today on are counted apart.
  const [span, upcoming] = await Promise.all([
    diarySpan(db, today, today),
    db.prepare(`SELECT COUNT(*) AS n FROM diary_entries WHERE ${kind}_id = ? AND move_date >= ?`).bind(id, today).first<{ n: number }>(),
  ]);
  const crew = kind === 'crew' ? span.crews.find((each) => each.id === id && !each.hiredOn) : undefined;
  const van = kind === 'van' ? span.vans.find((each) => each.id === id && !each.hiredOn) : undefined;
  const label = crew ? `${crew.leadName} (crew of ${crew.size})` : van ? `${van.name} (${vanSizeLabel(van.size)})` : null;
  return label ? fleetRemoval(kind, id, label, upcoming?.n ?? 0) : null;
}

async function crewVanChange(db: D1Database, form: CrewVanForm, staff: StaffMember, now: Date): Promise<DiaryNotice> {
  const { statement, done, detail } = crewVanStatement(db, form, now.toISOString());
  // The audit action is the notice's key: crew_added, van_removed…
  await db.batch([statement, auditStatement(db, { actor: staff.email, action: done.replace('-', '_'), detail }, now)]);
  return done;
}

/** Staff who are not the owner: the diary again saying only the owner changes crews and vans (403). */
const notTheOwner = (c: Context<OfficeBindings>, values: Record<string, string>) =>
  refusedOn(c, OFFICE_PATHS.diary, { form: { errors: { form: DIARY_MESSAGES.ownerOnly }, values } } satisfies DiaryPageState, 403);

/** A refused crew or van form: invalid fields by their messages (the owner's only); any other, the error shape. */
function crewVanPage(c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams): Promise<Response> | Response {
  if (!refusal.error.fields) return refusalJson(c, refusal);
  const values = Object.fromEntries(typed);
  if (c.var.staff.role !== 'owner') return notTheOwner(c, values);
  return refusedOn(c, OFFICE_PATHS.diary, { form: { errors: refusal.error.fields, values } } satisfies DiaryPageState, refusal.status);
}

/** POST /office/diary: the owner adds or removes a crew or a van; staff may only look. */
async function changeCrewsAndVans(c: Context<OfficeBindings>, form: CrewVanForm, posted: URLSearchParams): Promise<Response> {
  const values = Object.fromEntries(posted);
  const staff = c.var.staff;
  if (staff.role !== 'owner') return notTheOwner(c, values);
  // Asked first (issue 40 item 4): only the confirmation page's own button removes.
  if ((form.action === 'remove-crew' || form.action === 'remove-van') && !isConfirmed(values)) {
    const question = await removalQuestion(c.env.DB, form.action === 'remove-crew' ? 'crew' : 'van', Number(form.id), requestNow(c));
    if (!question) return seeOther(OFFICE_PATHS.diary);
    return refusedOn(c, OFFICE_PATHS.confirmRemoval, question, 200);
  }
  const done = await crewVanChange(c.env.DB, form, staff, requestNow(c));
  return seeOther(`${OFFICE_PATHS.diary}?${new URLSearchParams({ done })}`);
}

/**
 * The problems of holding or booking `quote` on its move day, by field; none when it may go ahead. The day's crews and
 * vans are the firm's own and those hired for it; one off that day or out on another move cannot be chosen.
 */
async function bookingProblems(db: D1Database, quote: StoredQuote, form: BookingForm) {
  const span = await diarySpan(db, quote.moveDate, quote.moveDate);
  const { room, entries: others, isOff } = spanDay(span, quote.moveDate, quote.reference);
  const errors: Record<string, string> = {};
  if (room.full && !form.override) errors.override = room.closed ? DIARY_MESSAGES.closed(room.closed) : DIARY_MESSAGES.full;
  if (form.intent !== 'book') return { errors, full: room.full };
  // Booked by its paid deposit, or by staff who say why (issue 40 item 4).
  if (quote.status !== 'booked' && !form.unpaidReason) errors.unpaidReason = DIARY_MESSAGES.unpaid;
  const crew = span.crews.find((each) => each.id === Number(form.crew));
  const van = span.vans.find((each) => each.id === Number(form.van));
  if (!crew) errors.crew = DIARY_MESSAGES.crew;
  else if (isOff('crew', crew.id)) errors.crew = DIARY_MESSAGES.crewOff;
  else if (others.some((entry) => entry.crewId === crew.id)) errors.crew = DIARY_MESSAGES.crewBusy;
  if (!van) errors.van = DIARY_MESSAGES.van;
  else if (isOff('van', van.id)) errors.van = DIARY_MESSAGES.vanOff;
  else if (others.some((entry) => entry.vanId === van.id)) errors.van = DIARY_MESSAGES.vanBusy;
  return { errors, full: room.full, crew, van };
}

/**
 * A refused hold or booking: the diary at the move's day with each message by its field (a move that is not there, the
 * 404); any other refusal only a crafted post meets, the error shape.
 */
async function bookingRefused(c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams): Promise<Response> {
  if (!refusal.error.fields) return refusalJson(c, refusal);
  const values = Object.fromEntries(typed);
  const reference = values.ref ?? '';
  const quote = isReference(reference) ? await findQuote(c.env.DB, { reference }) : null;
  if (!quote) return officeRefusal(c, 'not-found');
  // Every message at once: a booking no deposit has made asks for its reason beside the crew, van and window.
  const unpaid = values.intent === 'book' && quote.status !== 'booked' && !values.unpaidReason?.trim();
  const errors = { ...refusal.error.fields, ...(unpaid ? { unpaidReason: DIARY_MESSAGES.unpaid } : {}) };
  return refusedOn(c, diaryAtMove(quote), { form: { errors, values } } satisfies DiaryPageState, refusal.status);
}

/**
 * POST /office/diary/book (from a lead's page or the diary): hold the move's day, or book it with a crew, a van and an
 * arrival window. Done or refused, the answer is the diary at the move's day, with the move's form and the days around.
 */
async function holdOrBook(c: Context<OfficeBindings>, form: BookingForm, posted: URLSearchParams): Promise<Response> {
  const values = Object.fromEntries(posted);
  const reference = form.ref;
  const quote = await findQuote(c.env.DB, { reference });
  if (!quote) return officeRefusal(c, 'not-found');
  const refused = (errors: Record<string, string>, status = 400) =>
    refusedOn(c, diaryAtMove(quote), { form: { errors, values } } satisfies DiaryPageState, status);
  if (quote.status === 'cancelled') return refused({ form: 'This move is cancelled.' }, 409);
  const db = c.env.DB;
  const { errors, full, crew, van } = await bookingProblems(db, quote, form);
  if (Object.keys(errors).length) return refused(errors, 409);
  const now = requestNow(c);
  const staff = c.var.staff;
  const overrideReason = full ? form.override : null;
  const date = formatLongDate(quote.moveDate);
  const overrideNote = overrideReason ? ` (the day was full or closed: ${overrideReason})` : '';
  const entry: EntryWrite = {
    reference,
    moveDate: quote.moveDate,
    status: form.intent === 'book' ? 'booked' : 'held',
    crewId: crew?.id ?? null,
    vanId: van?.id ?? null,
    arrivalWindow: form.intent === 'book' ? form.window : null,
    overrideReason,
    by: staff.email,
  };
  if (form.intent === 'hold' || !crew || !van) {
    await db.batch([
      entryUpsert(db, entry, now),
      auditStatement(db, { actor: staff.email, action: 'diary_held', reference, detail: `Held ${date} in the diary${overrideNote}` }, now),
    ]);
    return seeOther(diaryAtMove(quote, 'held'));
  }
  const assignment = { lead: leadFirstName(crew.leadName), size: crew.size, van: van.size, window: form.window };
  // Chained on the booking's own change: refused (the move changed meanwhile), none of them is written.
  const afterChange = { afterChange: true };
  const reason = quote.status === 'booked' ? undefined : form.unpaidReason;
  const applied = await applyChange(c.env, quote, { action: 'book', crew: assignment, ...(reason ? { reason } : {}) }, now, [
    entryUpsert(db, entry, now, afterChange),
    quoteLeadAt(db, reference, 'booked', now.toISOString(), afterChange),
    auditStatement(
      db,
      {
        actor: staff.email,
        action: 'diary_booked',
        reference,
        detail: `Booked for ${date}: ${crewLine(assignment)}, ${van.name}${overrideNote}`,
      },
      now,
      afterChange,
    ),
    ...(reason
      ? [
          auditStatement(
            db,
            { actor: staff.email, action: 'booked_without_deposit', reference, detail: `Booked with no deposit paid: ${reason}` },
            now,
            afterChange,
          ),
        ]
      : []),
  ]);
  if (!applied.ok) return refused({ form: applied.message }, 409);
  return seeOther(diaryAtMove(quote, 'booked'));
}

/**
 * GET /api/full-days?from=&to=: the days with no room left (dates only) and the days the firm is closed (with the
 * holiday's name), for the quote wizard's calendar. Without a span, every day a move can be booked for (the
 * calendar's), so the wizard asks one address a cache can share.
 */
async function fullDays(c: OfficeContext): Promise<Response> {
  const today = londonToday(requestNow(c));
  const from = c.req.query('from') ?? earliestMoveDate(today);
  const to = c.req.query('to') ?? latestMoveDate(today);
  const fields: Record<string, string> = {};
  if (!isCalendarDate(from)) fields.from = 'Please give the first day as YYYY-MM-DD.';
  if (!isCalendarDate(to)) fields.to = 'Please give the last day as YYYY-MM-DD.';
  const days = Object.keys(fields).length ? null : await spanDays(c.env.DB, from, to, FULL_DAYS_MAX_SPAN);
  if (!days) {
    if (!Object.keys(fields).length) fields.to = `Please ask for at most ${FULL_DAYS_MAX_SPAN} days, from the first day on.`;
    return jsonError(c, 400, 'validation_failed', 'Please check the highlighted fields.', fields);
  }
  // Briefly cached: a day that fills is refused by the server anyway; the calendar only spares a wasted choice.
  const settings = await firmSettings(c.env);
  const online = settings.instantBooking ? { maxSize: settings.instantMaxSize, maxMiles: settings.instantMaxMiles } : undefined;
  return c.json({ dates: days.full, closed: days.closed, ...(online ? { online } : {}) } satisfies FullDaysAnswer, 200, {
    'Cache-Control': 'public, max-age=60',
  });
}

export function diaryRoutes(routes: OfficeRoutes): void {
  routes.page(OFFICE_PATHS.diary, staffOnly);
  routes.post(
    OFFICE_PATHS.diary,
    staffOnly,
    ...formRoute({ maxBytes: MAX_DIARY_BODY, limit: officeLimit, schema: crewVanSchema, page: crewVanPage }, changeCrewsAndVans),
  );
  routes.post(
    DIARY_BOOK_PATH,
    staffOnly,
    ...formRoute({ maxBytes: MAX_DIARY_BODY, limit: officeLimit, schema: bookingSchema, page: bookingRefused }, holdOrBook),
  );
  routes.all(DIARY_BOOK_PATH, (c) => refusalJson(c, REFUSALS.postOnly));
  routes.get(FULL_DAYS_PATH, fullDays);
  routes.all(FULL_DAYS_PATH, (c) => refusalJson(c, REFUSALS.getOnly));
}
