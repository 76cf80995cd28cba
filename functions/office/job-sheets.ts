/**
 * The office's job-sheets routes (issue 33 item 5), registered by functions/office/routes.ts: the office's post that
 * makes a crew's link (answered with the page showing it once, never with the token in a Location), the crew's photos
 * for staff, and the crew's own sheet at /job-sheet?t=…, which needs no session: its token is the key, and anything but
 * a live one gets the site's ordinary 404.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { JOB_SHEET_TOKEN_FIELD, leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import {
  CREW_REPORT_KINDS,
  ESTIMATE_KINDS,
  JOB_SHEET_MESSAGES,
  jobSheetEmailSchema,
  jobSheetLinkSchema,
  dailyCapMet,
  etaAfter,
  etaChoice,
  isClockTime,
  isTapKey,
  jobDoneRefusal,
  JOB_REPORT_LABELS,
  movingDayRefusal,
  deliveryRefusal,
  type CrewReportKind,
  type JobSheetEmailForm,
  type LocatedNotice,
} from '~/lib/office/job-sheet';
import { crewLocation } from '~/lib/office/arrival-estimate';
import { isReference } from '~/lib/reference';
import {
  CONDITION_ACTIONS,
  CONDITION_LABELS,
  CONDITION_MESSAGES,
  conditionEndOf,
  conditionProblems,
  type ConditionEnd,
} from '~/lib/office/condition';
import { recordCondition } from '../lib/office/condition';
import {
  CHANGE_ACTIONS,
  CHANGE_MESSAGES,
  changeItemsFor,
  changeLinesFrom,
  isChangeAction,
  signatureProblems,
  type ChangeAction,
} from '~/lib/office/change-order';
import { acceptChange, proposeChange, refuseChange } from '../lib/office/change-orders';
import type { AppBindings, RequestContext } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { drained } from '../lib/body';
import { requestNow } from '../lib/clock';
import { config } from '../lib/config';
import { formRoute } from '../lib/pipeline';
import { refusalJson, seeOther, type Refusal } from '../lib/http';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import { type OfficeBindings, staffOnly, officeLimit, OfficeRoutes } from '../lib/office/gate';
import {
  bookedInDiary,
  makeJobSheetLink,
  openJobSheet,
  PHOTO_KEY_PATTERN,
  reportJobDone,
  reportDayTap,
  reportProblem,
  MAX_PHOTO_FORM_BODY,
  checkPhotos,
  checkSignature,
  noteProblem,
  formText,
  formPhotos,
  jobSheetUrl,
  reportsToday,
  reportLimits,
  crewActor,
  refusedOffDay,
  minutesToPickup,
} from '../lib/office/job-sheets';
import { ACCOUNT_PAGE, PRIVATE_PAGE } from '~/lib/page-headers';
import { pageAsSent } from '../lib/page-policy';
import { JOB_SHEET_PERMISSIONS } from '../lib/security-headers';
import { notFoundPage } from '../lib/prebuilt-page';
import { findQuote } from '../lib/quote/store';
import type { JobSheetPageRequest } from '../pages/job-sheet-view';
import type { JobSheetLinkView, JobSheetState } from '~/lib/views/job-sheet';
import { accountEmail } from '../lib/account/tokens';
import { emailJobSheetLink } from '../lib/office/crew-emails';
import type { JobSheetEmailAnswer } from '~/lib/views/job-sheet';

type SheetContext = Context<AppBindings>;

const MAX_LINK_BODY = 2 * 1024;

/** A move that is not one: the 404 every unknown office address gets; any other refusal, the error shape. */
const linkRefused = (c: Context<OfficeBindings>, refusal: Refusal) =>
  refusal.error.fields ? notFoundPage(c.env, c.req.url, ACCOUNT_PAGE) : refusalJson(c, refusal);

async function makeLink(c: Context<OfficeBindings>, { ref: reference }: { ref: string }): Promise<Response> {
  const made = await makeJobSheetLink(c.env.DB, reference, c.var.staff.email, requestNow(c));
  const url = made && jobSheetUrl(config(c.env).siteUrl, made.token);
  const view: JobSheetLinkView = { jobSheetLink: { reference, made: made && url ? { url, lastDay: made.lastDay } : null } };
  const page = await astroPageAt(c, OFFICE_PATHS.jobSheetLink, view, { status: made ? 200 : 409, headers: ACCOUNT_PAGE });
  return pageAsSent(c.env, c.req.url, page);
}

/** The job sheet section again, with the address as typed and its message by the field. */
async function emailAnswer(c: Context<OfficeBindings>, reference: string, typed: string, error: string, status: number) {
  const view: JobSheetEmailAnswer = { jobSheetLink: { reference, made: null }, jobSheetEmail: { value: typed, error } };
  const page = await astroPageAt(c, OFFICE_PATHS.jobSheetLink, view, { status, headers: ACCOUNT_PAGE });
  return pageAsSent(c.env, c.req.url, page);
}

/** A refused address: the section again (400) with its message; no move, the 404; any other refusal, the error shape. */
function emailRefused(c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams): Response | Promise<Response> {
  const reference = typed.get('ref') ?? '';
  if (!refusal.error.fields) return refusalJson(c, refusal);
  if (!isReference(reference)) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  return emailAnswer(c, reference, typed.get('email') ?? '', refusal.error.fields.email ?? '', refusal.status);
}

/** "E-mail the link to the crew lead": a move not booked is the job sheet section again (409), with its message by the field. */
async function emailLink(c: Context<OfficeBindings>, form: JobSheetEmailForm, typed: URLSearchParams): Promise<Response> {
  const sent = await emailJobSheetLink(c.env, form.ref, accountEmail(form.email), c.var.staff, requestNow(c));
  if (sent) return seeOther(`${leadPath(form.ref)}&done=job_sheet_emailed`);
  return emailAnswer(c, form.ref, typed.get('email') ?? '', JOB_SHEET_MESSAGES.notBooked, 409);
}

async function jobPhoto(c: Context<OfficeBindings>): Promise<Response> {
  const key = c.req.query('key') ?? '';
  const photo = PHOTO_KEY_PATTERN.test(key) ? await c.env.PHOTOS.get(key) : null;
  if (!photo) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  return new Response(photo.body, {
    headers: {
      'Content-Type': photo.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Length': String(photo.size),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

const sheetPage = async <E extends AppBindings>(
  c: Context<E>,
  reference: string,
  state: JobSheetState,
  status = 200,
  headers: Record<string, string> = {},
): Promise<Response> =>
  pageAsSent(
    c.env,
    c.req.url,
    await astroPageAt(c, OFFICE_PATHS.jobSheet, { reference, state } satisfies JobSheetPageRequest, {
      status,
      headers: { ...PRIVATE_PAGE, ...JOB_SHEET_PERMISSIONS, ...headers },
    }),
  );

const sheetToken = (c: RequestContext) => c.req.query(JOB_SHEET_TOKEN_FIELD) ?? null;

async function showJobSheet(c: SheetContext): Promise<Response> {
  const reference = await openJobSheet(c.env.DB, sheetToken(c), requestNow(c));
  if (!reference) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  return sheetPage(c, reference, { done: c.req.query('done') ?? null });
}

/** The crew's sheet a post came to (its token opened it, in `crewSheetOnly`, before its body is read). */
type CrewSheet = { reference: string; token: string };
type CrewSheetBindings = AppBindings & { Variables: { sheet: CrewSheet } };
type CrewSheetContext = Context<CrewSheetBindings>;

/** A post to a sheet whose link is not live is the site's ordinary 404, as the sheet is: nothing of it is read. */
const crewSheetOnly: MiddlewareHandler<CrewSheetBindings> = async (c, next) => {
  const token = sheetToken(c);
  const reference = await openJobSheet(c.env.DB, token, requestNow(c));
  if (!reference || !token) return drained(c, () => notFoundPage(c.env, c.req.url, PRIVATE_PAGE));
  c.set('sheet', { reference, token });
  await next();
};

type Fields = FormData | URLSearchParams;

/** A moving-day or report form: its kind, the field its message goes by, and what was typed, given back when refused. */
function reportForm(form: Fields) {
  const action = formText(form, 'action');
  // The message goes by the field the crew lead was filling in, so it is read where they look.
  const kind: CrewReportKind = (CREW_REPORT_KINDS as readonly string[]).includes(action) ? (action as CrewReportKind) : 'problem';
  const field = ESTIMATE_KINDS.has(kind) ? 'eta' : kind === 'done' || kind === 'problem' ? 'note' : 'day';
  return { action, kind, field, values: { eta: formText(form, 'eta'), note: formText(form, 'note') } };
}

const conditionValues = (form: Fields) => ({
  note: formText(form, 'note'),
  name: formText(form, 'name').replace(/\s+/g, ' '),
  agreed: formText(form, 'agree') === 'yes',
});

function changeForm(form: Fields, action: ChangeAction) {
  const quantities = Object.fromEntries(
    [...form.entries()]
      .filter(([field]) => field.startsWith('qty-'))
      .map(([field, value]) => [field, typeof value === 'string' ? value : '']),
  );
  const values = {
    name: formText(form, 'name').replace(/\s+/g, ' '),
    agreed: formText(form, 'agree') === 'yes',
    change: formText(form, 'change'),
  };
  return { field: action === CHANGE_ACTIONS.propose ? 'items' : 'change', values: { ...values, quantities } };
}

/**
 * The pipeline's refusals of a sheet's post: too fast (429), the form again with the message by the field the crew lead
 * was filling in and what they typed; too large (413), the problem form's photos; a crafted post's (403, 415, 400), the
 * error shape.
 */
async function sheetRefusal(c: CrewSheetContext, refusal: Refusal, typed: URLSearchParams): Promise<Response> {
  const { reference } = c.var.sheet;
  if (refusal.status === 413) return sheetPage(c, reference, { form: 'problem', errors: { photos: JOB_SHEET_MESSAGES.photoSize } }, 413);
  if (refusal.status !== 429) return refusalJson(c, refusal);
  const message = JOB_SHEET_MESSAGES.tooFast;
  const action = formText(typed, 'action');
  const end = conditionEndOf(action);
  if (end) return sheetPage(c, reference, { form: CONDITION_ACTIONS[end], errors: { note: message }, values: conditionValues(typed) }, 429);
  if (isChangeAction(action)) {
    const { field, values } = changeForm(typed, action);
    return sheetPage(c, reference, { form: action, errors: { [field]: message }, values }, 429);
  }
  const { kind, field, values } = reportForm(typed);
  return sheetPage(c, reference, { form: kind, errors: { [field]: message }, values }, 429);
}

async function answerJobSheet(c: CrewSheetContext, form: FormData): Promise<Response> {
  const { reference, token } = c.var.sheet;
  const now = requestNow(c);
  const { action, kind, field, values } = reportForm(form);
  const { note } = values;
  const end = conditionEndOf(action);
  if (end) return answerCondition(c, token, reference, end, form, now);
  if (isChangeAction(action)) return answerChange(c, token, reference, action, form, now);
  const refuse = (kind: CrewReportKind, errors: JobSheetState['errors'], status = 400) =>
    sheetPage(c, reference, { form: kind, errors, values }, status);
  const tap = formText(form, 'tap');
  if (tap && !isTapKey(tap)) return refuse(kind, { [field]: JOB_SHEET_MESSAGES.tap });
  const [quote, booking, today] = await Promise.all([
    findQuote(c.env.DB, { reference }),
    bookedInDiary(c.env.DB, reference),
    reportsToday(c.env.DB, reference, now),
  ]);
  if (!quote || !booking) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  // The moving-day taps on the move's day only, "Job done" from it on (a problem any day the link works): the firm's
  // crews and the partners' use this one sheet, so this is the one place the rule is kept.
  if (kind !== 'problem') {
    const rule = kind === 'done' ? jobDoneRefusal : kind === 'at_delivery' ? deliveryRefusal : movingDayRefusal;
    const offDay = await refusedOffDay(c.env.DB, reference, booking, `“${JOB_REPORT_LABELS[kind]}”`, now, rule);
    if (offDay) return refuse(kind, { day: offDay });
  }
  const capMet = dailyCapMet(today, kind === 'problem' ? formPhotos(form).length : 0);
  if (capMet) return refuse(kind, { [capMet === 'photosToday' ? 'photos' : field]: JOB_SHEET_MESSAGES[capMet] }, 429);
  const done = (kind: CrewReportKind | LocatedNotice) =>
    seeOther(`${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token, done: kind })}`);
  switch (action) {
    case 'on_our_way':
    case 'late': {
      // An estimate chosen from the list wins; a time typed is the fallback the sheet has always taken.
      const chosen = formText(form, 'minutes');
      const minutes = chosen ? etaChoice(chosen) : null;
      let eta = minutes !== null ? etaAfter(now, minutes) : chosen ? '' : formText(form, 'eta');
      // "On our way" with the phone's location (issue 44 item 2): worked out to the pickup if the postcode service
      // places it, else the chosen time. A location missing, malformed or outside the UK is ignored.
      const crew = action === 'on_our_way' ? crewLocation(formText(form, 'latitude'), formText(form, 'longitude')) : null;
      const worked = crew ? await minutesToPickup(c.env, quote.fromPostcode, crew) : null;
      if (worked !== null) eta = etaAfter(now, worked);
      if (!isClockTime(eta)) return refuse(action, { eta: crew ? JOB_SHEET_MESSAGES.unplaced : JOB_SHEET_MESSAGES.eta });
      await reportDayTap(c.env, quote, booking, { kind: action, eta, key: tap || null, located: worked !== null }, now);
      return done(worked !== null ? 'on_our_way_located' : crew ? 'on_our_way_unplaced' : action);
    }
    case 'arrived':
    case 'leaving':
    case 'at_delivery':
      await reportDayTap(c.env, quote, booking, { kind: action, eta: null, key: tap || null }, now);
      return done(action);
    case 'done': {
      const problem = noteProblem(note, false);
      if (problem) return refuse('done', { note: problem });
      await reportJobDone(c.env, quote, booking, note || null, now);
      return done('done');
    }
    case 'problem': {
      const problem = noteProblem(note, true);
      const photos = await checkPhotos(form);
      if (problem || !photos.ok)
        return refuse('problem', { ...(problem ? { note: problem } : {}), ...(photos.ok ? {} : { photos: photos.message }) });
      await reportProblem(c.env, reference, booking, note, photos.photos, now);
      return done('problem');
    }
    default:
      return sheetPage(c, reference, {}, 400);
  }
}

/**
 * "Condition at pickup" and "Condition at delivery" (issue 44 item 5): the record with the customer's typed name and
 * tick (and the signature drawn on the pad, when the phone ran its script), refused field by field as the sheet's other forms are; a second record for an end is refused (409) and changes
 * nothing, so what the customer signed stays as they signed it.
 */
async function answerCondition(c: CrewSheetContext, token: string, reference: string, end: ConditionEnd, form: FormData, now: Date) {
  const values = conditionValues(form);
  const { note, name, agreed } = values;
  const action = CONDITION_ACTIONS[end];
  const refuse = (errors: JobSheetState['errors'], status = 400) => sheetPage(c, reference, { form: action, errors, values }, status);
  const [quote, booking, today] = await Promise.all([
    findQuote(c.env.DB, { reference }),
    bookedInDiary(c.env.DB, reference),
    reportsToday(c.env.DB, reference, now),
  ]);
  if (!quote || !booking) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  // Signed at the door on the move's day, as the taps are sent (movingDayRefusal); the delivery's the day after too.
  const rule = end === 'delivery' ? deliveryRefusal : movingDayRefusal;
  const offDay = await refusedOffDay(c.env.DB, reference, booking, `“${CONDITION_LABELS[end]}”`, now, rule);
  if (offDay) return refuse({ day: offDay });
  const capMet = dailyCapMet(today, formPhotos(form).length);
  if (capMet) return refuse({ [capMet === 'photosToday' ? 'photos' : 'note']: JOB_SHEET_MESSAGES[capMet] }, 429);
  const problems = conditionProblems({ note, name, agreed });
  const photos = await checkPhotos(form);
  const drawn = await checkSignature(form);
  if (!drawn.ok) problems.signature = CONDITION_MESSAGES.signature;
  if (Object.keys(problems).length > 0 || !photos.ok || !drawn.ok)
    return refuse({ ...problems, ...(photos.ok ? {} : { photos: photos.message }) });
  const post = { note, signedName: name, photos: photos.photos, signature: drawn.signature };
  const stored = await recordCondition(c.env, quote, booking, end, post, now);
  if (!stored) return refuse({ note: CONDITION_MESSAGES.recorded }, 409);
  return seeOther(`${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token, done: action })}`);
}

/** The form's own fields beside the items' quantities: anything else (a typed price) refuses the proposal. */
const CHANGE_FORM_FIELDS: ReadonlySet<string> = new Set(['action', 'tap']);

/**
 * "Something not agreed?" (issue 44 item 6): the crew propose extras from the price table, then the customer, on the
 * same phone, accepts with their typed name and a tick (and the signature drawn on the pad, when the phone ran its
 * script) or refuses. Refused field by field as the sheet's other forms
 * are; a change already answered is refused (409) and changes nothing.
 */
async function answerChange(c: CrewSheetContext, token: string, reference: string, action: ChangeAction, form: FormData, now: Date) {
  const { values } = changeForm(form, action);
  const { name, agreed, change } = values;
  const refuse = (errors: JobSheetState['errors'], status = 400) => sheetPage(c, reference, { form: action, errors, values }, status);
  const [quote, booking] = await Promise.all([findQuote(c.env.DB, { reference }), bookedInDiary(c.env.DB, reference)]);
  if (!quote || !booking) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  // Extras are agreed at the door on the move's day, with the crew there (movingDayRefusal); on another day the office
  // changes the written quote instead.
  const offDay = await refusedOffDay(c.env.DB, reference, booking, 'A change order', now);
  if (offDay) return refuse({ day: offDay });
  const actor = crewActor(booking);
  const done = () => seeOther(`${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token, done: action })}`);
  if (action === CHANGE_ACTIONS.propose) {
    const tap = formText(form, 'tap');
    if (tap && !isTapKey(tap)) return refuse({ items: JOB_SHEET_MESSAGES.tap });
    const fields = [...form.entries()].map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : '']);
    // The move's own size prices its stairs and long carry, as its quote's access lines were priced.
    const lines = changeLinesFrom(fields, CHANGE_FORM_FIELDS, changeItemsFor(quote.propertyId));
    if (!lines.ok) return refuse({ items: lines.message });
    const proposed = await proposeChange(c.env.DB, reference, lines.lines, actor, tap || null, now);
    if (!proposed.ok) return refuse({ items: CHANGE_MESSAGES.noWrittenQuote }, 409);
    return done();
  }
  const id = /^\d{1,12}$/.test(change) ? Number(change) : 0;
  // The crew's phone: the customer holds it, the audit line names the crew whose sheet it is.
  const by = { decidedBy: 'crew-phone', actor } as const;
  if (action === CHANGE_ACTIONS.accept) {
    const problems = signatureProblems({ name, agreed });
    // The pad's drawing, checked as the condition record's is; refused by its own message, nothing stored.
    const drawn = await checkSignature(form);
    if (!drawn.ok) problems.signature = CHANGE_MESSAGES.signature;
    if (Object.keys(problems).length > 0 || !drawn.ok) return refuse(problems);
    const outcome = await acceptChange(c.env, quote, id, { name, drawn: drawn.signature }, by, now);
    if (!outcome.ok) return answered(outcome.reason);
    return done();
  }
  const outcome = await refuseChange(c.env.DB, reference, id, by, now);
  return outcome.ok ? done() : answered(outcome.reason);

  function answered(reason: 'decided' | 'changed' | 'missing') {
    if (reason === 'missing') return sheetPage(c, reference, {}, 404);
    return refuse({ change: reason === 'decided' ? CHANGE_MESSAGES.decided : CHANGE_MESSAGES.changed }, 409);
  }
}

export function jobSheetsRoutes(routes: OfficeRoutes): void {
  routes
    .post(
      OFFICE_PATHS.jobSheetLink,
      staffOnly,
      ...formRoute({ maxBytes: MAX_LINK_BODY, limit: officeLimit, schema: jobSheetLinkSchema, page: linkRefused }, makeLink),
    )
    .renders(OFFICE_PATHS.jobSheetLink);
  routes.post(
    OFFICE_PATHS.jobSheetEmail,
    staffOnly,
    ...formRoute({ maxBytes: MAX_LINK_BODY, limit: officeLimit, schema: jobSheetEmailSchema, page: emailRefused }, emailLink),
  );
  routes.get(OFFICE_PATHS.jobPhoto, staffOnly, jobPhoto);
  routes.get(OFFICE_PATHS.jobSheet, showJobSheet).renders(OFFICE_PATHS.jobSheet);
  // The crew's reports, condition records and change orders: plain or multipart (photos, a drawn signature), from the
  // sheet's no-referrer page, per phone and per sheet.
  const sheetPost = {
    maxBytes: MAX_PHOTO_FORM_BODY,
    multipart: true,
    urlencoded: true,
    origin: fromOwnNoReferrerPage,
    limit: reportLimits<CrewSheetBindings>((c) => `sheet:${c.var.sheet.reference}`),
    page: sheetRefusal,
  } as const;
  routes.post(OFFICE_PATHS.jobSheet, crewSheetOnly, ...formRoute(sheetPost, answerJobSheet));
}
